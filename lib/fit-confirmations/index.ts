export * from './confirm';
export * from './counts';
export * from './emails';
export * from './job';
export * from './keys';
export * from './tokens';
export * from './types';
