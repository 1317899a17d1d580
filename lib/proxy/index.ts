export * from './private-pages';
