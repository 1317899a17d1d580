import 'server-only';
import { Types } from 'mongoose';
import { recordAudit } from '@/lib/audit';
import { assertAdmin, type Actor } from '@/lib/auth';
import { catalogChanged, readFitment, rewriteFitment, type FitmentRowDoc } from '@/lib/catalog';
import { ConflictError, isDuplicateKey, NotFoundError, ValidationError } from '@/lib/core/errors';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page } from '@/lib/core/pagination';
import type { FitmentReviewAction, FitmentReviewState } from '@/lib/core/return-fields';
import { connectDb } from '@/lib/platform/db';
import type { FitmentReviewActionInput, FitmentReviewListQuery } from '@/lib/validations/fit-reviews';
import { readByIds } from '@/lib/platform/by-id';
import { FitmentReview, FitmentReviewDecision, Return } from '@/models';
import type { FitmentReviewDoc } from '@/models/fitment-review';
import { foldFitWarnings } from './fit-reviews';
import { findRow, rowRef, sameRow, type RowRef } from './fit-vehicle';
import type { FitmentReviewDTO } from './types';

/** The admin's Fitment reviews: the open ones, most reported first, and the one action that resolves each. */

export const REVIEW_NOT_FOUND = 'Fitment review not found';
export const ALREADY_RESOLVED = 'This fitment review is resolved already';
export const NO_ROW = 'No row matched this vehicle (its notes did): dismiss the review, or edit the part in Manage Products';
export const ROW_CHANGED = "The review's row has changed since: edit the part in Manage Products, or dismiss the review";
export const ROWS_BUSY = 'The part’s fitment was saved meanwhile: try again';
export const narrowOnly = (from: number, to: number) => `Narrow within the row's years, ${from} to ${to}`;
export const alreadySet = (what: string, value: string) => `The row is for the ${value} ${what} already`;
export const NOTES_TOO_LONG = "The row's notes would pass 200 characters";

type LeanReview = FitmentReviewDoc & { _id: string; createdAt: Date; updatedAt: Date };

export function toFitmentReviewDTO(review: LeanReview): FitmentReviewDTO {
  const row = review.row as RowRef | null | undefined;
  const resolution = review.resolution;
  return {
    id: review._id,
    partId: String(review.partId),
    partName: review.partName,
    brand: review.brand ?? null,
    vehicle: review.vehicleLabel,
    row: row
      ? {
          ...{ make: row.make, model: row.model, yearFrom: row.yearFrom, yearTo: row.yearTo },
          ...{ engine: row.engine ?? null, subModel: row.subModel ?? null, position: row.position ?? null },
        }
      : null,
    state: review.state as FitmentReviewState,
    returns: review.returns,
    returnIds: review.returnIds,
    confirmations: review.confirmations ?? 0,
    resolution: resolution?.action
      ? {
          action: resolution.action as FitmentReviewAction,
          by: resolution.by ?? '',
          at: new Date(resolution.at!).toISOString(),
          detail: resolution.detail ?? '',
        }
      : null,
    createdAt: new Date(review.createdAt).toISOString(),
    updatedAt: new Date(review.updatedAt).toISOString(),
  };
}

/** GET /api/admin/fitment-reviews: open ones (or `state`), most reported first, then the oldest. */
export async function listFitmentReviews(actor: Actor, query: FitmentReviewListQuery = {}): Promise<Page<FitmentReviewDTO>> {
  assertAdmin(actor);
  await connectDb();
  const filter = { state: query.state ?? 'open' };
  const limit = Math.min(query.limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const page = query.page ?? 1;
  const [items, total] = await Promise.all([
    FitmentReview.find(filter)
      .sort({ returns: -1, createdAt: 1, _id: 1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean<LeanReview[]>(),
    FitmentReview.countDocuments(filter),
  ]);
  return { items: items.map(toFitmentReviewDTO), total, page, limit };
}

/** Each return's order (number and id), for the review list's links to the order pages that show the returns. */
export async function returnOrders(
  actor: Actor,
  returnIds: readonly string[],
): Promise<Map<string, { orderId: string; orderNumber: string }>> {
  assertAdmin(actor);
  await connectDb();
  const ids = returnIds.filter((id) => Types.ObjectId.isValid(id)).map((id) => new Types.ObjectId(id));
  const found = await readByIds<{ _id: Types.ObjectId; orderId: Types.ObjectId; orderNumber: string }>(Return, ids, {
    orderId: 1,
    orderNumber: 1,
  });
  return new Map(found.map((ret) => [String(ret._id), { orderId: String(ret.orderId), orderNumber: ret.orderNumber }]));
}

async function findReview(id: string): Promise<LeanReview> {
  if (!/^[a-f\d]{24}$/.test(id)) throw new NotFoundError(REVIEW_NOT_FOUND);
  await connectDb();
  const review = await FitmentReview.findById(id).lean<LeanReview>();
  if (!review) throw new NotFoundError(REVIEW_NOT_FOUND);
  return review;
}

type RowAction = Exclude<FitmentReviewActionInput, { action: 'dismiss' }>;

/** The row after the action, or null to remove it; bad input for this row is a 400 naming the field. */
export function changedRow(row: FitmentRowDoc, input: RowAction): FitmentRowDoc | null {
  if (input.action === 'remove') return null;
  if (input.action === 'qualify') {
    const qualifiers = row.qualifiers ?? [];
    return qualifiers.some((q) => q.text === input.text) ? row : { ...row, qualifiers: [...qualifiers, { text: input.text }] };
  }
  if (input.action === 'note') {
    const notes = row.notes ? `${row.notes}. ${input.text}` : input.text;
    if (notes.length > 200) throw new ValidationError(NOTES_TOO_LONG, { text: [NOTES_TOO_LONG] });
    return { ...row, notes };
  }
  const yearFrom = input.yearFrom ?? row.yearFrom;
  const yearTo = input.yearTo ?? row.yearTo;
  const narrow = narrowOnly(row.yearFrom, row.yearTo);
  if (yearFrom < row.yearFrom || yearFrom > row.yearTo) throw new ValidationError(narrow, { yearFrom: [narrow] });
  if (yearTo > row.yearTo || yearTo < yearFrom) throw new ValidationError(narrow, { yearTo: [narrow] });
  if (input.engine && row.engine && row.engine !== input.engine)
    throw new ValidationError(alreadySet('engine', row.engine), { engine: [alreadySet('engine', row.engine)] });
  if (input.subModel && row.subModel && row.subModel !== input.subModel)
    throw new ValidationError(alreadySet('submodel', row.subModel), { subModel: [alreadySet('submodel', row.subModel)] });
  return { ...row, yearFrom, yearTo, engine: input.engine ?? row.engine, subModel: input.subModel ?? row.subModel };
}

/** What the resolution says in the list and the audit log. */
function detailOf(input: FitmentReviewActionInput, after: FitmentRowDoc | null): string {
  if (input.action === 'dismiss') return input.reason ? `Dismissed: ${input.reason}` : 'Dismissed';
  if (input.action === 'remove' || !after) return 'Removed the row';
  if (input.action === 'qualify') return `Qualifier: ${input.text}`;
  if (input.action === 'note') return `Note: ${input.text}`;
  const parts = [`${after.yearFrom}-${after.yearTo}`, after.engine, after.subModel].filter(Boolean);
  return `Narrowed to ${parts.join(', ')}`;
}

/** The part's rows and the review's row among them, the action checked against it (400 for bad input, 409 for a gone row). */
async function planRow(review: LeanReview, input: RowAction) {
  const ref = review.row as RowRef | null;
  if (!ref) throw new ConflictError(NO_ROW);
  const stored = await readFitment(String(review.partId));
  const at = findRow(stored.rows, ref);
  if (at < 0) throw new ConflictError(ROW_CHANGED);
  return { ref, stored, before: stored.rows[at]!, after: changedRow(stored.rows[at]!, input) };
}

/** Writes the action through the fitment store (its revision check), read again if a save got in between; answers the new rows. */
async function rewriteRow({ ref, stored }: Awaited<ReturnType<typeof planRow>>, input: RowAction): Promise<FitmentRowDoc[]> {
  let written: FitmentRowDoc[] = [];
  await rewriteFitment(
    stored,
    (rows) => {
      const index = findRow(rows, ref);
      if (index < 0) throw new ConflictError(ROW_CHANGED);
      const after = changedRow(rows[index]!, input);
      written = rows.flatMap((row, i) => (i !== index ? [row] : after ? [after] : []));
      return written;
    },
    ROWS_BUSY,
  );
  return written;
}

/** The part's other open reviews of the same row follow it to its new form (none once removed), so their actions still find it. */
async function followRow(review: LeanReview, ref: RowRef, after: FitmentRowDoc | null): Promise<void> {
  const open = await FitmentReview.find({ partId: review.partId, state: 'open' }, { row: 1 }).lean<LeanReview[]>();
  const others = open.filter((other) => other._id !== review._id && other.row && sameRow(other.row as RowRef, ref));
  await Promise.all(others.map((other) => FitmentReview.updateOne({ _id: other._id }, { $set: { row: after ? rowRef(after) : null } })));
}

/** PATCH /api/admin/fitment-reviews/{id}: one action resolves the review once (the decision's `_id` is the review's). */
export async function resolveFitmentReview(actor: Actor, id: string, input: FitmentReviewActionInput): Promise<FitmentReviewDTO> {
  assertAdmin(actor);
  const review = await findReview(id);
  if (review.state !== 'open') throw new ConflictError(ALREADY_RESOLVED);
  // Checked before the decision is taken, so a refused action never blocks another admin's.
  const plan = input.action === 'dismiss' ? null : await planRow(review, input);
  try {
    await FitmentReviewDecision.create({ _id: id, action: input.action, by: actor.email });
  } catch (error) {
    if (isDuplicateKey(error)) throw new ConflictError(ALREADY_RESOLVED);
    throw error;
  }
  const partId = String(review.partId);
  let rows: FitmentRowDoc[] | null = null;
  try {
    if (plan && input.action !== 'dismiss') rows = await rewriteRow(plan, input);
  } catch (error) {
    // Nothing was written: the review stays open for another action.
    await FitmentReviewDecision.deleteOne({ _id: id });
    throw error;
  }
  const resolution = { action: input.action, by: actor.email, at: new Date(), detail: detailOf(input, plan?.after ?? null) };
  await FitmentReview.updateOne({ _id: id }, { $set: { state: 'resolved', resolution } });
  if (plan && rows) {
    await followRow(review, plan.ref, plan.after);
    await catalogChanged([partId], { lists: true, search: true, known: new Map([[partId, { fitment: rows }]]) });
  }
  await foldFitWarnings(partId);
  await recordAudit(actor, {
    action: 'fitment-review.resolve',
    target: { kind: 'fitment-review', id, label: `${review.partName}: ${review.vehicleLabel}` },
    before: { state: 'open', row: plan?.before ?? review.row },
    after: { state: 'resolved', action: input.action, detail: resolution.detail, row: plan ? plan.after : review.row },
  });
  return toFitmentReviewDTO((await FitmentReview.findById(id).lean<LeanReview>())!);
}
