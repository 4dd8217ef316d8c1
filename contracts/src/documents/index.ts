export * from './amounts';
export * from './invoice-document';
export * from './keyed';
export * from './settlement-document';
