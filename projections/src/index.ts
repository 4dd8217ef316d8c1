import { homeSummaryProjection } from './home/home-summary.projection';
import { vendorListProjection } from './purchase/vendors/vendor-list.projection';
import type { Projection } from './runner/projection';

export * from './runner/apply';
export * from './runner/checkpoints';
export * from './runner/projection';
export * from './runner/rebuild';
export * from './runner/runner';
export { masterDataProjection } from './shared/master-data.projection';

/** Every read model of the product (emmett's slice index). */
export const PROJECTIONS: readonly Projection[] = [vendorListProjection, homeSummaryProjection];

export const findProjection = (name: string) => PROJECTIONS.find((p) => p.name === name);
