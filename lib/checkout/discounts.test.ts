import { Types } from 'mongoose';
import type { MoneyLine } from '@/lib/orders/money';
import { connectDb } from '@/lib/platform/db';
import { ConflictError, ValidationError } from '@/lib/core/errors';
import { DiscountCode, DiscountRedemption } from '@/models';
import type { DiscountCodeDoc } from '@/models/discount';
import { CODE_TEXT, releaseCodes, redeemCode, usableCode, type UsableCode } from './discounts';

/** Discount codes (lib/checkout/discounts.ts): when one may be used, and its uses under unique keys. */

const NOW = new Date('2025-06-02T12:00:00.000Z');
const BRAKES: MoneyLine[] = [{ unitCents: 4000, quantity: 1, weightGrams: 0, category: 'brakes', brand: 'Brembo' }];

let serial = 0;
/** A code of its own for each test: `fields` over a 10% code usable by anyone, any time. */
async function code(fields: Partial<DiscountCodeDoc> = {}): Promise<string> {
  await connectDb();
  const name = `CODE${serial++}`;
  await DiscountCode.create({ code: name, kind: 'percent', percent: 10, ...fields });
  return name;
}

/** The error usableCode refuses with: its class, message and field. */
async function refusal(promise: Promise<unknown>): Promise<{ type: string; message: string; field: unknown }> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ValidationError || error instanceof ConflictError)) throw new Error(`expected a refusal, got ${String(error)}`);
  const field = error instanceof ValidationError ? error.fieldErrors : error.details.fieldErrors;
  return { type: error.constructor.name, message: error.message, field };
}

const order = (email = 'buyer@example.com') => ({ orderId: new Types.ObjectId(), email, amountCents: 400 });

describe('a code may be used', () => {
  it('as its rule, typed in any case with spaces around', async () => {
    const name = await code({ categories: ['brakes'], brands: ['Brembo'], maxUses: 5, oncePerCustomer: true });
    expect(await usableCode(` ${name.toLowerCase()} `, BRAKES, { now: NOW })).toEqual({
      code: name,
      kind: 'percent',
      percent: 10,
      amountCents: null,
      categories: ['brakes'],
      brands: ['Brembo'],
      maxUses: 5,
      oncePerCustomer: true,
    });
  });

  it.each([
    ['unknown', () => Promise.resolve('NOSUCHCODE'), CODE_TEXT.unknown],
    ['blank', () => Promise.resolve('  '), CODE_TEXT.unknown],
    ['paused', () => code({ pausedAt: new Date(NOW.getTime() - 1) }), CODE_TEXT.paused],
    ['starting a moment after now', () => code({ startsAt: new Date(NOW.getTime() + 1) }), CODE_TEXT.notYet],
    ['ending now', () => code({ endsAt: NOW }), CODE_TEXT.expired],
    ['for a subtotal a cent above the cart', () => code({ minSubtotalCents: 4001 }), CODE_TEXT.minimum(4001)],
    ['for engine parts only', () => code({ categories: ['engine'] }), CODE_TEXT.noLines],
    ['for a fixed amount off Bosch parts only', () => code({ kind: 'fixed', amountCents: 500, brands: ['Bosch'] }), CODE_TEXT.noLines],
  ])('not when %s: 400, on the code field', async (_, make, message) => {
    const name = await make();
    expect(await refusal(usableCode(name, BRAKES, { now: NOW }))).toEqual({
      type: 'ValidationError',
      message,
      field: { discountCode: [message] },
    });
  });

  it('from the moment it starts, up to the moment it ends, from its minimum exactly', async () => {
    const name = await code({ startsAt: NOW, endsAt: new Date(NOW.getTime() + 1), minSubtotalCents: 4000 });
    await expect(usableCode(name, BRAKES, { now: NOW })).resolves.toMatchObject({ code: name });
    expect(CODE_TEXT.minimum(4001)).toBe('This code needs a subtotal of at least $40.01');
  });

  it('for free shipping on any cart, whatever its limits', async () => {
    const name = await code({ kind: 'free-shipping', categories: ['engine'] });
    await expect(usableCode(name, BRAKES, { now: NOW })).resolves.toMatchObject({ kind: 'free-shipping' });
  });

  it('once per customer when so limited: 409 for the email that used it (any case), not for another', async () => {
    const name = await code({ oncePerCustomer: true });
    await redeemCode(await usableCode(name, BRAKES, { now: NOW }), order('Once@Example.com'));
    expect(await refusal(usableCode(name, BRAKES, { email: 'once@example.COM', now: NOW }))).toEqual({
      type: 'ConflictError',
      message: CODE_TEXT.usedByYou,
      field: { discountCode: [CODE_TEXT.usedByYou] },
    });
    await expect(usableCode(name, BRAKES, { email: 'twice@example.com', now: NOW })).resolves.toMatchObject({ code: name });
    // A code not so limited is used again by the same email.
    const open = await code();
    await redeemCode(await usableCode(open, BRAKES, { now: NOW }), order('once@example.com'));
    await expect(usableCode(open, BRAKES, { email: 'once@example.com', now: NOW })).resolves.toMatchObject({ code: open });
  });

  it('up to its cap: 409 "used up" once its uses reach it; once-per-customer marks are no uses', async () => {
    const name = await code({ maxUses: 2, oncePerCustomer: true });
    const rule = await usableCode(name, BRAKES, { now: NOW });
    await redeemCode(rule, order('first@example.com'));
    await expect(usableCode(name, BRAKES, { now: NOW })).resolves.toMatchObject({ code: name });
    await redeemCode(rule, order('second@example.com'));
    expect(await DiscountRedemption.countDocuments({ code: name })).toBe(4);
    expect(await refusal(usableCode(name, BRAKES, { email: 'third@example.com', now: NOW }))).toEqual({
      type: 'ConflictError',
      message: CODE_TEXT.usedUp,
      field: { discountCode: [CODE_TEXT.usedUp] },
    });
  });
});

describe('a use of a code', () => {
  const ruleOf = async (fields: Partial<DiscountCodeDoc>): Promise<UsableCode> => usableCode(await code(fields), BRAKES, { now: NOW });

  it('of an uncapped code is one record per order, with the order, the email and the amount', async () => {
    const rule = await ruleOf({});
    const placed = order('Mixed.Case@Example.com');
    await redeemCode(rule, placed);
    await redeemCode(rule, order());
    const use = await DiscountRedemption.findById(`${rule.code}#${String(placed.orderId)}`).lean();
    expect(use).toMatchObject({ code: rule.code, orderId: placed.orderId, email: 'mixed.case@example.com', amountCents: 400, slot: true });
    expect(await DiscountRedemption.countDocuments({ code: rule.code })).toBe(2);
  });

  it('of a capped code takes a slot between 1 and the cap, then refuses (409) leaving nothing behind', async () => {
    const rule = await ruleOf({ maxUses: 3, oncePerCustomer: true });
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) await redeemCode(rule, order(email));
    const slots = (await DiscountRedemption.find({ code: rule.code, slot: true }).lean()).map((use) => String(use._id)).sort();
    expect(slots).toEqual([`${rule.code}#1`, `${rule.code}#2`, `${rule.code}#3`]);
    const late = order('d@example.com');
    await expect(redeemCode(rule, late)).rejects.toMatchObject({ status: 409, message: CODE_TEXT.usedUp });
    expect(await DiscountRedemption.countDocuments({ orderId: late.orderId })).toBe(0);
    // The email's once-per-customer mark went with it: the same email may try again later.
    expect(await DiscountRedemption.exists({ _id: `${rule.code}@d@example.com` })).toBeNull();
  });

  it('of a capped code finds a slot given back below the uses counted', async () => {
    const rule = await ruleOf({ maxUses: 3 });
    for (let i = 0; i < 3; i++) await redeemCode(rule, order());
    // The order holding slot 1 gives it back: 2 uses counted, and slot 3, just above them, is taken.
    const holder = await DiscountRedemption.findById(`${rule.code}#1`).lean();
    await releaseCodes(holder!.orderId);
    const next = order();
    await redeemCode(rule, next);
    expect(await DiscountRedemption.findById(`${rule.code}#1`).lean()).toMatchObject({ orderId: next.orderId });
    await expect(redeemCode(rule, order())).rejects.toMatchObject({ status: 409, message: CODE_TEXT.usedUp });
  });

  it('of a capped code takes one slot for its order, however many are free', async () => {
    const rule = await ruleOf({ maxUses: 10 });
    const placed = order();
    await redeemCode(rule, placed);
    expect(await DiscountRedemption.countDocuments({ orderId: placed.orderId })).toBe(1);
  });

  it('of a capped code finds the one slot left past the first 50 free ones a search would look at', async () => {
    const rule = await ruleOf({ maxUses: 60 });
    const taken = Array.from({ length: 60 }, (_, i) => i + 1).filter((n) => n !== 55);
    await DiscountRedemption.create(
      taken.map((n) => ({
        _id: `${rule.code}#${n}`,
        code: rule.code,
        orderId: new Types.ObjectId(),
        email: 'x@example.com',
        amountCents: 1,
        slot: true,
      })),
    );
    const last = order();
    await redeemCode(rule, last);
    expect(await DiscountRedemption.findById(`${rule.code}#55`).lean()).toMatchObject({ orderId: last.orderId });
  });

  it('answers a refusal on the code field', async () => {
    const rule = await ruleOf({ maxUses: 1, oncePerCustomer: true });
    await redeemCode(rule, order('field@example.com'));
    await expect(redeemCode(rule, order('field@example.com'))).rejects.toMatchObject({
      details: { fieldErrors: { discountCode: [CODE_TEXT.usedByYou] } },
    });
    await expect(redeemCode(rule, order('other.field@example.com'))).rejects.toMatchObject({
      details: { fieldErrors: { discountCode: [CODE_TEXT.usedUp] } },
    });
  });

  it('fails with the database error, not as used up or used by you, when the database fails', async () => {
    const lost = new Error('connection lost');
    for (const fields of [{ maxUses: 5 }, { oncePerCustomer: true }]) {
      const rule = await ruleOf(fields);
      const create = jest.spyOn(DiscountRedemption, 'create').mockRejectedValueOnce(lost as never);
      const placed = order();
      await expect(redeemCode(rule, placed)).rejects.toBe(lost);
      create.mockRestore();
      expect(await DiscountRedemption.countDocuments({ orderId: placed.orderId })).toBe(0);
    }
  });

  it("by an email with spaces around is that email's once", async () => {
    const rule = await ruleOf({ oncePerCustomer: true });
    await redeemCode(rule, order('  Spaced@Example.com '));
    await expect(usableCode(rule.code, BRAKES, { email: 'spaced@example.com', now: NOW })).rejects.toMatchObject({ status: 409 });
  });

  it('refuses a second use by one email of a once-per-customer code (409), whatever the case', async () => {
    const rule = await ruleOf({ oncePerCustomer: true });
    await redeemCode(rule, order('same@example.com'));
    const again = order('SAME@example.com');
    await expect(redeemCode(rule, again)).rejects.toMatchObject({ status: 409, message: CODE_TEXT.usedByYou });
    expect(await DiscountRedemption.countDocuments({ orderId: again.orderId })).toBe(0);
  });

  it("is given back with its order's release: the slot and the mark, and nobody else's", async () => {
    const rule = await ruleOf({ maxUses: 1, oncePerCustomer: true });
    const kept = await ruleOf({});
    const first = order('back@example.com');
    await redeemCode(rule, first);
    await redeemCode(kept, order('back@example.com'));
    await releaseCodes(first.orderId);
    expect(await DiscountRedemption.countDocuments({ code: rule.code })).toBe(0);
    expect(await DiscountRedemption.countDocuments({ code: kept.code })).toBe(1);
    await redeemCode(rule, order('back@example.com'));
    expect(await DiscountRedemption.exists({ _id: `${rule.code}#1` })).toBeTruthy();
  });
});
