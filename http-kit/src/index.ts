export * from './auth-routes';
export * from './auth-store';
export * from './http-error';
export * from './middleware';
export * from './password';
export * from './session';
export * from './parse';
export * from './body';
