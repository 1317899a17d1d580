import { ValidationError } from '@/lib/core/errors';

function describe(line: number | null, reason: string, file?: string): string {
  const where = [file, line === null ? null : `line ${line}`].filter(Boolean).join(', ');
  return where ? `${where.charAt(0).toUpperCase()}${where.slice(1)}: ${reason}` : reason;
}

/** A file no record can be read from (not XML, another format's root, cut short, a table without its columns): the import stops. */
export class ImportFileError extends ValidationError {
  constructor(
    /** The line where reading stopped; null when the fault is the file as a whole (not a zip). */
    readonly line: number | null,
    readonly reason: string,
    /** The table's file, inside an extract or a zip. */
    readonly file?: string,
  ) {
    super(describe(line, reason, file), { file: [describe(line, reason, file)] });
  }
}
