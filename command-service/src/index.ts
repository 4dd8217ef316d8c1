export * from './app';
export * from './shared/decider';
export * from './shared/handle-command';
export * from './shared/idempotency';
export * from './shared/master-data.decider';
export * from './purchase/vendors/vendor.decider';
