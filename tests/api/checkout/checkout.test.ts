import { Types } from 'mongoose';
import { GET as getCartRoute } from '@/app/api/cart/route';
import { POST as checkoutRoute } from '@/app/api/checkout/route';
import { GET as addressesRoute } from '@/app/api/checkout/addresses/route';
import { GET as orderRoute, DELETE as cancelRoute } from '@/app/api/order/[id]/route';
import { GET as myOrdersRoute, POST as placeOrderRoute } from '@/app/api/order/route';
import { POST as lookupRoute } from '@/app/api/orders/lookup/route';
import { POST as createIntentRoute } from '@/app/api/create-payment-intent/route';
import { POST as confirmCardRoute } from '@/app/api/test-gateway/confirm/route';
import { PATCH as payRoute } from '@/app/api/order/[id]/route';
import { DELETE as deletePartRoute } from '@/app/api/parts/[id]/route';
import { countOpenOrders } from '@/lib/catalog/parts';
import { CODE_TEXT, releaseCodes } from '@/lib/checkout/discounts';
import { CHECKOUT_TEXT } from '@/lib/checkout/place';
import { ALREADY_CANCELLED, ALREADY_PAID, expireUnpaidOrders, reconcileOrderIntents } from '@/lib/orders';
import { guestOrderToken } from '@/lib/orders/guest-links';
import { sumStockMoves } from '@/lib/stock';
import { takeLines, writeIntent } from '@/lib/orders/placement';
import type { UserDTO } from '@/lib/auth/users';
import {
  Cart,
  CheckoutClaim,
  DiscountRedemption,
  Order,
  OrderIntent,
  OrderOutcome,
  OutboxMessage,
  Part,
  ShopSettings,
  StockHold,
  StockMove,
} from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { withEnv } from '@/tests/helpers/env';
import { makeCode, makeTaxRate, makeZone } from '@/tests/helpers/checkout';
import { makePart, makeUser } from '@/tests/helpers/factories';
import { shopper } from '@/tests/helpers/shopper';

let customer: UserDTO;
let admin: UserDTO;
let gb: { standard: string; express: string };
let fr: { standard: string; express: string };

const ADDRESS = { name: 'Gina Guest', line1: '1 Mill Road', city: 'Leeds', postalCode: 'LS2 7HX', country: 'GB' };
const PHONE = '+44 113 496 0200';

beforeAll(async () => {
  customer = await makeUser({ name: 'Colin Checkout' });
  admin = await makeUser({ admin: true });
  gb = await makeZone({ countries: ['GB'] });
  fr = await makeZone({ name: 'Europe', countries: ['FR', 'DE'], standardCents: 1500 });
  await makeTaxRate('GB', 20, true);
  await makeTaxRate('FR', 20, false);
  await ShopSettings.create({ _id: 'shop', ordersEmail: 'owner@partsmart.example' });
});

// Each test is a scenario of its own: what earlier tests' unpaid orders hold does not carry over.
beforeEach(() => StockHold.deleteMany({}));

const browser = shopper;

const guestCheckout = (method: string, extra: Record<string, unknown> = {}) => ({
  email: 'gina@example.com',
  address: ADDRESS,
  phone: PHONE,
  shippingMethod: method,
  ...extra,
});

describe('quote', () => {
  it('prices every method from a country and postcode: bands, free threshold, tax on goods and shipping', async () => {
    const b = browser();
    const pads = await makePart({ price: 24.99, stock: 20, weightKg: 1.2 });
    const sensor = await makePart({ price: 9.5, stock: 20, weightKg: 0.1 });
    await b.add(pads, 1);
    await b.add(sensor, 2);
    const res = await b.quote({ country: 'gb', postalCode: 'ls2 7hx' });
    expect(res.status).toBe(200);
    // Goods 24.99 + 19.00 = 43.99; 1.4 kg: Standard $6, Express $14.95; VAT 20% on goods and shipping.
    const standard = res.body.methods.find((m: { id: string }) => m.id === gb.standard);
    const express = res.body.methods.find((m: { id: string }) => m.id === gb.express);
    expect(standard).toMatchObject({ label: 'Standard', amount: 6, discount: 0, tax: 10, total: 59.99 });
    expect(express).toMatchObject({ amount: 14.95, tax: 11.79, total: 70.73 });
    expect(standard.estimate).toMatchObject({ minDays: 1, maxDays: 2 });
    expect(standard.estimate.by).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(res.body).toMatchObject({ subtotal: 43.99, currency: 'usd', total: standard.total, tax: standard.tax });
    // From $75 Standard is free.
    await b.add(pads, 2);
    const free = await b.quote({ country: 'GB', postalCode: 'LS2 7HX' });
    expect(free.body.methods.find((m: { id: string }) => m.id === gb.standard).amount).toBe(0);
  });

  it('answers 400 for an unknown country and no methods where the shop does not ship; a part alone for its page', async () => {
    const b = browser();
    const part = await makePart({ price: 10, stock: 5, minimumQuantity: 2 });
    await b.add(part, 2);
    expect((await b.quote({ country: 'XX', postalCode: '12345' })).status).toBe(400);
    expect((await b.quote({ country: 'GB' })).status).toBe(400);
    const nowhere = await b.quote({ country: 'JP', postalCode: '100-0001' });
    expect(nowhere.status).toBe(200);
    expect(nowhere.body.methods).toEqual([]);
    const alone = await browser().quote({ country: 'FR', postalCode: '75001', partId: part });
    expect(alone.status).toBe(200);
    expect(alone.body.subtotal).toBe(20);
    expect(alone.body.methods.find((m: { id: string }) => m.id === fr.standard).amount).toBe(15);
  });

  it('applies each kind of code, its minimum and its limits, and says why one does not apply', async () => {
    const b = browser();
    const brake = await makePart({ price: 50, stock: 20, category: 'brakes', brand: 'Brembo' });
    const filter = await makePart({ price: 20, stock: 20, category: 'filters', brand: 'Bosch' });
    await b.add(brake, 1);
    await b.add(filter, 1);
    await makeCode('TENOFF', { kind: 'percent', percent: 10 });
    await makeCode('FIVER', { kind: 'fixed', amountCents: 500, minSubtotalCents: 10_000 });
    await makeCode('SHIPFREE', { kind: 'free-shipping' });
    await makeCode('BRAKES20', { kind: 'percent', percent: 20, categories: ['brakes'] });
    await makeCode('OLD', { kind: 'percent', percent: 50, endsAt: new Date(Date.now() - 1000) });
    await makeCode('SOON', { kind: 'percent', percent: 50, startsAt: new Date(Date.now() + 60_000) });
    await makeCode('PAUSED', { kind: 'percent', percent: 50, pausedAt: new Date() });
    await makeCode('ENGINE', { kind: 'percent', percent: 50, categories: ['engine'] });
    const quote = (discountCode: string) => b.quote({ country: 'FR', postalCode: '75001', discountCode });
    const standardOf = (res: { body: { methods: Array<{ id: string }> } }) => res.body.methods.find((m) => m.id === fr.standard)!;

    expect(standardOf(await quote('tenoff'))).toMatchObject({ discount: 7, total: 90.6 });
    expect(standardOf(await quote('BRAKES20'))).toMatchObject({ discount: 10 });
    expect(standardOf(await quote('SHIPFREE'))).toMatchObject({ amount: 15, discount: 15, total: 84 });
    for (const [code, message] of [
      ['FIVER', CODE_TEXT.minimum(10_000)],
      ['OLD', CODE_TEXT.expired],
      ['SOON', CODE_TEXT.notYet],
      ['PAUSED', CODE_TEXT.paused],
      ['ENGINE', CODE_TEXT.noLines],
      ['NOPE', CODE_TEXT.unknown],
    ] as const) {
      const res = await quote(code);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: message, fieldErrors: { discountCode: [message] } });
    }
  });

  it('picks, among zones of the same position, the one the admin list shows first', async () => {
    const later = await makeZone({ name: 'ZZZ tie', countries: ['MX'] });
    const first = await makeZone({ name: 'AAA tie', countries: ['MX'] });
    const b = browser();
    await b.add(await makePart({ price: 10, stock: 5 }), 1);
    const res = await b.quote({ country: 'MX', postalCode: '01000' });
    expect(res.status).toBe(200);
    expect(res.body.methods.map((method: { id: string }) => method.id)).toEqual([first.standard, first.express]);
    expect(res.body.methods.map((method: { id: string }) => method.id)).not.toContain(later.standard);
  });
});

describe('checkout', () => {
  it('a guest pays one order for the whole cart: lines, shipping, code, tax, total; stock taken; emails; link', async () => {
    const b = browser();
    const pads = await makePart({ name: 'Front pads', price: 40, stock: 10, weightKg: 1 });
    const rotors = await makePart({ name: 'Front rotors', price: 60, stock: 10, minimumQuantity: 2, weightKg: 6 });
    const sensor = await makePart({ name: 'Wear sensor', price: 8.5, stock: 10, weightKg: 0.05 });
    await b.add(pads, 1);
    await b.add(rotors, 2);
    await b.add(sensor, 1);
    await makeCode('JOB10', { kind: 'percent', percent: 10 });
    const quote = await b.quote({ country: 'GB', postalCode: 'LS2 7HX', discountCode: 'JOB10' });
    const express = quote.body.methods.find((m: { id: string }) => m.id === gb.express);
    // Goods 168.50, 10% off = 16.85; 13.05 kg Express $24.95; VAT 20% of (151.65 + 24.95) = 35.32.
    expect(express).toMatchObject({ amount: 24.95, discount: 16.85, tax: 35.32, total: 211.92 });

    const res = await b.checkout(guestCheckout(gb.express, { discountCode: 'JOB10', quotedTotal: express.total }), 'job-1');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ orderNumber: expect.stringMatching(/^PM-\d+$/), total: express.total });
    expect(res.body.orderUrl).toMatch(new RegExp(`^/orders/${res.body.orderId}\\?t=${res.body.orderId}\\.\\d+\\.`));
    const order = await Order.findById(res.body.orderId).lean();
    expect(order).toMatchObject({
      guest: true,
      email: 'gina@example.com',
      name: 'Gina Guest',
      totalCents: 21192,
      taxCents: 3532,
      goodsCents: 16850,
    });
    expect(order!.lines).toHaveLength(3);
    expect(order!.shipping).toMatchObject({ label: 'Express', amountCents: 2495 });
    expect(order!.discount).toMatchObject({ code: 'JOB10', amountCents: 1685 });
    // A guest's order holds its stock for GUEST_HOLD_MINUTES (15).
    expect(order!.holdUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(order!.holdUntil!.getTime()).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    for (const [id, left] of [
      [pads, 9],
      [rotors, 8],
      [sensor, 9],
    ] as const) {
      expect((await Part.findById(id).lean())!.availableQuantity).toBe(left);
      expect((await sumStockMoves(id)).total).toBe(left);
    }
    expect((await b.call(getCartRoute, '/api/cart')).body.lines).toEqual([]);
    // The same key answers the same order.
    const again = await b.checkout(guestCheckout(gb.express, { discountCode: 'JOB10', quotedTotal: express.total }), 'job-1');
    expect(again.body.orderId).toBe(res.body.orderId);
    // The guest's email holds the signed link; the shop's inbox is told.
    const mails = await OutboxMessage.find({ _id: { $regex: `^${res.body.orderId}:` } }).lean();
    const placed = mails.find((mail) => String(mail._id).endsWith(':placed'))!;
    expect(placed.to).toBe('gina@example.com');
    expect(placed.text).toContain(`/orders/${res.body.orderId}?t=`);
    expect(placed.text).toContain('Front rotors x 2: $120.00');
    expect(placed.text).toContain('Discount (JOB10)');
    expect(mails.find((mail) => String(mail._id).endsWith(':shop-notice'))!.to).toBe('owner@partsmart.example');

    // The link opens that order, and only it; no token, a broken one, another order's: no.
    const token = new URL(res.body.orderUrl, 'http://x').searchParams.get('t')!;
    const opened = await callRoute(orderRoute, '/x', { params: { id: res.body.orderId }, headers: { 'x-order-token': token } });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ total: express.total, tax: 35.32, guest: true, discount: { code: 'JOB10', amount: 16.85 } });
    expect(opened.body.lines.map((line: { partName: string }) => line.partName).sort()).toEqual([
      'Front pads',
      'Front rotors',
      'Wear sensor',
    ]);
    expect((await callRoute(orderRoute, '/x', { params: { id: res.body.orderId } })).status).toBe(401);
    expect(
      (await callRoute(orderRoute, '/x', { params: { id: res.body.orderId }, headers: { 'x-order-token': `${token}x` } })).status,
    ).toBe(401);
    const forged = guestOrderToken(res.body.orderId, 'someone@else.example');
    expect((await callRoute(orderRoute, '/x', { params: { id: res.body.orderId }, headers: { 'x-order-token': forged } })).status).toBe(
      401,
    );
  });

  it('answers 409 with the new quote when a price changed since the quote; the confirmed total places it', async () => {
    const b = browser();
    const part = await makePart({ price: 30, stock: 5 });
    await b.add(part, 1);
    const first = (await b.quote({ country: 'GB', postalCode: 'LS2 7HX' })).body.methods.find((m: { id: string }) => m.id === gb.standard);
    await Part.updateOne({ _id: part }, { price: 35 });
    const refused = await b.checkout(guestCheckout(gb.standard, { quotedTotal: first.total }));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(CHECKOUT_TEXT.changed);
    const fresh = refused.body.quote.methods.find((m: { id: string }) => m.id === gb.standard);
    expect(fresh.total).toBe(49.2);
    expect((await Part.findById(part).lean())!.availableQuantity).toBe(5);
    const placed = await b.checkout(guestCheckout(gb.standard, { quotedTotal: fresh.total }));
    expect(placed.status).toBe(201);
    expect(placed.body.total).toBe(fresh.total);
  });

  it('is all or nothing: racing carts over a scarce last part give back every unit they took, and their code', async () => {
    // Created in this order, so placed in this order (by part id): the third part runs out first.
    const first = await makePart({ price: 10, stock: 10 });
    const second = await makePart({ price: 10, stock: 10 });
    const third = await makePart({ price: 10, stock: 4 });
    await makeCode('RACE', { kind: 'fixed', amountCents: 100 });
    const buyers = Array.from({ length: 10 }, () => browser());
    for (const buyer of buyers) for (const id of [third, first, second]) await buyer.add(id, 1);
    const before = await Order.countDocuments();
    const results = await Promise.all(
      buyers.map((buyer, i) => buyer.checkout(guestCheckout(gb.standard, { discountCode: 'RACE', email: `racer${i}@example.com` }))),
    );
    const placed = results.filter((res) => res.status === 201);
    expect(placed).toHaveLength(4);
    expect(results.filter((res) => res.status === 409)).toHaveLength(6);
    for (const res of results.filter((r) => r.status === 409)) expect(res.body.quote).toBeDefined();
    expect(await Order.countDocuments()).toBe(before + 4);
    for (const [id, left] of [
      [first, 6],
      [second, 6],
      [third, 0],
    ] as const) {
      expect((await Part.findById(id).lean())!.availableQuantity).toBe(left);
      expect((await sumStockMoves(id)).total).toBe(left);
    }
    expect(await DiscountRedemption.countDocuments({ code: 'RACE' })).toBe(4);
  });

  it('one cart submitted from several tabs at once becomes one order; the others take nothing', async () => {
    const b = browser();
    const [pads, rotor] = [await makePart({ price: 30, stock: 20 }), await makePart({ price: 45, stock: 20 })];
    await b.add(pads, 2);
    await b.add(rotor, 1);
    await makeCode('TABS', { kind: 'fixed', amountCents: 500, maxUses: 10 });
    const before = await Order.countDocuments();
    // Each tab sends its own Idempotency-Key, as the checkout page does for each attempt.
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, tab) => b.checkout(guestCheckout(gb.standard, { discountCode: 'TABS' }), `tab-${tab}-${Date.now()}`)),
    );
    const placed = results.filter((res) => res.status === 201);
    expect(placed).toHaveLength(1);
    for (const res of results.filter((r) => r.status !== 201)) {
      // Refused after the order was stored (409, this text), or once the cart was emptied (400).
      expect([CHECKOUT_TEXT.alreadyOrdered, CHECKOUT_TEXT.empty]).toContain(res.body.error);
    }
    expect(await Order.countDocuments()).toBe(before + 1);
    for (const [id, left] of [
      [pads, 18],
      [rotor, 19],
    ] as const) {
      expect((await Part.findById(id).lean())!.availableQuantity).toBe(left);
      expect((await sumStockMoves(id)).total).toBe(left);
    }
    expect(await DiscountRedemption.countDocuments({ code: 'TABS' })).toBe(1);
    expect(await OrderIntent.countDocuments({ _id: { $ne: placed[0]!.body.orderId } })).toBe(0);
  });

  it("a cart's checkout waits while another tab's checkout of it runs, and takes over a claim whose checkout died", async () => {
    const part = await makePart({ price: 30, stock: 10 });
    const b = browser();
    await b.add(part, 2);
    const cart = (await Cart.findOne().sort({ updatedAt: -1 }).lean())!;
    const version = `${cart._id}@${new Date(cart.createdAt!).getTime()}#${cart.rev}`;
    const other = new Types.ObjectId();
    await CheckoutClaim.collection.insertOne({ _id: version, orderId: other, until: new Date(Date.now() + 60_000) } as never);
    const waiting = b.checkout(guestCheckout(gb.standard));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await Order.exists({ cartVersion: version })).toBeNull();
    // The other tab's checkout died: its claim ran out.
    await CheckoutClaim.collection.updateOne({ _id: version } as never, { $set: { until: new Date(Date.now() - 1) } });
    const res = await waiting;
    expect(res.status).toBe(201);
    const order = (await Order.findById(res.body.orderId).lean())!;
    expect(order.cartVersion).toBe(version);
    expect(order.stockAtPayment).toBeFalsy();
    expect((await Part.findById(part).lean())!.availableQuantity).toBe(8);
    expect(await CheckoutClaim.countDocuments({ _id: version })).toBe(0);
  });

  it('a code capped at 3 uses is used exactly 3 times by 12 concurrent checkouts', async () => {
    await makeCode('CAP3', { kind: 'percent', percent: 5, maxUses: 3 });
    const part = await makePart({ price: 10, stock: 100 });
    const buyers = Array.from({ length: 12 }, () => browser());
    for (const buyer of buyers) await buyer.add(part, 1);
    const results = await Promise.all(
      buyers.map((buyer, i) => buyer.checkout(guestCheckout(gb.standard, { discountCode: 'CAP3', email: `capped${i}@example.com` }))),
    );
    expect(results.filter((res) => res.status === 201)).toHaveLength(3);
    const refused = results.filter((res) => res.status !== 201);
    expect(refused.every((res) => res.status === 409 && res.body.error === CODE_TEXT.usedUp)).toBe(true);
    expect(await Order.countDocuments({ 'discount.code': 'CAP3' })).toBe(3);
    expect((await Part.findById(part).lean())!.availableQuantity).toBe(97);
  });

  it('a code capped at a million uses takes a slot just above the uses counted, at the cost of an uncapped one', async () => {
    await makeCode('MILLION', { kind: 'percent', percent: 5, maxUses: 1_000_000 });
    const part = await makePart({ price: 10, stock: 100 });
    for (let i = 0; i < 4; i++) {
      const buyer = browser();
      await buyer.add(part, 1);
      const started = performance.now();
      expect((await buyer.checkout(guestCheckout(gb.standard, { discountCode: 'MILLION' }))).status).toBe(201);
      // Choosing among every free slot of the cap took 1.2 to 1.6 s of blocked CPU per checkout.
      expect(performance.now() - started).toBeLessThan(1000);
    }
    const slots = (await DiscountRedemption.find({ code: 'MILLION' }).lean()).map((use) => Number(String(use._id).split('#')[1]));
    expect(slots).toHaveLength(4);
    for (const slot of slots) expect(slot).toBeLessThanOrEqual(4 + 64);
  });

  it('a capped code finds a slot given back below its count, then refuses once every slot is taken', async () => {
    await makeCode('HOLE3', { kind: 'percent', percent: 5, maxUses: 3 });
    const part = await makePart({ price: 10, stock: 100 });
    const checkout = async () => {
      const buyer = browser();
      await buyer.add(part, 1);
      return buyer.checkout(guestCheckout(gb.standard, { discountCode: 'HOLE3' }));
    };
    for (let i = 0; i < 3; i++) expect((await checkout()).status).toBe(201);
    // The order holding slot 1 gives its use back (as a cancelled one does): the count is 2, slot 3 is taken.
    const first = await DiscountRedemption.findById('HOLE3#1').lean();
    await releaseCodes(first!.orderId);
    const again = await checkout();
    expect(again.status).toBe(201);
    expect(await DiscountRedemption.findById('HOLE3#1').lean()).toMatchObject({ orderId: new Types.ObjectId(again.body.orderId) });
    expect(await checkout()).toMatchObject({ status: 409, body: { error: CODE_TEXT.usedUp } });
    expect(await DiscountRedemption.countDocuments({ code: 'HOLE3' })).toBe(3);
  });

  it('limits the orders guests place per email and per client address; a refused checkout counts nothing', async () => {
    // Four buyers' orders from one address: the guest limits, not the hold limits (each held here).
    await withEnv({ GUEST_ORDERS_PER_EMAIL_PER_HOUR: '2', GUEST_ORDERS_PER_ADDRESS_PER_HOUR: '3', UNPAID_HOLD_ORDERS: '0' }, async () => {
      const part = await makePart({ price: 10, stock: 50 });
      const from = { 'x-forwarded-for': '198.51.100.77' };
      const attempt = async (email: string, as?: UserDTO) => {
        const buyer = browser(as);
        await buyer.add(part, 1);
        return buyer.call(checkoutRoute, '/api/checkout', {
          method: 'POST',
          headers: from,
          body: as ? { address: ADDRESS, phone: PHONE, shippingMethod: gb.standard } : guestCheckout(gb.standard, { email }),
        });
      };
      expect((await attempt('limit.one@example.com')).status).toBe(201);
      // Refused for its own reason (no such method): it gives its place back.
      const refused = await browser().call(checkoutRoute, '/api/checkout', {
        method: 'POST',
        headers: from,
        body: guestCheckout('0123456789abcdef01234567', { email: 'limit.one@example.com' }),
      });
      expect(refused.status).toBe(400);
      expect((await attempt('limit.one@example.com')).status).toBe(201);
      const perEmail = await attempt('Limit.One@example.com');
      expect(perEmail).toMatchObject({ status: 429, body: { error: CHECKOUT_TEXT.tooMany } });
      // Until the hour's window ends.
      expect(Number(perEmail.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(perEmail.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
      expect((await attempt('limit.two@example.com')).status).toBe(201);
      expect((await attempt('limit.three@example.com')).status).toBe(429);
      // A verified customer answers for their own orders: not a guest's limit. An unverified account
      // could be anybody's, so it counts as a guest.
      expect((await attempt('', customer)).status).toBe(201);
      const unverified = await makeUser({ verified: false });
      expect((await attempt('', unverified)).status).toBe(429);
      expect(await Order.countDocuments({ email: /^limit\./ })).toBe(3);
      expect((await Part.findById(part).lean())!.availableQuantity).toBe(46);
    });
  });

  it('pays an order that costs nothing as it is placed, and refuses a total a card cannot pay', async () => {
    await makeCode('ALLOFF', { kind: 'percent', percent: 100 });
    await makeCode('NEARLY', { kind: 'fixed', amountCents: 7990 });
    const nz = await makeZone({ name: 'Free to NZ', countries: ['NZ'], freeOverCents: 0 });
    const toNz = (discountCode: string, email: string) =>
      guestCheckout(nz.standard, { discountCode, email, address: { ...ADDRESS, city: 'Wellington', postalCode: '6011', country: 'NZ' } });
    const part = await makePart({ price: 80, stock: 10 });
    // Shipping is free to NZ, with no tax: 100% off leaves nothing to pay.
    const free = browser();
    await free.add(part, 1);
    const res = await free.checkout(toNz('ALLOFF', 'free.order@example.com'));
    expect(res).toMatchObject({ status: 201, body: { total: 0 } });
    // Paid as placed: nothing to pay, "Place order and pay" opens the order itself.
    expect(res.body.payUrl).toBe(res.body.orderUrl);
    expect(await Order.findById(res.body.orderId).lean()).toMatchObject({
      totalCents: 0,
      paid: true,
      transactionId: `free-${res.body.orderId}`,
    });
    const mails = (await OutboxMessage.find({ _id: { $regex: `^${res.body.orderId}:` } }).lean()).map((mail) => String(mail._id));
    expect(mails.sort()).toEqual([`${res.body.orderId}:paid`, `${res.body.orderId}:shop-notice`]);
    // $0.10 left to pay: under what a card can be charged, so nothing is placed.
    const nearly = browser();
    await nearly.add(part, 1);
    const refused = await nearly.checkout(toNz('NEARLY', 'nearly.free@example.com'));
    expect(refused).toMatchObject({
      status: 400,
      body: { error: CHECKOUT_TEXT.belowCardMinimum, fieldErrors: { discountCode: [CHECKOUT_TEXT.belowCardMinimum] } },
    });
    expect(await Order.countDocuments({ email: 'nearly.free@example.com' })).toBe(0);
    expect((await Part.findById(part).lean())!.availableQuantity).toBe(9);
  });

  it('refuses bad input with 400 and changes nothing: empty cart, bad address, unknown method, no email for a guest', async () => {
    const b = browser();
    expect((await b.checkout(guestCheckout(gb.standard))).body.error).toBe(CHECKOUT_TEXT.empty);
    const part = await makePart({ price: 10, stock: 5 });
    await b.add(part, 1);
    const cases: Array<Record<string, unknown>> = [
      guestCheckout('0123456789abcdef01234567'),
      guestCheckout(gb.standard, { email: undefined }),
      guestCheckout(gb.standard, { address: { ...ADDRESS, country: 'ZZ' } }),
      guestCheckout(gb.standard, { address: { ...ADDRESS, line1: '' } }),
      guestCheckout(gb.standard, { address: { ...ADDRESS, country: 'JP' } }),
      guestCheckout(gb.standard, { phone: '1' }),
      // A line break would add a line of the sender's choosing to the order's emails.
      guestCheckout(gb.standard, { address: { ...ADDRESS, name: 'Mallory\nPay here instead: http://evil.example/pay' } }),
      guestCheckout(gb.standard, { address: { ...ADDRESS, line2: 'Flat 1\u0000' } }),
      guestCheckout(gb.standard, { phone: '555 0100 123\r\nBcc: x@example.com' }),
      guestCheckout(gb.standard, { quotedTotal: -1 }),
      guestCheckout(gb.standard, { discountCode: '$where' }),
      { ...guestCheckout(gb.standard), address: { $gt: '' } },
    ];
    for (const body of cases) {
      const res = await b.checkout(body);
      expect([400, 409]).toContain(res.status);
      expect(res.status).toBe(400);
    }
    const broken = await b.checkout(guestCheckout(gb.standard, { address: { ...ADDRESS, city: 'Leeds\nPay here instead' } }));
    expect(broken.body).toEqual({ error: 'City must be on one line', fieldErrors: { 'address.city': ['City must be on one line'] } });
    expect((await Part.findById(part).lean())!.availableQuantity).toBe(5);
  });

  it('customers check out from their own cart; admins cannot; the address book fills the next checkout', async () => {
    const b = browser(customer);
    const part = await makePart({ price: 80, stock: 5 });
    await b.add(part, 1);
    const res = await b.checkout({ address: { ...ADDRESS, name: 'Colin Checkout' }, phone: PHONE, shippingMethod: gb.standard });
    expect(res.status).toBe(201);
    expect(res.body.orderUrl).toBe(`/dashboard/orders/${res.body.orderId}`);
    expect(res.body.payUrl).toBe(`/dashboard/payment/${res.body.orderId}`);
    const book = await callRoute(addressesRoute, '/api/checkout/addresses', { as: customer });
    expect(book.body.prefill).toMatchObject({ phone: PHONE, address: { line1: '1 Mill Road', postalCode: 'LS2 7HX' } });
    const mine = await callRoute(myOrdersRoute, '/api/order', { as: customer });
    expect(mine.body[0]).toMatchObject({ _id: res.body.orderId, total: 96, shipping: { label: 'Standard', amount: 0 } });
    const byAdmin = await browser(admin).checkout({ address: ADDRESS, phone: PHONE, shippingMethod: gb.standard });
    expect(byAdmin.status).toBe(403);
  });

  it("the spec's POST /api/order still places a one-line order with the spec's answer", async () => {
    const part = await makePart({ price: 12.5, stock: 4 });
    const res = await callRoute(placeOrderRoute, '/api/order', {
      method: 'POST',
      as: customer,
      body: { partId: part, address: '12 Mill Road, Leeds', phone: PHONE, quantity: 2 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ acknowledged: true, insertedId: expect.any(String) });
    const order = await callRoute(orderRoute, '/x', { as: customer, params: { id: res.body.insertedId } });
    expect(order.body).toMatchObject({
      price: 12.5,
      quantity: 2,
      total: 25,
      lines: [{ partId: part, quantity: 2, lineTotal: 25 }],
      shipping: null,
    });
  });
});

describe('after checkout', () => {
  it('a part deleted while a checkout holds its stock but has not stored its order yet is archived, not deleted', async () => {
    const part = await makePart({ price: 5, stock: 5 });
    const late = browser();
    await late.add(part, 1);
    const orderId = new Types.ObjectId();
    // The checkout's intent and its stock move are written; its order is not stored yet.
    await writeIntent(orderId, [{ partId: new Types.ObjectId(part), quantity: 1 }], 'inflight@example.com');
    await takeLines(orderId, [{ partId: new Types.ObjectId(part), quantity: 1 }], 'inflight@example.com');
    const deleted = await callRoute(deletePartRoute, `/api/parts/${part}`, { method: 'DELETE', params: { id: part }, as: admin });
    expect(deleted.body).toEqual({ acknowledged: true, deletedCount: 1, archived: true });
    expect(await Part.findById(part).lean()).toMatchObject({ archivedAt: expect.any(Date), availableQuantity: 4 });
    // A checkout that reaches the part after that refuses it.
    expect((await late.checkout(guestCheckout(gb.standard, { email: 'late@example.com' }))).status).toBe(409);
    expect((await Part.findById(part).lean())!.availableQuantity).toBe(4);
    // The checkout in flight ends here, so that no later reconciliation takes its intent for a dead one.
    await OrderIntent.deleteOne({ _id: orderId });
  });

  it('a part held by any line of an open order is counted and archived, not deleted', async () => {
    const b = browser();
    const [first, later] = [await makePart({ price: 5, stock: 5 }), await makePart({ price: 6, stock: 5 })];
    await b.add(first!, 1);
    await b.add(later!, 2);
    expect((await b.checkout(guestCheckout(gb.standard))).status).toBe(201);
    // The order's own fields hold its first line; `later` is only in `lines`.
    expect(await countOpenOrders([first!, later!])).toEqual(
      new Map([
        [first!, 1],
        [later!, 1],
      ]),
    );
    const deleted = await callRoute(deletePartRoute, `/api/parts/${later}`, { method: 'DELETE', params: { id: later! }, as: admin });
    expect(deleted.body).toEqual({ acknowledged: true, deletedCount: 1, archived: true });
    expect(await Part.findById(later).lean()).toMatchObject({ archivedAt: expect.any(Date) });
  });

  it('a guest pays with the link: the payment amount is the order total; another order stays out of reach', async () => {
    const b = browser();
    const part = await makePart({ price: 33.33, stock: 5, weightKg: 0.5 });
    await b.add(part, 3);
    const res = await b.checkout(guestCheckout(gb.express));
    expect(res.status).toBe(201);
    const token = new URL(res.body.orderUrl, 'http://x').searchParams.get('t')!;
    const headers = { 'x-order-token': token };
    const intent = await callRoute(createIntentRoute, '/api/create-payment-intent', {
      method: 'POST',
      origin: null,
      headers,
      body: { orderId: res.body.orderId },
    });
    expect(intent.status).toBe(200);
    const order = await Order.findById(res.body.orderId).lean();
    expect(Math.round(intent.body.amount * 100)).toBe(order!.totalCents);
    expect(intent.body.amount).toBe(res.body.total);
    const card = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
    const confirmed = await callRoute(confirmCardRoute, '/x', {
      method: 'POST',
      origin: null,
      headers,
      body: { clientSecret: intent.body.clientSecret, ...card },
    });
    expect(confirmed.body.status).toBe('succeeded');
    const paid = await callRoute(payRoute, '/x', {
      method: 'PATCH',
      origin: null,
      headers,
      params: { id: res.body.orderId },
      body: { payment: { order: res.body.orderId, transactionId: confirmed.body.id } },
    });
    expect(paid.status).toBe(200);
    expect((await Order.findById(res.body.orderId).lean())!.paid).toBe(true);
    // The token opens its own order only.
    const other = await callRoute(placeOrderRoute, '/api/order', {
      method: 'POST',
      as: customer,
      body: { partId: part, address: '12 Mill Road', phone: PHONE, quantity: 1 },
    });
    const foreign = await callRoute(createIntentRoute, '/x', {
      method: 'POST',
      origin: null,
      headers,
      body: { orderId: other.body.insertedId },
    });
    expect(foreign.status).toBe(404);
  });

  it('an unpaid order past its hold is cancelled once, its stock and code returned, with an email', async () => {
    const b = browser();
    const part = await makePart({ price: 20, stock: 6 });
    await b.add(part, 2);
    await makeCode('HOLD1', { kind: 'fixed', amountCents: 100, maxUses: 5, oncePerCustomer: true });
    const res = await b.checkout(guestCheckout(gb.standard, { discountCode: 'HOLD1' }));
    expect(res.status).toBe(201);
    expect(await DiscountRedemption.countDocuments({ orderId: res.body.orderId })).toBe(2);
    await Order.updateOne({ _id: res.body.orderId }, { holdUntil: new Date(Date.now() - 1000) });
    // Two instances' jobs at once: one cancels, the ledger returns the stock once.
    const runs = await Promise.all([expireUnpaidOrders(), expireUnpaidOrders()]);
    expect(runs.reduce((sum, run) => sum + run.expired, 0)).toBe(1);
    const order = await Order.findById(res.body.orderId).lean();
    expect(order).toMatchObject({ cancelledBy: 'system' });
    expect((await Part.findById(part).lean())!.availableQuantity).toBe(6);
    expect((await sumStockMoves(part)).total).toBe(6);
    expect(await DiscountRedemption.countDocuments({ orderId: res.body.orderId })).toBe(0);
    const mail = await OutboxMessage.findById(`${res.body.orderId}:cancelled`).lean();
    expect(mail!.text).toContain('not paid in time');
    expect((await expireUnpaidOrders()).expired).toBe(0);
  });

  it('a crash between taking the stock and storing the order is given back by the reconciliation, every line and the code', async () => {
    const b = browser();
    const [one, two] = [await makePart({ price: 5, stock: 3 }), await makePart({ price: 5, stock: 3 })];
    await b.add(one, 1);
    await b.add(two, 2);
    await makeCode('CRASH1', { kind: 'fixed', amountCents: 100, maxUses: 1, oncePerCustomer: true });
    const create = jest.spyOn(Order, 'create').mockRejectedValueOnce(new Error('process died'));
    const release = jest.spyOn(DiscountRedemption, 'deleteMany').mockRejectedValueOnce(new Error('process died'));
    // The compensation itself "dies" too: nothing gives the stock back but the reconciliation.
    const original = StockMove.collection.insertMany.bind(StockMove.collection);
    const cancelSpy = jest
      .spyOn(StockMove.collection, 'insertMany')
      .mockImplementation(((docs: Array<{ reason?: string }>, options: never) =>
        docs.some((doc) => doc.reason === 'cancel')
          ? Promise.reject(new Error('process died'))
          : original(docs as never, options)) as never);
    const res = await b.checkout(guestCheckout(gb.standard, { discountCode: 'CRASH1' }));
    expect(res.status).toBe(500);
    create.mockRestore();
    cancelSpy.mockRestore();
    release.mockRestore();
    expect((await Part.findById(one).lean())!.availableQuantity).toBe(2);
    expect(await DiscountRedemption.countDocuments({ code: 'CRASH1' })).toBe(2);
    await OrderIntent.updateMany({}, { at: new Date(Date.now() - 120_000) });
    const result = await reconcileOrderIntents();
    expect(result.returned).toBe(2);
    expect((await Part.findById(one).lean())!.availableQuantity).toBe(3);
    expect((await Part.findById(two).lean())!.availableQuantity).toBe(3);
    // The code's only use, and this email's one, are free again.
    expect(await DiscountRedemption.countDocuments({ code: 'CRASH1' })).toBe(0);
    expect((await reconcileOrderIntents()).returned).toBe(0);
    expect((await b.checkout(guestCheckout(gb.standard, { discountCode: 'CRASH1' }))).status).toBe(201);
  });

  it('an outcome decided but never stamped (a crash mid-cancel or mid-payment) is stamped before any new payment', async () => {
    const intentFor = (orderId: string, token: string) =>
      callRoute(createIntentRoute, '/api/create-payment-intent', {
        method: 'POST',
        origin: null,
        headers: { 'x-order-token': token },
        body: { orderId },
      });
    const tokenOf = (res: { body: { orderUrl: string } }) => new URL(res.body.orderUrl, 'http://x').searchParams.get('t')!;

    const cancelled = browser();
    const part = await makePart({ price: 12, stock: 4 });
    await cancelled.add(part, 3);
    const first = await cancelled.checkout(guestCheckout(gb.standard));
    expect(first.status).toBe(201);
    // The cancel claimed its outcome, then its process died: stock not back, order not stamped.
    const longAgo = new Date(Date.now() - 120_000);
    await OrderOutcome.create({ orderId: first.body.orderId, outcome: 'cancelled', by: 'gina@example.com', at: longAgo });
    const refused = await intentFor(first.body.orderId, tokenOf(first));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(ALREADY_CANCELLED);
    expect(await Order.findById(first.body.orderId).lean()).toMatchObject({ cancelledBy: 'customer' });
    expect((await Part.findById(part).lean())!.availableQuantity).toBe(4);
    expect((await sumStockMoves(part)).total).toBe(4);

    const paid = browser();
    await paid.add(part, 1);
    const second = await paid.checkout(guestCheckout(gb.standard));
    expect(second.status).toBe(201);
    // The payment claimed its outcome, then its process died before stamping the order.
    await OrderOutcome.create({
      orderId: second.body.orderId,
      outcome: 'paid',
      intentId: 'pi_test_crashed',
      amountCents: 100,
      at: longAgo,
    });
    const again = await intentFor(second.body.orderId, tokenOf(second));
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(ALREADY_PAID);
    expect(await Order.findById(second.body.orderId).lean()).toMatchObject({ paid: true, transactionId: 'pi_test_crashed' });
    expect(await OutboxMessage.exists({ _id: `${second.body.orderId}:paid` })).toBeTruthy();

    // A cancel still under way (its outcome just claimed) is refused the payment but left to stamp its own order.
    const live = browser();
    await live.add(part, 1);
    const third = await live.checkout(guestCheckout(gb.standard));
    await OrderOutcome.create({ orderId: third.body.orderId, outcome: 'cancelled', by: 'gina@example.com' });
    expect((await intentFor(third.body.orderId, tokenOf(third))).status).toBe(409);
    expect((await Order.findById(third.body.orderId).lean())!.cancelledAt).toBeNull();
  });

  it('a guest cancels from the link; an account sees guest orders of its email once verified; lookup resends the link', async () => {
    const b = browser();
    const part = await makePart({ price: 20, stock: 6 });
    await b.add(part, 1);
    const email = `later${Date.now()}@example.com`;
    const res = await b.checkout(guestCheckout(gb.standard, { email }));
    const token = new URL(res.body.orderUrl, 'http://x').searchParams.get('t')!;
    const unverified = await makeUser({ email, verified: false });
    expect((await callRoute(myOrdersRoute, '/api/order', { as: unverified })).body).toEqual([]);
    expect((await callRoute(orderRoute, '/x', { as: unverified, params: { id: res.body.orderId } })).status).toBe(404);
    const { User } = await import('@/models');
    await User.updateOne({ email }, { emailVerified: new Date() });
    const verified = { ...unverified, emailVerified: true };
    expect((await callRoute(myOrdersRoute, '/api/order', { as: verified })).body.map((o: { _id: string }) => o._id)).toEqual([
      res.body.orderId,
    ]);

    const lookup = (body: Record<string, unknown>) => callRoute(lookupRoute, '/api/orders/lookup', { method: 'POST', body, origin: null });
    const known = await lookup({ number: res.body.orderNumber, email });
    const unknown = await lookup({ number: 'PM-999999', email });
    expect(known.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    const links = await OutboxMessage.find({ _id: { $regex: `^${res.body.orderId}:link:` } }).lean();
    expect(links).toHaveLength(1);
    expect(links[0]!.to).toBe(email);
    expect(links[0]!.text).toContain(`/orders/${res.body.orderId}?t=${res.body.orderId}.`);

    const cancelled = await callRoute(cancelRoute, '/x', {
      method: 'DELETE',
      params: { id: res.body.orderId },
      headers: { 'x-order-token': token },
      origin: null,
    });
    expect(cancelled.body).toMatchObject({ deletedCount: 1 });
    expect((await Part.findById(part).lean())!.availableQuantity).toBe(6);
  });
});
