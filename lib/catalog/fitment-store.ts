import 'server-only';
import mongoose, { mongo, Types } from 'mongoose';
import { catalogChanged } from '@/lib/catalog/changes';
import type { FitmentRowLike } from '@/lib/catalog/fitment';
import { ConflictError, isDuplicateKey } from '@/lib/core/errors';
import { bulkWriteInCommands, readByIds, WRITES_PER_COMMAND } from '@/lib/platform/by-id';
import { connectDb, STARTUP_READ_MS } from '@/lib/platform/db';
import { Part, PartFitment } from '@/models';

/** A part's fitment rows as stored (models/part-fitment.ts), read and written by the part's id only. */

/** A fitment row as stored (models/part-fitment.ts), lean. */
export type FitmentRowDoc = FitmentRowLike & {
  baseVehicleId?: number | null;
  subModel?: string | null;
  subModelId?: number | null;
  engineBaseId?: number | null;
  position?: string | null;
  positionId?: number | null;
  quantity?: number | null;
  partTypeId?: number | null;
  qualifiers?: { text: string; qdbId?: number | null }[] | null;
  source?: { importId: string; appId?: string | null; brandAAIAID?: string | null } | null;
};

/** A part's rows and the write they came from (`rev` 0: the part has none stored yet). */
export type StoredFitment = { partId: string; rows: FitmentRowDoc[]; rev: number };

type Lean = { _id: Types.ObjectId; rows?: FitmentRowDoc[]; rev: number };

const none = (partId: string): StoredFitment => ({ partId, rows: [], rev: 0 });
const toId = (id: string | Types.ObjectId) => (typeof id === 'string' ? new Types.ObjectId(id) : id);

/** One part's rows. */
export async function readFitment(partId: string | Types.ObjectId): Promise<StoredFitment> {
  return (await readFitments([partId])).get(String(partId)) ?? none(String(partId));
}

/** Several parts' rows by id, every id answered (none stored: no rows, `rev` 0). */
export async function readFitments(partIds: Iterable<string | Types.ObjectId>): Promise<Map<string, StoredFitment>> {
  const ids = [...new Set([...partIds].map(String))];
  const found = new Map(ids.map((id) => [id, none(id)]));
  if (!ids.length) return found;
  await connectDb();
  for (const doc of await readByIds<Lean>(PartFitment, ids.map(toId)))
    found.set(String(doc._id), { partId: String(doc._id), rows: doc.rows ?? [], rev: doc.rev });
  return found;
}

/** The BrandAAIAIDs the rows were imported under (FULL files find their brand's parts by them). */
const brandsOf = (rows: readonly FitmentRowDoc[]) => {
  const brands = [...new Set(rows.flatMap((row) => (row.source?.brandAAIAID ? [row.source.brandAAIAID] : [])))];
  return brands.length ? brands : undefined;
};

/**
 * Writes each part's rows if they are still as read (`rev` unchanged), so a save made meanwhile is never overwritten;
 * answers how many were written (fewer than asked: plan again from fresh reads). The rows of a part with none stored
 * are inserted, and the `_id` refuses a second insert.
 */
export async function writeFitments(writes: readonly StoredFitment[]): Promise<number> {
  const inserts = writes.filter((write) => write.rev === 0);
  const updates = writes
    .filter((write) => write.rev > 0)
    .map((write) => ({
      updateOne: {
        filter: { _id: toId(write.partId), rev: write.rev },
        update: { $set: { rows: write.rows, brands: brandsOf(write.rows) ?? [], rev: write.rev + 1 } },
      },
    }));
  let written = inserts.length - (await insertFitments(inserts)).length;
  if (updates.length) written += (await bulkWriteInCommands(PartFitment, updates)).matched;
  return written;
}

/** Tries before a rewrite gives up: each failed try means another save got in between its read and its write. */
const REWRITE_ATTEMPTS = 5;

/**
 * Rewrites one part's rows with `change` (null: nothing to write), reading them again each time another save got in
 * between, up to REWRITE_ATTEMPTS tries, then ConflictError(`conflict`). Answers the rows it rewrote, or null.
 */
export async function rewriteFitment(
  stored: StoredFitment,
  change: (rows: FitmentRowDoc[]) => FitmentRowDoc[] | null,
  conflict: string,
): Promise<StoredFitment | null> {
  for (let attempt = 1, current = stored; ; attempt++) {
    const rows = change(current.rows);
    if (!rows) return null;
    if (await writeFitments([{ ...current, rows }])) return current;
    if (attempt >= REWRITE_ATTEMPTS) throw new ConflictError(conflict);
    current = await readFitment(current.partId);
  }
}

/** Inserts, a part already holding rows refused by its `_id`; answers the positions refused. */
async function insertSome(docs: object[]): Promise<number[]> {
  try {
    await PartFitment.collection.insertMany(docs as never[], { ordered: false });
    return [];
  } catch (error) {
    if (!(error instanceof mongo.MongoBulkWriteError) || !isDuplicateKey(error)) throw error;
    return [error.writeErrors].flat().map((refused) => refused.index);
  }
}

/**
 * Stores the rows of parts that had none when read (an import's new parts), WRITES_PER_COMMAND a command, with no
 * read; answers the parts refused because they hold rows by now (read and rewrite those).
 */
export async function insertFitments(writes: readonly Omit<StoredFitment, 'rev'>[]): Promise<string[]> {
  await connectDb();
  const refused: string[] = [];
  for (let at = 0; at < writes.length; at += WRITES_PER_COMMAND) {
    const some = writes.slice(at, at + WRITES_PER_COMMAND);
    const docs = some.map((write) => ({ _id: toId(write.partId), rows: write.rows, brands: brandsOf(write.rows), rev: 1 }));
    for (const index of await insertSome(docs)) refused.push(some[index]!.partId);
  }
  return refused;
}

/** The parts holding rows this import wrote (a scan of every part's rows: an Apply asks it once, after a stop). */
export async function partsWithRowsOf(importId: string): Promise<string[]> {
  await connectDb();
  const docs = await PartFitment.find({ 'rows.source.importId': importId }, { _id: 1 }).lean();
  return docs.map((doc) => String(doc._id));
}

/** Replaces a part's rows whatever they were (an admin's form, which shows every row). */
export async function replaceFitment(partId: string | Types.ObjectId, rows: FitmentRowDoc[]): Promise<void> {
  await connectDb();
  await PartFitment.updateOne({ _id: toId(partId) }, { $set: { rows, brands: brandsOf(rows) ?? [] }, $inc: { rev: 1 } }, { upsert: true });
}

export async function removeFitment(partId: string | Types.ObjectId): Promise<void> {
  await connectDb();
  await PartFitment.deleteOne({ _id: toId(partId) });
}

const MOVED_MARK = 'fitment-moved';

/**
 * Parts stored before the rows had a collection of their own carry them inside: each part's rows are moved (unless the
 * part has rows of its own already, which are newer), then unset. Once per database, before the search index loads.
 */
export async function moveEmbeddedFitment(): Promise<number> {
  await connectDb();
  const marks = mongoose.connection.collection<{ _id: string; at: Date }>('schema_marks');
  if (await marks.findOne({ _id: MOVED_MARK })) return 0;
  const moved: string[] = [];
  const cursor = Part.collection.find<{ _id: Types.ObjectId; fitment?: FitmentRowDoc[] | null }>(
    { fitment: { $exists: true } },
    { projection: { fitment: 1 }, maxTimeMS: STARTUP_READ_MS },
  );
  for await (const part of cursor) {
    if (part.fitment?.length) await insertSome([{ _id: part._id, rows: part.fitment, brands: brandsOf(part.fitment), rev: 1 }]);
    await Part.collection.updateOne({ _id: part._id }, { $unset: { fitment: '' } });
    moved.push(String(part._id));
  }
  if (moved.length) await catalogChanged(moved, { lists: true, search: true });
  await marks.updateOne({ _id: MOVED_MARK }, { $set: { at: new Date() } }, { upsert: true });
  return moved.length;
}
