import { CHECKOUT_TEXT } from '@/lib/checkout/place';
import { sumStockMoves } from '@/lib/stock';
import { Order, OrderIntent, Part } from '@/models';
import { makeZone } from '@/tests/helpers/checkout';
import { shopper } from '@/tests/helpers/shopper';
import { makePart } from '@/tests/helpers/factories';

/** POST /api/checkout (lib/checkout/place.ts): an order at the amounts of a fresh quote, or none. */

let gb: { standard: string };
let nz: { standard: string };
const ADDRESS = { name: 'Pat Place', line1: '9 Wharf Street', city: 'Leeds', postalCode: 'LS2 7EE', country: 'GB' };
const body = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  address: ADDRESS,
  phone: '+44 113 496 0202',
  shippingMethod: gb.standard,
  ...extra,
});

beforeAll(async () => {
  gb = await makeZone({ countries: ['GB'] });
  // Shipping to New Zealand is free, and no tax rate is set: the total is the goods alone.
  nz = await makeZone({ name: 'Free to NZ', countries: ['NZ'], freeOverCents: 0 });
});

const standardOf = (quote: { methods: Array<{ id: string; total: number }> }) => quote.methods.find((method) => method.id === gb.standard)!;

describe('checkout', () => {
  it("refuses a price changed after the cart was read in the part's stock turn: 409 and a new quote, never the old price", async () => {
    const b = shopper();
    const part = await makePart({ price: 30, stock: 5 });
    await b.add(part, 2);
    // The price changes between the checkout's read of the cart and its turn in the part's ledger.
    const writeIntent = OrderIntent.create.bind(OrderIntent);
    const between = jest.spyOn(OrderIntent, 'create').mockImplementationOnce((async (...args: Parameters<typeof writeIntent>) => {
      await Part.updateOne({ _id: part }, { price: 32 });
      return writeIntent(...args);
    }) as never);
    const refused = await b.checkout(body('price.turn@example.com'));
    expect(between).toHaveBeenCalledTimes(1);
    between.mockRestore();
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(CHECKOUT_TEXT.changed);
    // The new quote: 2 x $32 and $6 shipping.
    expect(refused.body.quote.subtotal).toBe(64);
    expect(standardOf(refused.body.quote).total).toBe(70);
    expect(await Order.countDocuments({ email: 'price.turn@example.com' })).toBe(0);
    expect(await OrderIntent.countDocuments()).toBe(0);
    expect((await Part.findById(part).lean())!.availableQuantity).toBe(5);
    expect((await sumStockMoves(part)).total).toBe(5);

    // Confirmed at the new total, it is placed at the new price.
    const placed = await b.checkout(body('price.turn@example.com', { quotedTotal: 70 }));
    expect(placed.status).toBe(201);
    const order = await Order.findById(placed.body.orderId).lean();
    expect(order).toMatchObject({ totalCents: 7000, goodsCents: 6400 });
    expect(order!.lines![0]).toMatchObject({ unitPrice: 32, quantity: 2 });
  });

  it.each([
    ['0.50', 201],
    ['0.49', 400],
  ])('a total of $%s is accepted only from the card minimum of $0.50 (%i)', async (dollars, status) => {
    const price = Number(dollars);
    const b = shopper();
    const part = await makePart({ price, stock: 5 });
    await b.add(part, 1);
    const email = `minimum${Math.round(price * 100)}@example.com`;
    const res = await b.checkout({
      ...body(email),
      shippingMethod: nz.standard,
      address: { ...ADDRESS, city: 'Wellington', postalCode: '6011', country: 'NZ' },
    });
    expect(res.status).toBe(status);
    if (status === 201) {
      expect(res.body.total).toBe(0.5);
      // A card pays it: it is placed unpaid, holding its stock.
      expect(await Order.findById(res.body.orderId).lean()).toMatchObject({ totalCents: 50, paid: false });
      expect((await Part.findById(part).lean())!.availableQuantity).toBe(4);
    } else {
      expect(res.body.error).toBe(CHECKOUT_TEXT.belowCardMinimum);
      expect(await Order.countDocuments({ email })).toBe(0);
      expect((await Part.findById(part).lean())!.availableQuantity).toBe(5);
    }
  });
});
