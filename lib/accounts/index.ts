export * from './accounts';
export * from './addresses';
export * from './admins';
export * from './profiles';
export * from './session-hint';
export * from './types';
