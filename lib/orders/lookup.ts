import 'server-only';
import { linkMail } from '@/lib/mail';
import { enqueueMail } from '@/lib/mail';
import { orderPageUrl } from './emails';
import { connectDb } from '@/lib/platform/db';
import { enforceLimits, LIMITS, perAddress } from '@/lib/rate-limit';
import { Order } from '@/models';
import { orderNumberOf } from '@/lib/validations/order-number';

export const LOOKUP_ANSWER = 'If an order with this number belongs to this email, we have sent its link to that address.';
const TOO_MANY = 'Too many lookups, please wait a little and try again';

/** `/orders/lookup`: a number and an email send the order's link again; the same answer whether or not it
 * exists (nothing to learn by guessing), rate limited per address and per email. */
export async function sendOrderLink(rawNumber: string, rawEmail: string, ip: string | null): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  await enforceLimits([...perAddress('lookup:ip', ip, LIMITS.mailPerIp), [`lookup:email:${email}`, LIMITS.mailPerEmail]], TOO_MANY);
  const typed = orderNumberOf(rawNumber);
  if (!typed) return;
  await connectDb();
  const order = await Order.findOne({ number: typed, email }, { number: 1, email: 1, name: 1, guest: 1 }).lean();
  if (!order) return;
  const id = String(order._id);
  const number = order.number ?? '';
  const mail = linkMail({
    to: email,
    subject: `Your order ${number}`,
    greeting: `Hello ${order.name},`,
    body: `Here is the link to your order ${number}.`,
    action: 'Open your order',
    link: orderPageUrl({ _id: id, email, guest: Boolean(order.guest) }),
    footer: order.guest ? 'It opens the order to pay it, see the receipt and follow the delivery.' : 'Sign in to see it.',
  });
  await enqueueMail(`${id}:link:${Date.now()}`, mail);
}
