import 'server-only';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { mongo } from 'mongoose';
import { connectDb } from '@/lib/db';
import { isDuplicateKey } from '@/lib/errors';
import { CatalogChange, SearchSnapshot } from '@/models';
import type { IndexedPart } from './types';

/**
 * A snapshot of the search index in the database, so that an instance starts in a second instead of
 * reading every part: on FerretDB reading 100,000 parts takes 15 to 40 s (it loads whole documents),
 * while their indexed fields as a few dozen gzipped JSON chunks (7 MB for 100,000 parts) take a
 * fraction of a second, unzipped off the main thread. An instance loads the newest
 * snapshot and replays the change log after its position. The log keeps an hour, so a snapshot is
 * used only while the log still holds the change right after it (or nothing changed since), and
 * instances write a fresh one every quarter of an hour while the catalog changes.
 *
 * Several instances may write at once: each writes its own generation, then points `current` at it
 * (the last one wins; any of them is correct, since the log replays what came after). A reader that
 * finds a generation incomplete (replaced meanwhile) reads the parts instead.
 */
const CHUNK_PARTS = 2000;
export const SNAPSHOT_REFRESH_MS = 15 * 60 * 1000;
/** A replaced generation stays this long for instances still reading it. */
const KEEP_REPLACED_MS = 5 * 60 * 1000;
const READ_MS = 60_000;
const POINTER = 'current';
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
];

export function encodeParts(parts: readonly IndexedPart[]): string {
  const rows: Row[] = parts.map((p) => [
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
  ]);
  return JSON.stringify(rows);
}

export function decodeParts(text: string): IndexedPart[] {
  return (JSON.parse(text) as Row[]).map(
    ([_id, name, brand, category, partNumber, oemNumbers, price, availableQuantity, createdAt, updatedAt, fitment]) => ({
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
    }),
  );
}

export type Snapshot = { parts: IndexedPart[]; seq: number; at: Date };

/** When the current snapshot was taken and its log position (null: none). */
export async function currentSnapshot(): Promise<{ at: Date; seq: number } | null> {
  await connectDb();
  const pointer = await SearchSnapshot.findById(POINTER, { at: 1, seq: 1 }).lean();
  return pointer ? { at: pointer.at, seq: pointer.seq ?? 0 } : null;
}

/** The newest snapshot, if the change log still holds everything after it (`latest`: the log's head). */
export async function loadSnapshot(latest: number): Promise<Snapshot | null> {
  await connectDb();
  const pointer = await SearchSnapshot.findById(POINTER).lean();
  if (!pointer?.chunks || pointer.seq === undefined || pointer.seq === null) return null;
  if (pointer.seq > latest) return null;
  // The log is pruned from its oldest end: if the change after the snapshot is there, so are the rest.
  if (pointer.seq < latest && !(await CatalogChange.exists({ _id: pointer.seq + 1 }))) return null;
  // Chunk by chunk (FerretDB scans the collection for an $in), all at once: each is unzipped in the
  // thread pool and parsed as soon as it arrives. (`rows`: a chunk written before they were zipped.)
  const parts = await Promise.all(
    Array.from({ length: pointer.chunks }, async (_, n) => {
      const chunk = await SearchSnapshot.findById(`${pointer.gen}:${n}`, { data: 1, rows: 1 }).maxTimeMS(READ_MS).lean();
      if (!chunk) return null;
      return decodeParts(chunk.data ? (await unzip(bytesOf(chunk.data))).toString('utf8') : (chunk.rows ?? '[]'));
    }),
  );
  // A chunk gone: its generation was replaced and removed meanwhile.
  if (!parts.every((chunk): chunk is IndexedPart[] => chunk !== null)) return null;
  return { parts: parts.flat(), seq: pointer.seq, at: pointer.at };
}

/** Stores these parts as the snapshot at log position `seq`, taken at `at`. */
export async function saveSnapshot(parts: readonly IndexedPart[], seq: number, at = new Date()): Promise<void> {
  await connectDb();
  const gen = randomUUID();
  let n = 0;
  for (let start = 0; start < parts.length || n === 0; start += CHUNK_PARTS, n++)
    await SearchSnapshot.create({ _id: `${gen}:${n}`, gen, data: await zip(encodeParts(parts.slice(start, start + CHUNK_PARTS))), at });
  const pointer = { $set: { gen, seq, chunks: n, at } };
  await SearchSnapshot.updateOne({ _id: POINTER }, pointer, { upsert: true }).catch(async (error: unknown) => {
    // Another instance created the pointer at the same moment: point it at this generation instead.
    if (!isDuplicateKey(error)) throw error;
    await SearchSnapshot.updateOne({ _id: POINTER }, pointer);
  });
  // Generations replaced a while ago (a reader of one that vanishes mid-read reads the parts instead).
  await SearchSnapshot.deleteMany({ _id: { $ne: POINTER }, gen: { $ne: gen }, at: { $lt: new Date(Date.now() - KEEP_REPLACED_MS) } });
}
