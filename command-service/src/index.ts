export * from './app';
export * from './shared/command-route';
export * from './shared/decider';
export * from './shared/handle-command';
export * from './shared/idempotency';
export * from './master-data';
export * from './master-data/master-data.decider';
export * from './master-data/reservation.decider';
export type { GstReturnsNow } from './gst/returns-now';
