export * from './cookie';
export * from './garage';
export * from './types';
export * from './vehicle-list';
export * from './vin';
export * from './vcdb';
export * from './vcdb-generations';
export * from './admin';
