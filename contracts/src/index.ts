export * from './auth';
export * from './constants';
export * from './domain-errors';
export * from './entity';
export * from './errors';
export * from './events';
export * from './fields';
export * from './modules';
export * from './money';
export * from './paths';
export * from './summary';
export * from './validators';
export * from './purchase/vendors';

import { vendorsEntity } from './purchase/vendors';

/** Every master-data entity; the services, the OpenAPI document and the UI iterate this list. */
export const MASTER_DATA_ENTITIES = [vendorsEntity] as const;
