import 'server-only';
import type { ImportFormat, ImportHandler } from './handler';

/** Each format's importer; a format without one yet ends its imports `failed` with NO_HANDLER. */
export const IMPORT_HANDLERS: Partial<Record<ImportFormat, ImportHandler>> = {};
