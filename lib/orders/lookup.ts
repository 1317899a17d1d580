import 'server-only';
import { enqueueMail } from '@/lib/mail/outbox';
import { SITE_NAME } from '@/lib/platform/constants';
import { connectDb } from '@/lib/platform/db';
import { appUrl } from '@/lib/platform/env';
import { enforceLimits, LIMITS, perAddress } from '@/lib/platform/rate-limit';
import { Order } from '@/models';
import { guestOrderUrl } from './guest-links';
import { looksLikeOrderNumber, normalizeOrderNumber } from './numbers';

export const LOOKUP_ANSWER = 'If an order with this number belongs to this email, we have sent its link to that address.';
const TOO_MANY = 'Too many lookups, please wait a little and try again';

/**
 * `/orders/lookup`: an order number and an email send the order's link to that email again. The
 * answer is the same whether or not the order exists (nothing to learn by guessing), and it is rate
 * limited per address and per email.
 */
export async function sendOrderLink(rawNumber: string, rawEmail: string, ip: string | null): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  await enforceLimits([...perAddress('lookup:ip', ip, LIMITS.mailPerIp), [`lookup:email:${email}`, LIMITS.mailPerEmail]], TOO_MANY);
  if (!looksLikeOrderNumber(rawNumber)) return;
  await connectDb();
  const order = await Order.findOne({ number: normalizeOrderNumber(rawNumber), email }, { number: 1, email: 1, name: 1, guest: 1 }).lean();
  if (!order) return;
  const id = String(order._id);
  const link = order.guest ? guestOrderUrl(id, email) : `${appUrl()}/dashboard/orders/${id}`;
  const text = [
    `Hello ${order.name},`,
    '',
    `Here is the link to your order ${order.number}: ${link}`,
    order.guest ? 'It opens the order to pay it, see the receipt and follow the delivery.' : 'Sign in to see it.',
    '',
    SITE_NAME,
  ].join('\n');
  const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  await enqueueMail(`${id}:link:${Date.now()}`, {
    to: email,
    subject: `Your order ${order.number}`,
    text,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif"><p>Hello ${escape(order.name)},</p><p><a href="${escape(link)}">Open your order ${escape(order.number ?? '')}</a></p><p>${SITE_NAME}</p></body></html>`,
  });
}
