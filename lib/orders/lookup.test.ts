import { Types } from 'mongoose';
import { connectDb } from '@/lib/platform/db';
import { TooManyRequestsError } from '@/lib/core/errors';
import { Order, OutboxMessage } from '@/models';
import { guestTokenOpens } from './guest-links';
import { sendOrderLink } from './lookup';

/** `/orders/lookup` (lib/orders/lookup.ts): an order's link, sent again to the order's own email only. */

let serial = 100_000;

/** An order as checkout stores it, with the fields a lookup reads. */
async function storedOrder(email: string, guest: boolean): Promise<{ id: string; number: string }> {
  await connectDb();
  const number = `PM-${serial++}`;
  const order = await Order.create({
    partId: new Types.ObjectId(),
    partName: 'Front pads',
    price: 20,
    name: 'Lou Lookup',
    email,
    address: '1 Mill Road, Leeds',
    phone: '+44 113 496 0205',
    quantity: 1,
    number,
    guest,
  });
  return { id: String(order._id), number };
}

const linksOf = (id: string) => OutboxMessage.find({ _id: { $regex: `^${id}:link:` } }).lean();

describe("an order's link sent again", () => {
  it("goes to the guest order's own email, however it is typed: the signed link, the greeting, the way to use it", async () => {
    const { id, number } = await storedOrder('lou.guest@example.com', true);
    await sendOrderLink(number.toLowerCase().replace('-', ''), '  Lou.Guest@Example.COM ', null);
    const [mail] = await linksOf(id);
    expect(mail).toMatchObject({ to: 'lou.guest@example.com', subject: `Your order ${number}` });
    expect(mail!.text).toContain('Hello Lou Lookup,');
    expect(mail!.text).toContain(`Here is the link to your order ${number}.`);
    expect(mail!.text).toContain('It opens the order to pay it, see the receipt and follow the delivery.');
    const link = mail!.text.match(/Open your order: (\S+)/)![1]!;
    expect(guestTokenOpens(new URL(link).searchParams.get('t'), id, 'lou.guest@example.com')).toBe(true);
  });

  it("of an account's order is its page, to open signed in", async () => {
    const { id, number } = await storedOrder('lou.account@example.com', false);
    await sendOrderLink(number, 'lou.account@example.com', null);
    const [mail] = await linksOf(id);
    expect(mail!.text).toContain(`Open your order: http://localhost:3000/dashboard/orders/${id}`);
    expect(mail!.text).toContain('Sign in to see it.');
  });

  it("sends nothing for another email, or for text that only holds the order's digits", async () => {
    const { id, number } = await storedOrder('lou.owner@example.com', true);
    await sendOrderLink(number, 'lou.other@example.com', null);
    await sendOrderLink(`order ${number} please`, 'lou.owner@example.com', null);
    await sendOrderLink(`${number.replace('PM-', '')}`.slice(0, 5), 'lou.owner@example.com', null);
    expect(await linksOf(id)).toHaveLength(0);
  });

  it('is limited per email (5 an hour, whatever the case) and per client address (10 an hour)', async () => {
    const { number } = await storedOrder('lou.limit@example.com', true);
    for (let i = 0; i < 5; i++) await sendOrderLink(number, i % 2 ? 'LOU.LIMIT@example.com' : 'lou.limit@example.com', null);
    await expect(sendOrderLink(number, ' Lou.Limit@example.com', null)).rejects.toBeInstanceOf(TooManyRequestsError);
    for (let i = 0; i < 10; i++) await sendOrderLink('PM-999999', `lou.address${i}@example.com`, '198.51.100.9');
    const refused = sendOrderLink('PM-999999', 'lou.address10@example.com', '198.51.100.9');
    await expect(refused).rejects.toMatchObject({ status: 429, message: 'Too many lookups, please wait a little and try again' });
    // Another address is counted apart.
    await expect(sendOrderLink('PM-999999', 'lou.address10@example.com', '203.0.113.7')).resolves.toBeUndefined();
  });
});
