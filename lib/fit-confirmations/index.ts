export * from './confirm';
export * from './counts';
export * from './keys';
export * from './tokens';
export * from './types';
