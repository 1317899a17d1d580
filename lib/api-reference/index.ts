export * from './document';
export * from './reference';
