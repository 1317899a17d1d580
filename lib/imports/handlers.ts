import 'server-only';
import type { ImportFormat, ImportHandler } from './handler';
import { acesHandler } from './aces-handler';
import { csvHandler } from './csv-handler';
import { piesHandler } from './pies-handler';
import { vcdbHandler } from './vcdb-handler';

/** Each format's importer; a format without one ends its imports `failed` with NO_HANDLER. */
export const IMPORT_HANDLERS: Partial<Record<ImportFormat, ImportHandler>> = {
  aces: acesHandler,
  csv: csvHandler,
  pies: piesHandler,
  vcdb: vcdbHandler,
};
