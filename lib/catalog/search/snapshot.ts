import 'server-only';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { mongo } from 'mongoose';
import { connectDb, STARTUP_READ_MS } from '@/lib/platform/db';
import { isDuplicateKey } from '@/lib/core/errors';
import { isLogged } from '@/lib/catalog/change-log';
import { SearchSnapshot } from '@/models';
import type { IndexedInterchange, IndexedPart, ListedPart } from './types';

/** A search index snapshot in the database so an instance starts without reading every part (slow on FerretDB): a `list` chunk for
 * listings, then whole-part chunks; the change log replays after it. Concurrent writers each write a generation; the last pointer wins. */
export const CHUNK_PARTS = 2000;
/** Parts per `list` chunk: a document holds at most 16 MB, and the list of 1,000,000 parts is some 90 MB of JSON (25 MB gzipped). */
export const LIST_CHUNK_PARTS = 100_000;
/** A list chunk's id: the first keeps the name an older release wrote its one list under. */
const listChunkId = (gen: string, k: number) => (k === 0 ? `${gen}:list` : `${gen}:list:${k}`);
export const SNAPSHOT_REFRESH_MS = 15 * 60 * 1000;

/** Changes after an index's position from which it loads anew rather than read each part they name: reading a part again
 * (two reads by id) costs about eight times its share of a load from the parts, so an eighth of the catalog, at least 5,000. */
export const farBehind = (parts: number): number => Math.max(5000, Math.ceil(parts / 8));
/** A replaced generation stays this long for instances still reading it. */
const KEEP_REPLACED_MS = 5 * 60 * 1000;
/** The pointer to the current generation (`current` pointed at whole-part chunks only: an older release's format, left to it). */
export const SNAPSHOT_POINTER = 'current:2';
const zip = promisify(gzip);
const unzip = promisify(gunzip);
/** lean() reads a Buffer field as BSON Binary. */
const bytesOf = (data: Buffer | mongo.Binary): Uint8Array => (data instanceof mongo.Binary ? data.buffer : data);

type FitmentRow = IndexedPart['fitment'][number];
type Row = [
  string,
  string,
  string,
  string,
  string,
  string[],
  number,
  number,
  number,
  number,
  Array<[string, string, number, number, string | null, string | null]>,
  // The interchange numbers, only when the part has any (older snapshots have none).
  InterchangeRow[]?,
];
type InterchangeRow = [IndexedInterchange['kind'], string | null, string];

export function encodeParts(parts: readonly IndexedPart[]): string {
  const rows: Row[] = parts.map((p) => {
    const row: Row = [
      p._id,
      p.name,
      p.brand,
      p.category,
      p.partNumber,
      p.oemNumbers,
      p.price,
      p.availableQuantity,
      p.createdAt,
      p.updatedAt,
      p.fitment.map((f) => [f.make, f.model, f.yearFrom, f.yearTo, f.engine ?? null, f.notes ?? null]),
    ];
    if (p.interchange?.length) row[11] = p.interchange.map((i): InterchangeRow => [i.kind, i.brand, i.number]);
    return row;
  });
  return JSON.stringify(rows);
}

export function decodeParts(text: string): IndexedPart[] {
  return (JSON.parse(text) as Row[]).map(
    ([_id, name, brand, category, partNumber, oemNumbers, price, availableQuantity, createdAt, updatedAt, fitment, interchange]) => ({
      _id,
      name,
      brand,
      category,
      partNumber,
      oemNumbers,
      price,
      availableQuantity,
      createdAt,
      updatedAt,
      fitment: fitment.map(([make, model, yearFrom, yearTo, engine, notes]): FitmentRow => ({
        make,
        model,
        yearFrom,
        yearTo,
        engine,
        notes,
      })),
      ...(interchange?.length ? { interchange: interchange.map(([kind, brand, number]) => ({ kind, brand, number })) } : {}),
    }),
  );
}

/** The last change comes last: an older release wrote rows without it (its parts' dates then come with complete()). */
type ListedRow = [string, number, number, number, string, string, number?];

export function encodeListed(parts: readonly ListedPart[]): string {
  return JSON.stringify(parts.map((p): ListedRow => [p._id, p.price, p.availableQuantity, p.createdAt, p.brand, p.category, p.updatedAt]));
}

export function decodeListed(text: string): ListedPart[] {
  return (JSON.parse(text) as ListedRow[]).map(([_id, price, availableQuantity, createdAt, brand, category, updatedAt]) => ({
    _id,
    price,
    availableQuantity,
    createdAt,
    updatedAt: updatedAt ?? Number.NaN,
    brand,
    category,
  }));
}

/** A snapshot: what listings need of every part at once, the whole parts chunk by chunk (readParts). */
export type Snapshot = { listed: ListedPart[]; seq: number; at: Date; gen: string; chunks: number };

/** When the current snapshot was taken and its log position (null: none). */
export async function currentSnapshot(): Promise<{ at: Date; seq: number } | null> {
  await connectDb();
  const pointer = await SearchSnapshot.findById(SNAPSHOT_POINTER, { at: 1, seq: 1 }).lean();
  return pointer ? { at: pointer.at, seq: pointer.seq ?? 0 } : null;
}

/** The newest snapshot, if the change log still holds everything after it (`latest`: the log's head). */
export async function loadSnapshot(latest: number): Promise<Snapshot | null> {
  await connectDb();
  const pointer = await SearchSnapshot.findById(SNAPSHOT_POINTER).lean();
  if (!pointer?.chunks || pointer.seq === undefined || pointer.seq === null) return null;
  if (pointer.seq > latest) return null;
  // So far behind that reading each part the log names again costs more than reading them all (an import ran since).
  if (latest - pointer.seq >= farBehind(pointer.chunks * CHUNK_PARTS)) return null;
  // The log is pruned from its oldest end: if the change after the snapshot is there, so are the rest.
  if (pointer.seq < latest && !(await isLogged(pointer.seq + 1))) return null;
  const listed: ListedPart[] = [];
  for (let k = 0; k < (pointer.listChunks ?? 1); k++) {
    const text = await readChunk(listChunkId(pointer.gen, k));
    // Gone: the generation was replaced and removed meanwhile.
    if (text === null) return null;
    listed.push(...decodeListed(text));
  }
  return { listed, seq: pointer.seq, at: pointer.at, gen: pointer.gen, chunks: pointer.chunks };
}

/** A chunk's text (null: not there). By id: FerretDB scans the collection for an $in. */
async function readChunk(id: string): Promise<string | null> {
  const chunk = await SearchSnapshot.findById(id, { data: 1 }).maxTimeMS(STARTUP_READ_MS).lean();
  return chunk?.data ? (await unzip(bytesOf(chunk.data))).toString('utf8') : null;
}

/** Chunks read ahead of the one being used. */
const READ_AHEAD = 4;

/** The snapshot's whole parts, a chunk at a time (the next few read while this one is used). */
export async function* readParts(snapshot: Pick<Snapshot, 'gen' | 'chunks'>): AsyncGenerator<IndexedPart[]> {
  const reads: Array<Promise<string | null>> = [];
  const readAhead = (n: number) => {
    if (n >= snapshot.chunks) return;
    reads[n] = readChunk(`${snapshot.gen}:${n}`);
    // Awaited in turn below, which rethrows its error; until then it must not count as unhandled.
    reads[n].catch(() => undefined);
  };
  for (let n = 0; n < READ_AHEAD; n++) readAhead(n);
  for (let n = 0; n < snapshot.chunks; n++) {
    readAhead(n + READ_AHEAD);
    const text = await reads[n]!;
    if (text === null) throw new Error(`chunk ${n} of the search snapshot ${snapshot.gen} is gone (replaced and removed meanwhile?)`);
    yield decodeParts(text);
  }
}

/** Stores these parts (a batch at a time) as the snapshot at log position `seq`, taken at `at`. */
export async function saveSnapshot(batches: Iterable<readonly IndexedPart[]>, seq: number, at = new Date()): Promise<void> {
  const saved = await saveSnapshotOf(batches, seq, at);
  if (saved.error) throw saved.error;
}

/** What listings need of a part (MemoryIndex.load). */
function listedOf(part: IndexedPart): ListedPart {
  const { _id, price, availableQuantity, createdAt, updatedAt, brand, category } = part;
  return { _id, price, availableQuantity, createdAt, updatedAt, brand, category };
}

/** Stores the snapshot at log position `seq` a chunk at a time; a failed write stops writing, not reading (`error` says why). */
export async function saveSnapshotOf(
  batches: AsyncIterable<readonly IndexedPart[]> | Iterable<readonly IndexedPart[]>,
  seq: number,
  at = new Date(),
  listChunkParts = LIST_CHUNK_PARTS,
): Promise<{ listed: ListedPart[]; snapshot: Pick<Snapshot, 'gen' | 'chunks'> | null; error?: unknown }> {
  await connectDb();
  const gen = randomUUID();
  const write = async (id: string, text: string) => SearchSnapshot.create({ _id: id, gen, data: await zip(text), at });
  const listed: ListedPart[] = [];
  let error: unknown;
  let chunk: IndexedPart[] = [];
  let n = 0;
  const writeChunk = async () => {
    const parts = chunk;
    chunk = [];
    if (error === undefined) await write(`${gen}:${n}`, encodeParts(parts)).catch((failure: unknown) => (error = failure));
    n++;
  };
  for await (const batch of batches) {
    for (const part of batch) {
      listed.push(listedOf(part));
      chunk.push(part);
      if (chunk.length === CHUNK_PARTS) await writeChunk();
    }
  }
  if (chunk.length || n === 0) await writeChunk();
  if (error !== undefined) return { listed, snapshot: null, error };
  try {
    const listChunks = Math.max(1, Math.ceil(listed.length / listChunkParts));
    for (let k = 0; k < listChunks; k++)
      await write(listChunkId(gen, k), encodeListed(listed.slice(k * listChunkParts, (k + 1) * listChunkParts)));
    const pointer = { $set: { gen, seq, chunks: n, listChunks, at } };
    await SearchSnapshot.updateOne({ _id: SNAPSHOT_POINTER }, pointer, { upsert: true }).catch(async (failure: unknown) => {
      // Another instance created the pointer at the same moment: point it at this generation instead.
      if (!isDuplicateKey(failure)) throw failure;
      await SearchSnapshot.updateOne({ _id: SNAPSHOT_POINTER }, pointer);
    });
    // Generations replaced a while ago (a reader of one that vanishes mid-read reads the parts instead).
    await SearchSnapshot.deleteMany({
      _id: { $ne: SNAPSHOT_POINTER },
      gen: { $ne: gen },
      at: { $lt: new Date(Date.now() - KEEP_REPLACED_MS) },
    });
  } catch (failure) {
    return { listed, snapshot: null, error: failure };
  }
  return { listed, snapshot: { gen, chunks: n } };
}
