import 'server-only';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { ImportFileError } from './errors';
import { positiveInteger } from './fields';
import type { RejectedRecord } from './records';
import { TextDecodingStream, textChunks, type ReaderInput } from './text-input';

/** The VCdb tables read, each column the file names (matched without regard to case) with its key in a row. */
export const VCDB_TABLES = {
  Make: { MakeID: 'makeId', MakeName: 'makeName' },
  Model: { ModelID: 'modelId', ModelName: 'modelName' },
  BaseVehicle: { BaseVehicleID: 'baseVehicleId', YearID: 'yearId', MakeID: 'makeId', ModelID: 'modelId' },
  SubModel: { SubModelID: 'subModelId', SubModelName: 'subModelName' },
  EngineBase: { EngineBaseID: 'engineBaseId', Liter: 'liter', Cylinders: 'cylinders', BlockType: 'blockType' },
  Vehicle: { VehicleID: 'vehicleId', BaseVehicleID: 'baseVehicleId', SubmodelID: 'subModelId' },
  EngineConfig: { EngineConfigID: 'engineConfigId', EngineBaseID: 'engineBaseId' },
  VehicleToEngineConfig: { VehicleID: 'vehicleId', EngineConfigID: 'engineConfigId' },
} as const;

export type VcdbTable = keyof typeof VCDB_TABLES;
type Columns<T extends VcdbTable> = (typeof VCDB_TABLES)[T];
/** A row by its keys: the `…ID` columns as numbers, the others as the text sent (Liter "1.8", BlockType "L"). */
export type VcdbRow<T extends VcdbTable> = {
  [C in keyof Columns<T> as Columns<T>[C] & string]: C extends `${string}ID` ? number : string;
};

/** A row of table T, or a line of it that cannot be read. */
export type VcdbTableEvent<T extends VcdbTable> = T extends VcdbTable
  ? { kind: 'row'; table: T; line: number; row: VcdbRow<T> } | (RejectedRecord & { table: T })
  : never;

export type VcdbEvent =
  | VcdbTableEvent<VcdbTable>
  /** A table begins: `file` is its name in the extract or the zip. */
  | { kind: 'table'; table: VcdbTable; file?: string };

const TABLE_NAMES = Object.keys(VCDB_TABLES) as VcdbTable[];

/** The table a file holds, by its name: `Make.txt`, `vcdb/BaseVehicle.TXT`, `20250227_Vehicle.txt`; null for the others. */
export function vcdbTableOf(fileName: string): VcdbTable | null {
  const stem = path.posix
    .basename(fileName.replaceAll('\\', '/'))
    .replace(/\.[^.]*$/, '')
    .replace(/^\d+_/, '')
    .toLowerCase();
  return TABLE_NAMES.find((table) => table.toLowerCase() === stem) ?? null;
}

/** The delimiter the first line uses: `|` or a tab, whichever it holds more of. */
function delimiterOf(header: string): string | null {
  const pipes = header.split('|').length - 1;
  const tabs = header.split('\t').length - 1;
  if (!pipes && !tabs) return null;
  return pipes >= tabs ? '|' : '\t';
}

/** Splits pushed text into lines and reads each as a row of one table (CRLF or LF, a line split between chunks kept whole). */
class VcdbTableParser<T extends VcdbTable> {
  private rest = '';
  private line = 0;
  private delimiter = '';
  /** Each wanted column's position in a line, with its key. */
  private fields: Array<{ at: number; column: string; key: string }> = [];
  private width = 0;

  constructor(
    private readonly table: T,
    private readonly file?: string,
  ) {}

  push(text: string): Array<VcdbTableEvent<T>> {
    const lines = (this.rest + text).split('\n');
    this.rest = lines.pop()!;
    return lines.flatMap((line) => this.readLine(line));
  }

  end(): Array<VcdbTableEvent<T>> {
    const events = this.rest ? this.readLine(this.rest) : [];
    this.rest = '';
    if (!this.delimiter) throw new ImportFileError(1, `the ${this.table} table is empty`, this.file);
    return events;
  }

  /** A CRLF's CR goes with the trimming of the last field. */
  private readLine(text: string): Array<VcdbTableEvent<T>> {
    this.line++;
    if (!this.delimiter) {
      this.readHeader(text);
      return [];
    }
    return text.trim() ? [this.readRow(text)] : [];
  }

  private readHeader(text: string) {
    const delimiter = delimiterOf(text);
    if (!delimiter) throw new ImportFileError(this.line, `the first line names no columns separated by | or a tab`, this.file);
    const names = text.split(delimiter).map((name) => name.trim());
    const columns = VCDB_TABLES[this.table] as Record<string, string>;
    this.fields = Object.entries(columns).map(([column, key]) => {
      const at = names.findIndex((name) => name.toLowerCase() === column.toLowerCase());
      if (at < 0) throw new ImportFileError(this.line, `the ${this.table} table has no ${column} column`, this.file);
      return { at, column, key };
    });
    this.delimiter = delimiter;
    this.width = names.length;
  }

  private readRow(text: string): VcdbTableEvent<T> {
    const values = text.split(this.delimiter).map((value) => value.trim());
    const id = values[this.fields[0]!.at] || undefined;
    const rejected = (reason: string) => ({ kind: 'rejected', table: this.table, line: this.line, id, reason }) as VcdbTableEvent<T>;
    if (values.length !== this.width) return rejected(`the line has ${values.length} fields where the first line names ${this.width}`);
    const row: Record<string, string | number> = {};
    for (const { at, column, key } of this.fields) {
      const value = values[at]!;
      if (!column.endsWith('ID')) row[key] = value;
      else {
        const number = positiveInteger(value);
        if (number === null) return rejected(`${column} must be a whole number above 0, not "${value}"`);
        row[key] = number;
      }
    }
    return { kind: 'row', table: this.table, line: this.line, row } as VcdbTableEvent<T>;
  }
}

/** The rows of one VCdb table file (`|` or tab delimited, the first line naming the columns), read as they are pulled. */
export async function* readVcdbTable<T extends VcdbTable>(table: T, input: ReaderInput, file?: string): AsyncGenerator<VcdbTableEvent<T>> {
  const parser = new VcdbTableParser(table, file);
  for await (const text of textChunks(input)) yield* parser.push(text);
  yield* parser.end();
}

/** Several table files, each read in turn; files of other tables are skipped unread (a skipped stream is closed). */
export async function* readVcdbExtract(files: Iterable<{ name: string; input: ReaderInput }>): AsyncGenerator<VcdbEvent> {
  for (const { name, input } of files) {
    const table = vcdbTableOf(name);
    if (!table) {
      (input as { destroy?: () => void }).destroy?.();
      continue;
    }
    yield { kind: 'table', table, file: name };
    yield* readVcdbTable(table, input, name);
  }
}

const ZIP_CHUNK = 64 * 1024;

async function* bytesOf(source: string | Uint8Array): AsyncGenerator<Uint8Array> {
  if (typeof source === 'string') yield* createReadStream(source, { highWaterMark: ZIP_CHUNK });
  else for (let at = 0; at < source.length; at += ZIP_CHUNK) yield source.subarray(at, at + ZIP_CHUNK);
}

/** Unzips pushed bytes with fflate's streaming Unzip, reading each table's text as it inflates. */
class VcdbZipReader {
  private readonly unzip = new Unzip((file) => this.open(file));
  private readonly ready: VcdbEvent[] = [];
  private failure: unknown = null;
  entries = 0;
  tables = 0;

  constructor() {
    this.unzip.register(UnzipInflate);
  }

  push(bytes: Uint8Array, final = false): VcdbEvent[] {
    this.unzip.push(bytes, final);
    if (this.failure) throw this.failure;
    return this.ready.splice(0);
  }

  private open(file: UnzipFile) {
    this.entries++;
    const table = vcdbTableOf(file.name);
    // An entry never started is skipped by fflate without inflating it.
    if (!table || this.failure) return;
    this.tables++;
    const parser = new VcdbTableParser(table, file.name);
    const decoding = new TextDecodingStream();
    this.ready.push({ kind: 'table', table, file: file.name });
    file.ondata = (error, chunk, final) => {
      try {
        if (error) throw new ImportFileError(null, `${file.name} in the zip cannot be inflated (${error.message})`);
        this.ready.push(...parser.push(decoding.push(chunk)));
        if (final) this.ready.push(...parser.push(decoding.end()), ...parser.end());
      } catch (failure) {
        this.failure ??= failure;
      }
    };
    try {
      file.start();
    } catch {
      this.failure = new ImportFileError(null, `${file.name} is compressed with method ${file.compression}: zip it with deflate`);
    }
  }
}

/** The VCdb tables in a zip (a path or its bytes), each entry inflated and read as the zip streams by. */
export async function* readVcdbZip(source: string | Uint8Array): AsyncGenerator<VcdbEvent> {
  const reader = new VcdbZipReader();
  for await (const bytes of bytesOf(source)) yield* reader.push(bytes);
  yield* reader.push(new Uint8Array(0), true);
  if (!reader.entries) throw new ImportFileError(null, 'this is not a zip file, or it holds no files');
  if (!reader.tables) throw new ImportFileError(null, `the zip holds none of the VCdb tables read here (${TABLE_NAMES.join(', ')})`);
}
