export * from './errors';
export * from './auth';
export * from './assessments';
export * from './admin';
export * from './patient';
