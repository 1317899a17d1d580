import { POST as lookupRoute } from '@/app/api/orders/lookup/route';
import { ORDER_NUMBER_FORMAT } from '@/lib/validations/checkout';
import { OutboxMessage } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makeZone } from '@/tests/helpers/checkout';
import { makePart } from '@/tests/helpers/factories';
import { shopper } from '@/tests/helpers/shopper';

/** `/orders/lookup` (issue 44): the number as the buyer types it, with or without `PM-`, sends the order's link again. */

type Placed = { orderId: string; number: string; email: string };
let first: Placed;
let second: Placed;

/** A guest's order of its own email: a lookup counts against its email's limit (5 an hour). */
async function placeOrder(standard: string, email: string): Promise<Placed> {
  const b = shopper();
  await b.add(await makePart({ price: 20, stock: 5 }), 1);
  const res = await b.checkout({
    email,
    address: { name: 'Fin Finder', line1: '4 Mill Road', city: 'Leeds', postalCode: 'LS2 7HX', country: 'GB' },
    phone: '+44 113 496 0500',
    shippingMethod: standard,
  });
  expect(res.status).toBe(201);
  return { orderId: res.body.orderId, number: res.body.orderNumber, email };
}

beforeAll(async () => {
  const { standard } = await makeZone({ countries: ['GB'] });
  first = await placeOrder(standard, `finder${Date.now()}@example.com`);
  second = await placeOrder(standard, `seeker${Date.now()}@example.com`);
});

let client = 0;
/** Each lookup from its own address: the per-address limit is not what these tests hold. */
const lookup = (body: Record<string, unknown>) =>
  callRoute(lookupRoute, '/api/orders/lookup', {
    method: 'POST',
    body,
    origin: null,
    headers: { 'x-forwarded-for': `203.0.113.${++client}` },
  });
const linksSent = ({ orderId }: Placed) => OutboxMessage.countDocuments({ _id: { $regex: `^${orderId}:link:` } });

describe('finding an order again by its number', () => {
  it('emails the link for the number with PM-, in lower case, without the dash, and as digits alone', async () => {
    const { number, email } = first;
    const digits = number.slice('PM-'.length);
    let sent = await linksSent(first);
    for (const typed of [number, number.toLowerCase(), `pm${digits}`, digits]) {
      const res = await lookup({ number: typed, email: email.toUpperCase() });
      expect([typed, res.status]).toEqual([typed, 202]);
      // One link per lookup (its id carries the time: a tick apart so that two never share one).
      await new Promise((resolve) => setTimeout(resolve, 2));
      expect([typed, await linksSent(first)]).toEqual([typed, ++sent]);
    }
  });

  it('answers an unknown number or another email as it answers a known one, and sends nothing', async () => {
    const { number, email } = second;
    const known = await lookup({ number, email });
    const before = await linksSent(second);
    const unknown = await lookup({ number: '999999', email });
    const otherEmail = await lookup({ number, email: 'someone@else.example' });
    expect([unknown.status, otherEmail.status]).toEqual([202, 202]);
    expect(unknown.body).toEqual(known.body);
    expect(otherEmail.body).toEqual(known.body);
    expect(await linksSent(second)).toBe(before);
  });

  it('refuses what is not an order number with 400 under the field, and sends nothing', async () => {
    const { number, email } = first;
    const before = await linksSent(first);
    for (const typed of ['10023', 'PM-10023', 'PX-100234', `${number}x`, 'my order']) {
      const res = await lookup({ number: typed, email });
      expect([typed, res.status, res.body.fieldErrors]).toEqual([typed, 400, { number: [ORDER_NUMBER_FORMAT] }]);
    }
    expect((await lookup({ number: '', email })).body.fieldErrors).toEqual({ number: ['Order number is Required'] });
    expect(await linksSent(first)).toBe(before);
  });
});
