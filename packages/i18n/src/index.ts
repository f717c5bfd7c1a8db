export * from './languages';
export * from './locale-format';
