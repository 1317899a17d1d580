export * from './reviews';
export * from './types';
export * from './cached-reads';
