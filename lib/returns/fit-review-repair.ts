import 'server-only';
import { connectDb } from '@/lib/platform/db';
import { FitmentReview, FitmentReviewReturn, Return } from '@/models';
import type { LeanReturn } from './dto';
import { foldFitWarnings, foldReviewReturns, noteUnfitReturn, unfitReturnRecordId } from './fit-reviews';

/**
 * The `fit-reviews` job: a "does not fit" return whose count failed (the hook threw, or its process died between the record
 * and the fold) is counted again from the return records. Every write is a fold or a unique insert, so two servers sweeping at
 * once, or a sweep racing a new return, count each return once.
 */

export type FitReviewRepairReport = { returns: number; counted: number; reviews: number; folded: number };

/** Returns older than this were swept many times over: the job reads only the recent ones. */
export const REPAIR_WINDOW_MS = 7 * 86_400_000;

/** Counts the recent "does not fit" returns that have no record for one of their lines (their hook never got that far). */
async function countMissedReturns(since: Date, report: FitReviewRepairReport): Promise<void> {
  const cursor = Return.find({ reason: 'does-not-fit', createdAt: { $gte: since } })
    .lean<LeanReturn[]>()
    .cursor({ batchSize: 200 });
  for await (const ret of cursor as AsyncIterable<LeanReturn>) {
    report.returns++;
    const ids = ret.lines.map((line) => unfitReturnRecordId(String(ret._id), String(line.partId)));
    if ((await FitmentReviewReturn.countDocuments({ _id: { $in: ids } })) === ids.length) continue;
    await noteUnfitReturn(ret);
    report.counted++;
  }
}

/** Folds again each open review whose count or return list disagrees with its records. */
async function foldDisagreeingReviews(report: FitReviewRepairReport): Promise<void> {
  const open = await FitmentReview.find({ state: 'open' }, { partId: 1, returns: 1, returnIds: 1 }).lean();
  for (const review of open) {
    report.reviews++;
    const records = await FitmentReviewReturn.countDocuments({ reviewId: review._id });
    if (records === review.returns && records === review.returnIds.length) continue;
    await foldReviewReturns(review._id);
    await foldFitWarnings(String(review.partId));
    report.folded++;
  }
}

/** Repairs the fit-review counts that a failed write left behind; running it again changes nothing. */
export async function repairFitReviewCounts({ now = new Date() }: { now?: Date } = {}): Promise<FitReviewRepairReport> {
  await connectDb();
  const report: FitReviewRepairReport = { returns: 0, counted: 0, reviews: 0, folded: 0 };
  await countMissedReturns(new Date(now.getTime() - REPAIR_WINDOW_MS), report);
  await foldDisagreeingReviews(report);
  return report;
}
