export * from './states';
export * from './tax';
export * from './words';
