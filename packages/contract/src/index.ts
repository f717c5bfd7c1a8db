export * from './errors';
export * from './auth';
