import { GET as getCartRoute } from '@/app/api/cart/route';
import { DELETE as removeLineRoute } from '@/app/api/cart/lines/[partId]/route';
import { POST as createIntentRoute } from '@/app/api/create-payment-intent/route';
import { POST as placeOrderRoute } from '@/app/api/order/route';
import type { UserDTO } from '@/lib/auth/users';
import { ORDER_MAX, ORDER_MAX_TEXT } from '@/lib/validations/orders';
import { Cart, Order, Part, PaymentIntent } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makeZone } from '@/tests/helpers/checkout';
import { makePart, makeUser } from '@/tests/helpers/factories';
import { shopper } from '@/tests/helpers/shopper';

let customer: UserDTO;
let standard: string;
const ADDRESS = { name: 'Max Size', line1: '9 Big Road', city: 'Leeds', postalCode: 'LS2 7HX', country: 'GB' };
const PHONE = '+44 113 496 0500';

beforeAll(async () => {
  customer = await makeUser({ name: 'Max Size' });
  ({ standard } = await makeZone({ countries: ['GB'] }));
});

const placeOrder = (body: Record<string, unknown>) => callRoute(placeOrderRoute, '/api/order', { method: 'POST', as: customer, body });
const linesOf = (cart: { lines: Array<{ partId: string; quantity: number }> }) =>
  Object.fromEntries(cart.lines.map((line) => [line.partId, line.quantity]));

describe('an order has one maximum each for its total, its line quantities and its lines, on every path', () => {
  it("the spec's order: a total over the maximum is refused with 400 before anything is taken, exactly the maximum is placed", async () => {
    const dear = await makePart({ price: 24_000, stock: 100_000 });
    const huge = await placeOrder({ partId: dear, address: '9 Big Road, Leeds', phone: PHONE, quantity: 5 });
    expect(huge).toMatchObject({ status: 400, body: { error: ORDER_MAX_TEXT.total } });
    const tooMany = await placeOrder({ partId: dear, address: '9 Big Road, Leeds', phone: PHONE, quantity: ORDER_MAX.lineQuantity + 1 });
    expect(tooMany).toMatchObject({ status: 400, body: { error: ORDER_MAX_TEXT.quantity } });
    expect(await Order.countDocuments({ partId: dear })).toBe(0);
    expect((await Part.findById(dear).lean())!.availableQuantity).toBe(100_000);
    // Exactly the maximum: $25,000 x 4 = $100,000.00.
    const exact = await makePart({ price: 25_000, stock: 10 });
    expect((await placeOrder({ partId: exact, address: '9 Big Road, Leeds', phone: PHONE, quantity: 4 })).status).toBe(201);
  });

  it('checkout without a quotedTotal: a cart over the maximum never becomes an order nor a payment', async () => {
    const parts = await Promise.all([makePart({ price: 9_000, stock: 50 }), makePart({ price: 9_000, stock: 50 })]);
    // Written straight into the cart, as a cart filled before the limit existed (or by a bug) would be.
    const b = shopper();
    await b.add(parts[0]!, 1);
    await b.add(parts[1]!, 1);
    const owner = `g:${b.cookie()!.split('=')[1]!.split('.')[0]}`;
    await Cart.collection.updateOne({ _id: owner as never }, { $set: { 'lines.0.quantity': 12 } });
    const res = await b.checkout({ email: 'max@example.com', address: ADDRESS, phone: PHONE, shippingMethod: standard });
    expect(res).toMatchObject({ status: 400, body: { error: ORDER_MAX_TEXT.total } });
    expect(await Order.countDocuments({ email: 'max@example.com' })).toBe(0);
    expect(await PaymentIntent.countDocuments({})).toBe(0);
  });

  it('the cart refuses a line or a total over the maximum with 400 and keeps what it had', async () => {
    const b = shopper();
    const bulk = await makePart({ price: 1, stock: 50_000 });
    const dear = await makePart({ price: 30_000, stock: 10 });
    expect((await b.add(bulk, ORDER_MAX.lineQuantity)).status).toBe(201);
    expect(await b.add(bulk, 1)).toMatchObject({ status: 400, body: { error: ORDER_MAX_TEXT.quantity } });
    expect((await b.add(dear, 3)).status).toBe(201);
    // $10,000 + $90,000 is the maximum; one cent more is not.
    expect(await b.add(dear, 1)).toMatchObject({ status: 400, body: { error: ORDER_MAX_TEXT.total } });
    const cart = await b.call(getCartRoute, '/api/cart');
    expect(linesOf(cart.body)).toEqual({ [bulk]: ORDER_MAX.lineQuantity, [dear]: 3 });
  });

  it('a guest cart merged at sign-in keeps the 50-line limit: the lines that do not fit wait in the guest cart, and the buyer is told', async () => {
    const buyer = await makeUser({ name: 'Fifty Lines' });
    const account = shopper(buyer);
    const accountParts = await Promise.all(Array.from({ length: 24 }, () => makePart({ price: 1, stock: 5 })));
    for (const partId of accountParts) expect((await account.add(partId, 1)).status).toBe(201);
    const guest = shopper();
    const guestParts = await Promise.all(Array.from({ length: 30 }, () => makePart({ price: 1, stock: 5 })));
    // One guest line is a part the account holds already: it adds up.
    for (const partId of [accountParts[0]!, ...guestParts]) expect((await guest.add(partId, 1)).status).toBe(201);
    const signedIn = () => callRoute(getCartRoute, '/api/cart', { as: buyer, headers: { cookie: guest.cookie()! } });
    const merged = await signedIn();
    expect(merged.body.lineCount).toBe(ORDER_MAX.lines);
    expect(merged.body.leftInGuestCart).toBe(4);
    expect(linesOf(merged.body)[accountParts[0]!]).toBe(2);
    // The guest cookie stays while lines wait; asking again writes nothing and tells the same.
    expect(merged.headers.get('set-cookie')).toBeNull();
    const again = await signedIn();
    expect(again.body).toMatchObject({ lineCount: ORDER_MAX.lines, leftInGuestCart: 4 });
    // Room made: the waiting lines come in.
    for (const partId of accountParts.slice(1, 5))
      await callRoute(removeLineRoute, '/x', { method: 'DELETE', as: buyer, params: { partId } });
    const after = await signedIn();
    expect(after.body.lineCount).toBe(ORDER_MAX.lines);
    expect(after.body.leftInGuestCart).toBeUndefined();
    for (const partId of guestParts) expect(linesOf(after.body)[partId]).toBe(1);
  });
});

describe('the payment of an order over the maximum', () => {
  it('is never started, whatever stored the order', async () => {
    const partId = await makePart({ price: 50_000, stock: 10 });
    const placed = await placeOrder({ partId, address: '9 Big Road, Leeds', phone: PHONE, quantity: 2 });
    expect(placed.status).toBe(201);
    // A stored order over the maximum (placed before the rule, or raised by hand).
    await Order.updateOne({ _id: placed.body.insertedId }, { $set: { quantity: 3 } });
    const intent = await callRoute(createIntentRoute, '/api/create-payment-intent', {
      method: 'POST',
      as: customer,
      body: { orderId: placed.body.insertedId },
    });
    expect(intent).toMatchObject({ status: 409, body: { error: ORDER_MAX_TEXT.total } });
  });
});
