export * from './accounts';
export * from './postings';
export * from './reports';
export * from './vouchers';
