export * from './amounts';
export * from './invoice-document';
export * from './keyed';
export * from './lines';
export * from './settlement-document';
export * from './series';
export * from './print';
