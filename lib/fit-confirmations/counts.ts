import 'server-only';
import { isDuplicateKey } from '@/lib/core/errors';
import { expireCacheTags, tagCatalogRead } from '@/lib/platform/cache';
import { connectDb } from '@/lib/platform/db';
import { isBuildWithoutDatabase } from '@/lib/platform/env';
import { FitTally, FitTallySlot } from '@/models';
import type { LineVehicle } from './keys';
import type { FitCounts } from './types';

/** A part's Yes answers per vehicle and per row (models/fit-confirmation.ts): each answer takes the part's next slot under a
 * unique `_id`, and the tally folds the slots, read by `_id` alone. A fold written late is only behind, never wrong: every
 * read adds the slots after it. */

/** The cache tag of a part's counts: an answer expires it, the part page's entry carries it. */
export const fitCountsTag = (partId: string) => `fit-counts:${partId}`;

const slotId = (partId: string, n: number) => `${partId}#${n}`;
/** How many taken slots one answer steps over at most: each is another answer of the same moment. */
const MAX_STEPS = 1000;

type Tally = FitCounts & { upTo: number };

/** The stored fold and the slots after it, added in: the part's exact counts. */
async function foldedTally(partId: string): Promise<{ tally: Tally; storedUpTo: number }> {
  const stored = await FitTally.findById(partId).lean<Partial<Tally>>();
  const tally: Tally = { upTo: stored?.upTo ?? 0, vehicles: { ...stored?.vehicles }, rows: { ...stored?.rows } };
  const storedUpTo = tally.upTo;
  for (;;) {
    const slot = await FitTallySlot.findById(slotId(partId, tally.upTo + 1)).lean();
    if (!slot) break;
    tally.upTo++;
    tally.vehicles[slot.vehicleKey] = (tally.vehicles[slot.vehicleKey] ?? 0) + 1;
    if (slot.rowKey) tally.rows[slot.rowKey] = (tally.rows[slot.rowKey] ?? 0) + 1;
  }
  return { tally, storedUpTo };
}

/** Stores a fold that is further than the one read; losing to another writer leaves a fold that is behind, still right. */
async function storeTally(partId: string, tally: Tally, storedUpTo: number): Promise<void> {
  if (tally.upTo === storedUpTo) return;
  const fields = { upTo: tally.upTo, vehicles: tally.vehicles, rows: tally.rows };
  if (storedUpTo > 0) {
    await FitTally.updateOne({ _id: partId, upTo: storedUpTo }, { $set: fields });
    return;
  }
  try {
    await FitTally.create({ _id: partId, ...fields });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
}

/** Adds one Yes to the part's vehicle and row; called once per answer, right after the answer's unique insert. */
export async function countFit(partId: string, confirmationId: string, keys: Pick<LineVehicle, 'vehicleKey' | 'rowKey'>): Promise<void> {
  const { upTo } = (await foldedTally(partId)).tally;
  const slot = { confirmationId, vehicleKey: keys.vehicleKey, ...(keys.rowKey ? { rowKey: keys.rowKey } : {}) };
  for (let n = upTo + 1; ; n++) {
    try {
      await FitTallySlot.create({ _id: slotId(partId, n), ...slot });
      break;
    } catch (error) {
      // Another answer of the same moment took this slot: the next one.
      if (!isDuplicateKey(error) || n > upTo + MAX_STEPS) throw error;
    }
  }
  const { tally, storedUpTo } = await foldedTally(partId);
  await storeTally(partId, tally, storedUpTo);
  await expireCacheTags([fitCountsTag(partId)]);
}

/** A part's counts, by `_id`: the fold and the few slots after it. */
export async function readFitCounts(partId: string): Promise<FitCounts> {
  await connectDb();
  const { vehicles, rows } = (await foldedTally(partId)).tally;
  return { vehicles, rows };
}

/** The part page's counts, cached until an answer for the part expires them. */
export async function getCachedFitCounts(partId: string): Promise<FitCounts> {
  'use cache';
  tagCatalogRead(fitCountsTag(partId));
  if (isBuildWithoutDatabase()) return { vehicles: {}, rows: {} };
  return readFitCounts(partId);
}
