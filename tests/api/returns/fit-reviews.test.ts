import { Types } from 'mongoose';
import { PATCH as resolveRoute } from '@/app/api/admin/fitment-reviews/[id]/route';
import { GET as listRoute } from '@/app/api/admin/fitment-reviews/route';
import { POST as requestRoute } from '@/app/api/orders/[id]/returns/route';
import type { UserDTO } from '@/lib/auth/users';
import { FIT_REPORTED_LABEL, fitLabel, fitStatus, isFitReported, readFitment, type FitmentRowDoc } from '@/lib/catalog';
import { getPart } from '@/lib/catalog/parts';
import { ALREADY_RESOLVED, narrowOnly, NO_ROW, REVIEW_NOT_FOUND } from '@/lib/returns/fit-review-admin';
import { foldFitWarnings, foldReviewReturns, noteUnfitReturn, RETURNS_TO_WARN } from '@/lib/returns/fit-reviews';
import type { LeanReturn } from '@/lib/returns/dto';
import type { FitmentReviewDTO, ReturnDTO } from '@/lib/returns/types';
import { AuditEntry, FitmentReview, FitmentReviewReturn, PartFitWarnings, Return } from '@/models';
import { callRoute, type As } from '@/tests/helpers/api';
import { makePart, makeUser } from '@/tests/helpers/factories';
import { deliveredOrder } from '@/tests/helpers/returns';

let customer: UserDTO;
let admin: UserDTO;

beforeAll(async () => {
  customer = await makeUser({ name: 'Rita Returner' });
  admin = await makeUser({ admin: true });
});

const COROLLA: FitmentRowDoc = { make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019 };
const CIVIC: FitmentRowDoc = { make: 'Honda', model: 'Civic', yearFrom: 2016, yearTo: 2020, notes: 'Sedan only' };
const COROLLA_2016 = { year: 2016, make: 'Toyota', model: 'Corolla' };

const fittedPart = (brand = 'Akebono') => makePart({ name: 'Ceramic pads', brand, fitment: [COROLLA, CIVIC] });

type Body = Record<string, unknown>;
type Answer<T> = T & { error?: string; fieldErrors?: Record<string, string[]> };

/** A delivered order of the part, returned at once for `reason` with the vehicle named. */
async function returnPart(partId: string, { reason = 'does-not-fit', vehicle = '2016 Toyota Corolla', quantity = 1 } = {}) {
  const order = await deliveredOrder(customer.email, { lines: [{ priceCents: 4000, quantity, partId }] });
  const body: Body = {
    lines: [{ partId, quantity }],
    reason,
    ...(reason === 'does-not-fit' ? { vehicle, mismatch: 'The caliper bracket differs' } : {}),
  };
  const res = await callRoute<Answer<ReturnDTO>>(requestRoute, `/api/orders/${order.id}/returns`, {
    method: 'POST',
    params: { id: order.id },
    body,
    as: customer,
  });
  expect(res.status).toBe(201);
  return res.body;
}

const reviewsOf = (partId: string) => FitmentReview.find({ partId: new Types.ObjectId(partId) }).lean();
const list = (query = '', as: As = admin) => callRoute<Answer<FitmentReviewDTO[]>>(listRoute, `/api/admin/fitment-reviews${query}`, { as });
const resolve = (id: string, body: Body, as: As = admin) =>
  callRoute<Answer<FitmentReviewDTO>>(resolveRoute, `/api/admin/fitment-reviews/${id}`, { method: 'PATCH', params: { id }, body, as });

/** The part page's badge text for the vehicle, from the part as the cached read builds it. */
async function badgeFor(partId: string, vehicle = COROLLA_2016) {
  const part = await getPart(partId);
  const status = fitStatus(part.fitment, vehicle);
  return status === 'fits' && isFitReported(part.fitWarnings, vehicle) ? FIT_REPORTED_LABEL : fitLabel(status, vehicle);
}

/** A part with two "does not fit" returns for the 2016 Corolla, and its open review. */
async function reportedTwice() {
  const partId = await fittedPart();
  await returnPart(partId);
  await returnPart(partId);
  const [review] = await reviewsOf(partId);
  return { partId, id: review!._id };
}

describe('a "does not fit" return opens a fitment review', () => {
  it('opens one review keyed by part and vehicle, on the row that matched, counting the return once even when the hook runs twice', async () => {
    const partId = await fittedPart();
    const ret = await returnPart(partId);
    const stored = (await Return.findById(ret.id).lean<LeanReturn>())!;
    await Promise.all([noteUnfitReturn(stored), noteUnfitReturn(stored)]);
    await noteUnfitReturn(stored);
    const reviews = await reviewsOf(partId);
    expect(reviews).toHaveLength(1);
    expect(reviews[0]).toMatchObject({
      state: 'open',
      vehicleLabel: '2016 Toyota Corolla',
      vehicle: { year: 2016, make: 'Toyota', model: 'Corolla' },
      row: { make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019 },
      returns: 1,
      returnIds: [ret.id],
      confirmations: 0,
    });
    expect(await FitmentReviewReturn.countDocuments({ reviewId: reviews[0]!._id })).toBe(1);
  });

  it('opens none for the other reasons', async () => {
    const partId = await fittedPart();
    for (const reason of ['damaged', 'wrong-part', 'not-needed', 'other']) await returnPart(partId, { reason });
    expect(await reviewsOf(partId)).toHaveLength(0);
  });

  it('keys another vehicle apart, and names "no row" when no row matched it', async () => {
    const partId = await fittedPart();
    await returnPart(partId);
    await returnPart(partId, { vehicle: '2012 Toyota Corolla' });
    const reviews = await reviewsOf(partId);
    expect(reviews.map((review) => [review.vehicleLabel, review.row]).sort()).toEqual([
      ['2012 Toyota Corolla', null],
      ['2016 Toyota Corolla', expect.objectContaining({ make: 'Toyota', yearFrom: 2014 })],
    ]);
  });

  it('counts two returns arriving at once as two', async () => {
    const partId = await fittedPart();
    await Promise.all([returnPart(partId), returnPart(partId)]);
    const [review] = await reviewsOf(partId);
    expect(review).toMatchObject({ returns: 2 });
    expect(review!.returnIds).toHaveLength(2);
  });
});

describe('the folds', () => {
  it('write a lost count and lost warnings again from the records they fold', async () => {
    const { partId, id } = await reportedTwice();
    // What a stale write from a racing server leaves behind.
    await FitmentReview.updateOne({ _id: id }, { $set: { returnIds: [], returns: 0 } });
    await PartFitWarnings.deleteOne({ _id: new Types.ObjectId(partId) });
    await foldReviewReturns(id);
    await foldFitWarnings(partId);
    expect(await FitmentReview.findById(id).lean()).toMatchObject({ returns: 2 });
    expect((await getPart(partId)).fitWarnings).toEqual([{ year: 2016, make: 'Toyota', model: 'Corolla', engine: null }]);
  });
});

describe('the badge for a reported vehicle', () => {
  it(`says "${FIT_REPORTED_LABEL}" instead of "Fits" from two returns for the vehicle, not after one`, async () => {
    expect(RETURNS_TO_WARN).toBe(2);
    const partId = await fittedPart();
    expect(await badgeFor(partId)).toBe('Fits your 2016 Toyota Corolla');
    await returnPart(partId);
    expect((await getPart(partId)).fitWarnings).toEqual([]);
    expect(await badgeFor(partId)).toBe('Fits your 2016 Toyota Corolla');
    await returnPart(partId);
    expect((await getPart(partId)).fitWarnings).toEqual([{ year: 2016, make: 'Toyota', model: 'Corolla', engine: null }]);
    expect(await badgeFor(partId)).toBe(FIT_REPORTED_LABEL);
    // Only that vehicle: another year of the same row still fits.
    expect(await badgeFor(partId, { ...COROLLA_2016, year: 2017 })).toBe('Fits your 2017 Toyota Corolla');
  });
});

describe('PATCH /api/admin/fitment-reviews/{id}', () => {
  it('narrows the row to new years, resolves the review and the badge follows the rows again', async () => {
    const { partId, id } = await reportedTwice();
    const res = await resolve(id, { action: 'narrow', yearFrom: 2017 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      state: 'resolved',
      resolution: { action: 'narrow', by: admin.email, detail: 'Narrowed to 2017-2019' },
    });
    expect((await readFitment(partId)).rows[0]).toMatchObject({ make: 'Toyota', yearFrom: 2017, yearTo: 2019 });
    expect((await getPart(partId)).fitWarnings).toEqual([]);
    expect(await badgeFor(partId)).toBe('Does not fit');
    expect(await AuditEntry.findOne({ action: 'fitment-review.resolve', 'target.id': id }).lean()).toMatchObject({
      actorEmail: admin.email,
      before: { row: { yearFrom: 2014 } },
      after: { state: 'resolved', row: { yearFrom: 2017 } },
    });
  });

  it('moves the other open reviews of the row along with it, so their actions still find it', async () => {
    const { partId, id } = await reportedTwice();
    await returnPart(partId, { vehicle: '2018 Toyota Corolla' });
    expect((await resolve(id, { action: 'narrow', yearFrom: 2017 })).status).toBe(200);
    const other = (await reviewsOf(partId)).find((review) => review._id !== id)!;
    expect(other.row).toMatchObject({ yearFrom: 2017, yearTo: 2019 });
    expect((await resolve(other._id, { action: 'note', text: 'Not for the hybrid' })).status).toBe(200);
    expect((await readFitment(partId)).rows[0]).toMatchObject({ yearFrom: 2017, notes: 'Not for the hybrid' });
  });

  it('adds an engine to the row when narrowing by engine', async () => {
    const { partId, id } = await reportedTwice();
    expect((await resolve(id, { action: 'narrow', engine: '1.8L I4' })).status).toBe(200);
    expect((await readFitment(partId)).rows[0]).toMatchObject({ yearFrom: 2014, yearTo: 2019, engine: '1.8L I4' });
    expect(await badgeFor(partId)).toBe('Check the fitment notes');
  });

  it('removes the row (the other rows stay)', async () => {
    const { partId, id } = await reportedTwice();
    expect((await resolve(id, { action: 'remove' })).status).toBe(200);
    expect((await readFitment(partId)).rows).toEqual([expect.objectContaining({ make: 'Honda', model: 'Civic' })]);
    expect(await badgeFor(partId)).toBe('Does not fit');
  });

  it('adds a qualifier to the row', async () => {
    const { partId, id } = await reportedTwice();
    expect((await resolve(id, { action: 'qualify', text: 'With 288 mm front rotors' })).status).toBe(200);
    expect((await readFitment(partId)).rows[0]!.qualifiers).toEqual([{ text: 'With 288 mm front rotors' }]);
    expect((await FitmentReview.findById(id).lean())?.state).toBe('resolved');
    expect((await getPart(partId)).fitWarnings).toEqual([]);
  });

  it('adds a note to the row: its badge asks to check the notes', async () => {
    const { partId, id } = await reportedTwice();
    expect((await resolve(id, { action: 'note', text: 'Not for the hybrid' })).status).toBe(200);
    expect((await readFitment(partId)).rows[0]).toMatchObject({ notes: 'Not for the hybrid' });
    expect(await badgeFor(partId)).toBe('Check the fitment notes');
  });

  it('dismisses: the rows stay as they were and the badge says "Fits" again', async () => {
    const { partId, id } = await reportedTwice();
    const before = (await readFitment(partId)).rows;
    expect(await resolve(id, { action: 'dismiss', reason: 'The buyer had the wagon' })).toMatchObject({
      status: 200,
      body: { state: 'resolved', resolution: { action: 'dismiss', detail: 'Dismissed: The buyer had the wagon' } },
    });
    expect((await readFitment(partId)).rows).toEqual(before);
    expect(await badgeFor(partId)).toBe('Fits your 2016 Toyota Corolla');
  });

  it('answers 409 for a resolved review and changes nothing; a new return opens the next review', async () => {
    const { partId, id } = await reportedTwice();
    expect((await resolve(id, { action: 'dismiss' })).status).toBe(200);
    const rows = (await readFitment(partId)).rows;
    expect(await resolve(id, { action: 'remove' })).toMatchObject({ status: 409, body: { error: ALREADY_RESOLVED } });
    expect((await readFitment(partId)).rows).toEqual(rows);
    await returnPart(partId);
    const open = (await reviewsOf(partId)).filter((review) => review.state === 'open');
    expect(open).toEqual([expect.objectContaining({ round: 2, returns: 1 })]);
  });

  it('resolves once when two admins act at once: one answer 200, the other 409, one audit entry', async () => {
    const { partId, id } = await reportedTwice();
    const rows = (await readFitment(partId)).rows;
    const answers = await Promise.all([resolve(id, { action: 'dismiss' }), resolve(id, { action: 'note', text: 'Sedan only' })]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(await AuditEntry.countDocuments({ action: 'fitment-review.resolve', 'target.id': id })).toBe(1);
    const winner = answers.find((res) => res.status === 200)!.body.resolution!.action;
    expect((await FitmentReview.findById(id).lean())?.resolution?.action).toBe(winner);
    // A dismissal leaves the rows; the note is written only when it won.
    expect((await readFitment(partId)).rows[0]!.notes ?? null).toBe(winner === 'note' ? 'Sedan only' : (rows[0]!.notes ?? null));
  });

  it('refuses a row action on a review with no row (409), and allows dismissing it', async () => {
    const partId = await fittedPart();
    await returnPart(partId, { vehicle: '2012 Toyota Corolla' });
    const [review] = await reviewsOf(partId);
    expect(await resolve(review!._id, { action: 'remove' })).toMatchObject({ status: 409, body: { error: NO_ROW } });
    expect((await FitmentReview.findById(review!._id).lean())?.state).toBe('open');
    expect((await resolve(review!._id, { action: 'dismiss' })).status).toBe(200);
  });

  it.each<[string, Body, string]>([
    ['an unknown action', { action: 'widen' }, 'action'],
    ['a narrow with nothing to narrow', { action: 'narrow' }, 'yearFrom'],
    ['reversed years', { action: 'narrow', yearFrom: 2018, yearTo: 2015 }, 'yearTo'],
    ['an empty qualifier', { action: 'qualify', text: '  ' }, 'text'],
    ['a query operator', { action: 'note', text: { $ne: '' } }, 'text'],
  ])('answers 400 for %s and changes nothing', async (_name, body, field) => {
    const { partId, id } = await reportedTwice();
    const rows = (await readFitment(partId)).rows;
    const res = await resolve(id, body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fieldErrors ?? {})).toContain(field);
    expect((await readFitment(partId)).rows).toEqual(rows);
    expect((await FitmentReview.findById(id).lean())?.state).toBe('open');
  });

  it('answers 400 for years outside the row (narrowing never widens) and leaves the review open', async () => {
    const { partId, id } = await reportedTwice();
    expect(await resolve(id, { action: 'narrow', yearFrom: 2012 })).toMatchObject({
      status: 400,
      body: { fieldErrors: { yearFrom: [narrowOnly(2014, 2019)] } },
    });
    expect((await readFitment(partId)).rows[0]).toMatchObject({ yearFrom: 2014, yearTo: 2019 });
    expect((await resolve(id, { action: 'dismiss' })).status).toBe(200);
  });

  it('is for admins only: 401 for a visitor, 403 for a customer, 404 for an unknown review', async () => {
    const { id } = await reportedTwice();
    expect((await resolve(id, { action: 'dismiss' }, null)).status).toBe(401);
    expect((await resolve(id, { action: 'dismiss' }, customer)).status).toBe(403);
    expect(await resolve('0123456789abcdef01234567', { action: 'dismiss' })).toMatchObject({
      status: 404,
      body: { error: REVIEW_NOT_FOUND },
    });
    expect(await resolve('not-a-review', { action: 'dismiss' })).toMatchObject({ status: 404 });
    expect((await FitmentReview.findById(id).lean())?.state).toBe('open');
  });
});

describe('GET /api/admin/fitment-reviews', () => {
  it('lists the open reviews, most reported first; ?state=resolved the resolved ones', async () => {
    const [one, three, two] = [await fittedPart(), await fittedPart(), await fittedPart()];
    await returnPart(one);
    for (let i = 0; i < 3; i++) await returnPart(three);
    for (let i = 0; i < 2; i++) await returnPart(two);
    const open = await list('?limit=100');
    expect(open.status).toBe(200);
    const ours = open.body.filter((review) => [one, three, two].includes(review.partId));
    expect(ours.map((review) => [review.partId, review.returns])).toEqual([
      [three, 3],
      [two, 2],
      [one, 1],
    ]);
    expect(ours[0]).toMatchObject({ vehicle: '2016 Toyota Corolla', confirmations: 0, state: 'open', row: { make: 'Toyota' } });
    expect((await resolve(ours[1]!.id, { action: 'dismiss' })).status).toBe(200);
    expect((await list('?limit=100')).body.map((review) => review.id)).not.toContain(ours[1]!.id);
    const resolved = await list('?state=resolved&limit=100');
    expect(resolved.body.map((review) => review.id)).toContain(ours[1]!.id);
    expect(resolved.body.every((review) => review.state === 'resolved')).toBe(true);
  });

  it('is for admins only and refuses an unknown state (400)', async () => {
    expect((await list('', null)).status).toBe(401);
    expect((await list('', customer)).status).toBe(403);
    expect(await list('?state=closed')).toMatchObject({ status: 400, body: { fieldErrors: { state: ['Unknown state'] } } });
  });
});
