import { readFileSync } from 'node:fs';
import { Types } from 'mongoose';
import { POST as requestRoute } from '@/app/api/orders/[id]/returns/route';
import type { UserDTO } from '@/lib/auth/users';
import type { FitmentRowDoc } from '@/lib/catalog';
import { getPart } from '@/lib/catalog/parts';
import { jobSchedule, runJob } from '@/lib/jobs';
import { REPAIR_WINDOW_MS, repairFitReviewCounts } from '@/lib/returns/fit-review-repair';
import { unfitReturnRecordId } from '@/lib/returns/fit-reviews';
import type { ReturnDTO } from '@/lib/returns/types';
import { FitmentReview, FitmentReviewReturn, PartFitWarnings, Return } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makePart, makeUser } from '@/tests/helpers/factories';
import { deliveredOrder } from '@/tests/helpers/returns';

let customer: UserDTO;

beforeAll(async () => {
  customer = await makeUser({ name: 'Sam Sweep' });
});

const COROLLA: FitmentRowDoc = { make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019 };
const WARNED = [{ year: 2016, make: 'Toyota', model: 'Corolla', engine: null }];

/** A delivered order of the part, returned at once as "does not fit" on the 2016 Corolla. */
async function returnUnfit(partId: string): Promise<ReturnDTO> {
  const order = await deliveredOrder(customer.email, { lines: [{ priceCents: 4000, quantity: 1, partId }] });
  const res = await callRoute<ReturnDTO>(requestRoute, `/api/orders/${order.id}/returns`, {
    method: 'POST',
    params: { id: order.id },
    body: { lines: [{ partId, quantity: 1 }], reason: 'does-not-fit', vehicle: '2016 Toyota Corolla', mismatch: 'Wrong bracket' },
    as: customer,
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** A part with two "does not fit" returns counted in one open review. */
async function reportedTwice() {
  const partId = await makePart({ name: 'Sweep pads', fitment: [COROLLA] });
  const returns = [await returnUnfit(partId), await returnUnfit(partId)];
  const review = (await FitmentReview.findOne({ partId: new Types.ObjectId(partId) }).lean())!;
  expect(review).toMatchObject({ returns: 2 });
  return { partId, returns, id: review._id };
}

const reviewOf = (id: string) => FitmentReview.findById(id, { returns: 1, returnIds: 1 }).lean();

describe('the fit-review sweep', () => {
  it('runs as the fit-reviews job every ten minutes on a Node host and on Vercel Cron', async () => {
    expect(jobSchedule()['fit-reviews']).toBe(10 * 60_000);
    const crons = (JSON.parse(readFileSync('vercel.json', 'utf8')) as { crons: Array<{ path: string; schedule: string }> }).crons;
    expect(crons).toContainEqual({ path: '/api/cron/fit-reviews', schedule: '*/10 * * * *' });
    expect(await runJob('fit-reviews')).toMatchObject({ counted: 0, folded: 0 });
  });

  it('writes a count broken by hand back to its records, and a second run changes nothing', async () => {
    const { partId, returns, id } = await reportedTwice();
    await FitmentReview.updateOne({ _id: id }, { $set: { returns: 0 } });
    await PartFitWarnings.deleteOne({ _id: new Types.ObjectId(partId) });

    expect(await repairFitReviewCounts()).toMatchObject({ counted: 0, folded: 1 });
    expect(await reviewOf(id)).toMatchObject({ returns: 2, returnIds: returns.map((ret) => ret.id) });
    expect((await getPart(partId)).fitWarnings).toEqual(WARNED);

    const repaired = await reviewOf(id);
    expect(await repairFitReviewCounts()).toMatchObject({ counted: 0, folded: 0 });
    expect(await reviewOf(id)).toEqual(repaired);
  });

  it('counts a return whose hook never stored its record, once, even with two sweeps at once', async () => {
    const { partId, returns, id } = await reportedTwice();
    // As if the second return's hook had failed before its record: one return counted, no warning yet.
    await FitmentReviewReturn.deleteOne({ _id: unfitReturnRecordId(returns[1]!.id, partId) });
    await FitmentReview.updateOne({ _id: id }, { $set: { returns: 1, returnIds: [returns[0]!.id] } });
    await PartFitWarnings.deleteOne({ _id: new Types.ObjectId(partId) });

    const reports = await Promise.all([repairFitReviewCounts(), repairFitReviewCounts()]);
    expect(reports.map((report) => report.counted).sort()).toEqual(expect.arrayContaining([1]));
    expect(await reviewOf(id)).toMatchObject({ returns: 2, returnIds: returns.map((ret) => ret.id) });
    expect(await FitmentReviewReturn.countDocuments({ reviewId: id })).toBe(2);
    expect((await getPart(partId)).fitWarnings).toEqual(WARNED);
    expect(await repairFitReviewCounts()).toMatchObject({ counted: 0, folded: 0 });
  });

  it(`reads the returns of the last ${REPAIR_WINDOW_MS / 86_400_000} days, up to the window's first instant`, async () => {
    const partId = await makePart({ name: 'Sweep rotor', fitment: [COROLLA] });
    const ret = await returnUnfit(partId);
    const createdAt = (await Return.findById(ret.id, { createdAt: 1 }).lean())!.createdAt;
    const record = unfitReturnRecordId(ret.id, partId);
    const { reviewId } = (await FitmentReviewReturn.findById(record).lean())!;
    await FitmentReviewReturn.deleteOne({ _id: record });
    await FitmentReview.updateOne({ _id: reviewId }, { $set: { returns: 0, returnIds: [] } });

    const later = (ms: number) => ({ now: new Date(createdAt.getTime() + ms) });
    expect(await repairFitReviewCounts(later(REPAIR_WINDOW_MS + 1))).toMatchObject({ counted: 0 });
    expect(await FitmentReviewReturn.exists({ _id: record })).toBeNull();
    expect(await repairFitReviewCounts(later(REPAIR_WINDOW_MS))).toMatchObject({ counted: 1 });
    expect(await reviewOf(reviewId)).toMatchObject({ returns: 1, returnIds: [ret.id] });
  });
});
