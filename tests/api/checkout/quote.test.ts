import { Types } from 'mongoose';
import { CODE_TEXT } from '@/lib/checkout/discounts';
import { DiscountRedemption, Part } from '@/models';
import { makeCode, makeZone } from '@/tests/helpers/checkout';
import { shopper } from '@/tests/helpers/shopper';
import { makePart } from '@/tests/helpers/factories';

/** POST /api/checkout/quote (lib/checkout/quote.ts): what a cart costs delivered, and which lines it prices. */

let zone: { standard: string; express: string };
const TO_PARIS = { country: 'FR', postalCode: '75001' };

beforeAll(async () => {
  // Standard: $6 up to 5 kg, $12 above, free from $75; Express: $14.95 up to 2 kg, $24.95 up to 20 kg.
  zone = await makeZone({ name: 'France', countries: ['FR'] });
});

const methodOf = (res: { body: { methods: Array<{ id: string }> } }, id: string) => res.body.methods.find((method) => method.id === id);

/** A use of a capped code taken by another order, as a placed checkout leaves it. */
const takeUse = (code: string, n: number) =>
  DiscountRedemption.create({
    _id: `${code}#${n}`,
    code,
    orderId: new Types.ObjectId(),
    email: `buyer${n}@example.com`,
    amountCents: 100,
    slot: true,
  });

describe('a quote', () => {
  it('with a code whose uses are all taken answers 409 "used up", not the discount; one use left still applies', async () => {
    const b = shopper();
    await b.add(await makePart({ price: 40, stock: 10 }), 1);
    await makeCode('LAST2', { kind: 'percent', percent: 10, maxUses: 2 });
    await takeUse('LAST2', 1);
    const oneLeft = await b.quote({ ...TO_PARIS, discountCode: 'LAST2' });
    expect(oneLeft.status).toBe(200);
    expect(oneLeft.body.discountCode).toEqual({ code: 'LAST2', kind: 'percent' });
    expect(methodOf(oneLeft, zone.standard)).toMatchObject({ discount: 4, total: 42 });

    await takeUse('LAST2', 2);
    const usedUp = await b.quote({ ...TO_PARIS, discountCode: 'last2' });
    expect(usedUp.status).toBe(409);
    expect(usedUp.body).toEqual({ error: CODE_TEXT.usedUp, fieldErrors: { discountCode: [CODE_TEXT.usedUp] } });
  });

  it('prices only the lines that can be ordered: a withdrawn part counts for no goods, weight or code', async () => {
    const b = shopper();
    const pads = await makePart({ price: 30, stock: 10, weightKg: 1, category: 'brakes' });
    const rotor = await makePart({ price: 60, stock: 10, weightKg: 8, category: 'engine' });
    await b.add(pads, 1);
    await b.add(rotor, 1);
    await makeCode('ENGINE10', { kind: 'percent', percent: 10, categories: ['engine'] });
    const both = await b.quote(TO_PARIS);
    // $90 of goods, 9 kg: Standard's heavy band, free from $75.
    expect(both.body).toMatchObject({ subtotal: 90 });
    expect(methodOf(both, zone.express)).toMatchObject({ amount: 24.95, total: 114.95 });

    await Part.updateOne({ _id: rotor }, { archivedAt: new Date() });
    const left = await b.quote(TO_PARIS);
    expect(left.status).toBe(200);
    // The pads alone: $30, 1 kg, under the free threshold.
    expect(left.body).toMatchObject({ subtotal: 30, total: 36 });
    expect(methodOf(left, zone.standard)).toMatchObject({ amount: 6, total: 36 });
    expect(methodOf(left, zone.express)).toMatchObject({ amount: 14.95, total: 44.95 });
    // The withdrawn line is still shown, flagged.
    expect(left.body.lines.find((line: { partId: string }) => line.partId === rotor).problems).toEqual(['unavailable']);
    // A code for the withdrawn part's category has nothing to apply to.
    const code = await b.quote({ ...TO_PARIS, discountCode: 'ENGINE10' });
    expect(code.status).toBe(400);
    expect(code.body.error).toBe(CODE_TEXT.noLines);
  });

  it("leaves out a line whose part's stock fell below its minimum, flagged unavailable; at the minimum it is priced", async () => {
    const b = shopper();
    const filter = await makePart({ price: 12, stock: 3, minimumQuantity: 2 });
    const plug = await makePart({ price: 5, stock: 10 });
    await b.add(filter, 2);
    await b.add(plug, 2);
    // Stock at the minimum exactly: the line can still be ordered.
    await Part.updateOne({ _id: filter }, { availableQuantity: 2 });
    const atMinimum = await b.quote(TO_PARIS);
    expect(atMinimum.body.subtotal).toBe(34);
    expect(atMinimum.body.lines.find((line: { partId: string }) => line.partId === filter).problems).toEqual([]);

    await Part.updateOne({ _id: filter }, { availableQuantity: 1 });
    const cart = await b.cart();
    const flagged = cart.body.lines.find((line: { partId: string }) => line.partId === filter);
    expect(flagged).toMatchObject({ problems: ['unavailable'], availableQuantity: 1 });
    expect(cart.body.subtotal).toBe(10);
    const below = await b.quote(TO_PARIS);
    expect(below.body).toMatchObject({ subtotal: 10, total: 16 });
  });

  it('applies a code limited to a brand whatever the letter case the part and the code spell it in', async () => {
    const b = shopper();
    await b.add(await makePart({ price: 50, stock: 10, brand: 'BREMBO' }), 1);
    await b.add(await makePart({ price: 20, stock: 10, brand: 'Bosch' }), 1);
    await makeCode('BREMBO20', { kind: 'percent', percent: 20, brands: ['Brembo'] });
    const res = await b.quote({ ...TO_PARIS, discountCode: 'BREMBO20' });
    expect(res.status).toBe(200);
    // 20% of the $50 Brembo part only.
    expect(res.body).toMatchObject({ subtotal: 70, discount: 10 });
  });
});
