import 'server-only';
import { Types } from 'mongoose';
import { catalogChanged, readFitment } from '@/lib/catalog';
import { isDuplicateKey } from '@/lib/core/errors';
import { connectDb } from '@/lib/platform/db';
import { FitmentReview, FitmentReviewReturn, Part, PartFitWarnings } from '@/models';
import type { LeanReturn } from './dto';
import { matchedRow, returnedVehicle, reviewId, rowRef, vehicleIdentity, type ReturnedVehicle } from './fit-vehicle';

/**
 * The fitment loop (issue 47 item 5): a "does not fit" return opens or updates the review of its part for its vehicle.
 * Counts and warnings are folds of records stored once under unique `_id`s, written again until they match them, so
 * two servers counting at once, or one hook run twice, never count a return twice or lose one.
 */

/** From this many returns for one vehicle, until reviewed, the part's badge says "Check the fit notes" instead of "Fits". */
export const RETURNS_TO_WARN = 2;

/** Writes of a fold before it gives up: each extra one means another server wrote between this one's read and write. */
const FOLD_ATTEMPTS = 5;

type Line = LeanReturn['lines'][number];

/** The open review of the part for the vehicle, opened if there is none: round after round, each resolved one followed by the next. */
async function openReview(ret: LeanReturn, line: Line): Promise<string> {
  const partId = String(line.partId);
  const [fitment, part] = await Promise.all([readFitment(partId), Part.findById(line.partId, { brand: 1 }).lean()]);
  const vehicle = ret.vehicle ? await returnedVehicle(ret.vehicle, fitment.rows) : null;
  const identity = vehicleIdentity(ret.vehicle ?? null, ret.vin ?? null, vehicle);
  const row = matchedRow(fitment.rows, vehicle);
  for (let round = 1; ; round++) {
    const _id = reviewId(partId, identity.key, round);
    const found = await FitmentReview.findById(_id, { state: 1 }).lean();
    if (found?.state === 'open') return _id;
    if (found) continue;
    try {
      await FitmentReview.create({
        _id,
        partId: line.partId,
        partName: line.partName,
        brand: part?.brand ?? undefined,
        vehicleKey: identity.key,
        vehicleLabel: identity.label,
        vehicle: vehicle ?? undefined,
        round,
        row: row ? rowRef(row) : null,
      });
    } catch (error) {
      // Another server opened this round a moment ago: it is the open one.
      if (!isDuplicateKey(error)) throw error;
    }
    return _id;
  }
}

/** The `_id` of the record that counts a return once for one of its parts. */
export const unfitReturnRecordId = (returnId: string, partId: string) => `${returnId}|${partId}`;

/** Counts the return once for the part: its record's `_id` is the return and the part, whoever inserts it first counts. */
async function countReturn(ret: LeanReturn, line: Line): Promise<string> {
  const _id = unfitReturnRecordId(String(ret._id), String(line.partId));
  const counted = await FitmentReviewReturn.findById(_id).lean();
  if (counted) return counted.reviewId;
  const review = await openReview(ret, line);
  try {
    await FitmentReviewReturn.create({ _id, reviewId: review, returnId: String(ret._id) });
    return review;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    return (await FitmentReviewReturn.findById(_id).lean())!.reviewId;
  }
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, i) => value === b[i]);

/** Writes the review's returns as its records say, reading again after each write until they agree. */
export async function foldReviewReturns(id: string): Promise<void> {
  for (let attempt = 0; attempt < FOLD_ATTEMPTS; attempt++) {
    const [records, review] = await Promise.all([
      FitmentReviewReturn.find({ reviewId: id }, { returnId: 1 }).sort({ at: 1, _id: 1 }).lean(),
      FitmentReview.findById(id, { returnIds: 1, returns: 1 }).lean(),
    ]);
    const returnIds = records.map((record) => record.returnId);
    if (!review || (review.returns === returnIds.length && sameList(review.returnIds, returnIds))) return;
    await FitmentReview.updateOne({ _id: id }, { $set: { returnIds, returns: returnIds.length } });
  }
}

const vehicleText = (vehicle: ReturnedVehicle) => JSON.stringify([vehicle.year, vehicle.make, vehicle.model, vehicle.engine ?? null]);

/** The part's warned vehicles as its open reviews say; the part's pages learn of a change (they read it by `_id`). */
export async function foldFitWarnings(partId: string): Promise<void> {
  const _id = new Types.ObjectId(partId);
  let changed = false;
  for (let attempt = 0; attempt < FOLD_ATTEMPTS; attempt++) {
    const [open, stored] = await Promise.all([
      FitmentReview.find({ partId: _id, state: 'open', returns: { $gte: RETURNS_TO_WARN } }, { vehicle: 1 }).lean(),
      PartFitWarnings.findById(_id).lean(),
    ]);
    const vehicles = open
      .flatMap((review) => (review.vehicle?.year ? [review.vehicle as ReturnedVehicle] : []))
      .map(({ year, make, model, engine }) => ({ year, make, model, engine: engine ?? null }))
      .sort((a, b) => vehicleText(a).localeCompare(vehicleText(b)));
    if (
      sameList(
        (stored?.vehicles ?? []).map((v) => vehicleText(v as ReturnedVehicle)),
        vehicles.map(vehicleText),
      )
    )
      break;
    await PartFitWarnings.updateOne({ _id }, { $set: { vehicles } }, { upsert: true }).catch((error: unknown) => {
      // Two first writes at once: the other inserted it; the next round compares again.
      if (!isDuplicateKey(error)) throw error;
    });
    changed = true;
  }
  if (changed) await catalogChanged([partId]);
}

/** The hook of a new return: "does not fit" counts once per return and part, even when it runs twice. */
export async function noteUnfitReturn(ret: LeanReturn): Promise<void> {
  if (ret.reason !== 'does-not-fit') return;
  await connectDb();
  for (const line of ret.lines) {
    await foldReviewReturns(await countReturn(ret, line));
    await foldFitWarnings(String(line.partId));
  }
}
