export * from './states';
export * from './tax';
export * from './words';
export * from './supply';
export * from './gstr1';
export * from './set-off';
export * from './summary';
