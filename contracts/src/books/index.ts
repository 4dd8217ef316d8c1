export * from './accounts';
export * from './ledgers';
export * from './postings';
export * from './reports';
export * from './vouchers';
export * from './bank-statement';
export * from './bank-reconciliation';
export * from './bank-matching';
