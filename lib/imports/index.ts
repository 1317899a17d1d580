export * from './formats/aces';
export * from './formats/errors';
export * from './formats/pies';
export * from './formats/records';
export * from './formats/vcdb';
export type { ReaderInput } from './formats/text-input';
export * from './mappings';
export * from './pies-handler';
export { PART_PLACEHOLDER_IMAGE, SHOP_CURRENCY } from './pies-item';
