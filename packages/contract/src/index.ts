export * from './errors';
export * from './auth';
export * from './wix-sync';
export * from './assessments';
export * from './admin';
export * from './patient';
export * from './results';
export * from './text';
