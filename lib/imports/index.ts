export * from './formats/aces';
export * from './formats/errors';
export * from './formats/pies';
export * from './formats/records';
export * from './formats/vcdb';
export type { ReaderInput } from './formats/text-input';
export { acesHandler } from './aces-handler';
