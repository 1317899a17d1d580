import { GET as orderRoute } from '@/app/api/order/[id]/route';
import { POST as placeOrderRoute } from '@/app/api/order/route';
import type { UserDTO } from '@/lib/auth/users';
import { Order, OutboxMessage, Part } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makeCode, makeTaxRate, makeZone } from '@/tests/helpers/checkout';
import { makePart, makeUser } from '@/tests/helpers/factories';
import { shopper, tokenOf } from '@/tests/helpers/shopper';

/** A part's core deposit through the cart, the quote, the order and its email (lib/orders/money.ts rule 6). */

let gb: { standard: string; express: string };
const TO_LEEDS = { country: 'GB', postalCode: 'LS2 7HX' };
const ADDRESS = { name: 'Gina Guest', line1: '1 Mill Road', city: 'Leeds', postalCode: 'LS2 7HX', country: 'GB' };

let customer: UserDTO;

beforeAll(async () => {
  customer = await makeUser({ name: 'Colin Core' });
  // Standard: $6 up to 5 kg, $12 above, free from $75; Express $24.95 up to 20 kg. VAT 20% on goods and shipping.
  gb = await makeZone({ countries: ['GB'] });
  await makeTaxRate('GB', 20, true);
});

const methodOf = (res: { body: { methods: Array<{ id: string }> } }, id: string) => res.body.methods.find((method) => method.id === id)!;

describe('a core deposit', () => {
  it('is its own cart line at the part line’s quantity, priced from the part, in the subtotal', async () => {
    const b = shopper();
    const alternator = await makePart({ name: 'Rebuilt alternator', price: 150, coreCharge: 45, weightKg: 5 });
    const filter = await makePart({ name: 'Oil filter', price: 10, weightKg: 0.5 });
    await b.add(alternator, 2);
    const cart = await b.add(filter, 1);
    expect(cart.status).toBe(201);
    expect(cart.body.lines.map((line: { core: unknown }) => line.core)).toEqual([{ unitPrice: 45, quantity: 2, lineTotal: 90 }, null]);
    expect(cart.body.subtotal).toBe(400);
    // The deposit follows the part's current charge, never the browser's.
    await Part.updateOne({ _id: alternator }, { coreCharge: 50 });
    expect((await b.cart()).body).toMatchObject({ subtotal: 410, lines: [{ core: { unitPrice: 50, lineTotal: 100 } }, { core: null }] });
  });

  it('is taxed like its part, never discounted, and left out of free shipping; the order keeps it at its price', async () => {
    const b = shopper();
    const alternator = await makePart({ name: 'Rebuilt alternator', price: 150, coreCharge: 45, weightKg: 5 });
    const filter = await makePart({ name: 'Oil filter', price: 10, weightKg: 0.5 });
    await b.add(alternator, 2);
    await b.add(filter, 1);
    await makeCode('TENOFF', { kind: 'percent', percent: 10 });
    const quote = await b.quote({ ...TO_LEEDS, discountCode: 'TENOFF' });
    expect(quote.status).toBe(200);
    // Goods 300 + 10 + deposits 90 = 400; 10% of the parts' 310 = 31; Standard free (279 of parts);
    // VAT 20% per line: 270 -> 54, 9 -> 1.80, deposits 90 -> 18: 73.80. Express adds 24.95 and its 4.99 of VAT.
    expect(quote.body).toMatchObject({ subtotal: 400, discount: 31 });
    expect(methodOf(quote, gb.standard)).toMatchObject({ amount: 0, discount: 31, tax: 73.8, total: 442.8 });
    expect(methodOf(quote, gb.express)).toMatchObject({ amount: 24.95, tax: 78.79, total: 472.74 });

    const placed = await b.checkout({
      email: 'gina@example.com',
      address: ADDRESS,
      phone: '+44 113 496 0200',
      shippingMethod: gb.standard,
      discountCode: 'TENOFF',
      quotedTotal: 442.8,
    });
    expect(placed.status).toBe(201);
    const stored = await Order.findById(placed.body.orderId).lean();
    expect(stored).toMatchObject({ goodsCents: 40_000, taxCents: 7380, totalCents: 44_280, discount: { amountCents: 3100 } });
    expect(stored!.lines!.map((line) => line.coreCharge)).toEqual([45, undefined]);

    // A later change of the part's charge leaves the order as it was placed.
    await Part.updateOne({ _id: alternator }, { coreCharge: 80 });
    const token = tokenOf(placed.body.orderUrl);
    const order = await callRoute(orderRoute, '/x', { params: { id: placed.body.orderId }, headers: { 'x-order-token': token } });
    expect(order.body).toMatchObject({ subtotal: 400, tax: 73.8, total: 442.8 });
    expect(order.body.lines[0]).toMatchObject({
      partName: 'Rebuilt alternator',
      lineTotal: 300,
      core: { unitPrice: 45, quantity: 2, lineTotal: 90 },
    });
    expect(order.body.lines[1]).not.toHaveProperty('core');

    const mail = await OutboxMessage.findById(`${placed.body.orderId}:placed`).lean();
    expect(mail!.text).toContain('Rebuilt alternator x 2: $300.00');
    expect(mail!.text).toMatch(/Core deposit\W+Rebuilt alternator x 2: \$90\.00/);
  });

  it('does not count toward free shipping: a $70 part with a $10 deposit still pays Standard', async () => {
    const b = shopper();
    await b.add(await makePart({ price: 70, coreCharge: 10, weightKg: 1 }), 1);
    const quote = await b.quote(TO_LEEDS);
    // 70 + 10 + shipping 6, VAT 14 + 2 + 1.20.
    expect(methodOf(quote, gb.standard)).toMatchObject({ amount: 6, tax: 17.2, total: 103.2 });
  });

  it('is charged on the spec’s one-part order too, and shown as its line', async () => {
    const alternator = await makePart({ name: 'Rebuilt starter', price: 99.99, coreCharge: 25.5, stock: 5 });
    const res = await callRoute(placeOrderRoute, '/api/order', {
      method: 'POST',
      as: customer,
      body: { partId: alternator, quantity: 2, address: '12 Mill Road, Leeds', phone: '+44 113 496 0200' },
    });
    expect(res.status).toBe(201);
    const order = await callRoute(orderRoute, '/x', { params: { id: res.body.insertedId }, as: customer });
    expect(order.body).toMatchObject({
      total: 250.98,
      subtotal: 250.98,
      lines: [{ lineTotal: 199.98, core: { unitPrice: 25.5, lineTotal: 51 } }],
    });
  });
});
