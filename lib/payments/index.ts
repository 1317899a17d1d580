export * from './cards';
export * from './gateway';
export * from './payments';
export * from './stripe-gateway';
export * from './test-gateway';
export * from './types';
