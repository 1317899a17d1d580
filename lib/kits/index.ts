export * from './admin';
export * from './choice';
export * from './defaults';
export * from './proposals';
export * from './types';
