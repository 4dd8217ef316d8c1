export * from './accounts';
export * from './ledgers';
export * from './postings';
export * from './reports';
export * from './vouchers';
