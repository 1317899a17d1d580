export { csvHandler } from './csv-handler';
export * from './formats/aces';
export * from './formats/errors';
export * from './formats/pies';
export * from './formats/records';
export * from './formats/vcdb';
export type { ReaderInput } from './formats/text-input';
export * from './mappings';
export * from './pies-handler';
export { PART_PLACEHOLDER_IMAGE, SHOP_CURRENCY } from './pies-item';
export * from './vcdb-handler';
export { acesHandler } from './aces-handler';
export * from './types';
export {
  ALREADY_ENDED,
  FILE_REQUIRED,
  IMPORT_NOT_FOUND,
  NOT_VALIDATED,
  applyImport,
  beginApply,
  cancelImport,
  csvCell,
  getImport,
  listImports,
  queueLocalImport,
  readImport,
  rejectedCsv,
  startImport,
} from './jobs/imports';
export { NO_HANDLER, runImportJobs, runImportPhase, type WorkerOptions } from './jobs/worker';
export { runLocalImport, type LocalImport } from './jobs/foreground';
