import type { CartLineView } from '@/lib/cart';
import { TEXT } from '@/lib/core/texts';
import { Cart, Part } from '@/models';
import { makeZone } from '@/tests/helpers/checkout';
import { shopper } from '@/tests/helpers/shopper';
import { makePart } from '@/tests/helpers/factories';

/** A cart's lines (lib/cart): the price a line keeps, and the stock it is judged by. */

let zone: { standard: string };
const ADDRESS = { name: 'Lena Lines', line1: '4 Canal Street', city: 'Leeds', postalCode: 'LS1 4AB', country: 'GB' };
const checkoutBody = (email: string) => ({ email, address: ADDRESS, phone: '+44 113 496 0201', shippingMethod: zone.standard });

beforeAll(async () => {
  zone = await makeZone({ countries: ['GB'] });
});

const lineOf = (res: { body: { lines: CartLineView[] } }, partId: string) => res.body.lines.find((line) => line.partId === partId)!;

describe('a cart line', () => {
  it.each([
    ['raised', 12.5, 'price-raised'],
    ['lowered', 8.25, 'price-lowered'],
  ])('adding more of a part whose price was %s takes its current price, so the price-change flag clears', async (_, price, flag) => {
    const b = shopper();
    const part = await makePart({ price: 10, stock: 10 });
    await b.add(part, 1);
    await Part.updateOne({ _id: part }, { price });
    expect(lineOf(await b.cart(), part)).toMatchObject({ unitPrice: price, addedPrice: 10, problems: [flag] });

    const more = await b.add(part, 2);
    expect(more.status).toBe(201);
    expect(lineOf(more, part)).toMatchObject({ quantity: 3, unitPrice: price, addedPrice: price, problems: [] });
    expect(lineOf(await b.cart(), part).problems).toEqual([]);
    const stored = await Cart.findOne({ 'lines.partId': part }).lean();
    expect(stored!.lines[0]).toMatchObject({ quantity: 3, addedPrice: price });
  });

  it('for exactly the stock left carries no over-stock flag and can be bought; one more than the stock is flagged', async () => {
    const exact = shopper();
    const part = await makePart({ price: 15, stock: 3 });
    const added = await exact.add(part, 3);
    expect(added.status).toBe(201);
    expect(lineOf(added, part)).toMatchObject({ quantity: 3, availableQuantity: 3, problems: [] });
    // Another shopper's cart holds 3 too; the stock then falls to 2 under it.
    const late = shopper();
    await late.add(part, 3);

    const bought = await exact.checkout(checkoutBody('exact.stock@example.com'));
    expect(bought.status).toBe(201);
    expect((await Part.findById(part).lean())!.availableQuantity).toBe(0);

    await Part.updateOne({ _id: part }, { availableQuantity: 2 });
    expect(lineOf(await late.cart(), part).problems).toEqual(['over-stock']);
    const refused = await late.checkout(checkoutBody('late.stock@example.com'));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(TEXT.overStock);
    expect((await Part.findById(part).lean())!.availableQuantity).toBe(2);
  });
});
