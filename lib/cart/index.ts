export * from './caller';
export * from './cart';
export * from './destination';
export * from './hint';
export * from './identity';
export * from './recent';
export * from './add-lines';
