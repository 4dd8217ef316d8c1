export * from './app';
export * from './operators/openapi';
export * from './shared/history';
export { gstReturnsNow } from './gst/filed';
