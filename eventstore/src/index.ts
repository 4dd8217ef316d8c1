export * from './db';
export * from './embedded-postgres';
export * from './event-store';
export * from './ids';
export * from './nats-notifier';
export * from './notifier';
export * from './postgres-event-store';
export * from './schema';
