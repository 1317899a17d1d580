export * from './emails';
export * from './job';
export * from './subscriptions';
export * from './tokens';
export * from './types';
export * from './waiting';
