import 'server-only';
import { SITE_NAME } from '@/lib/core/site';
import { legalPath } from '@/content/legal';
import { appUrl, env } from '@/lib/platform/env';
import { CORE_TEXT } from '@/lib/core/texts';
import { formatPrice } from '@/lib/core/money';
import { escapeHtml, oneLine } from '@/lib/mail';
import { enqueueMail, enqueueMissingMails, type EnqueueOptions, type OutboxMail } from '@/lib/mail';
import type { OrderDTO } from '@/lib/orders/types';
import { guestOrderUrl } from '@/lib/orders/guest-links';

/** An order's emails: user-typed text is escaped in the HTML, and the `${orderId}:${event}` outbox key sends each once. */

export const ORDER_EMAIL_EVENTS = ['placed', 'paid', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderEmailEvent = (typeof ORDER_EMAIL_EVENTS)[number];
export type OrderEmailExtra = { cancelledBy?: OrderDTO['cancelledBy'] };

/** Email readers have no locale we know: dates are written in UTC, saying so. */
const utc = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const when = (iso: string | null | undefined) => `${utc.format(iso ? new Date(iso) : new Date())} UTC`;
/** A delivery is a day, the shop's (SHOP_TIME_ZONE): the day the admin gave, whatever the reader's zone. */
const deliveryDay = (iso: string | null) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: env().SHOP_TIME_ZONE }).format(iso ? new Date(iso) : new Date());

/** A customer's order page and payment page in the dashboard (a guest's are the order's signed link). */
export const customerOrderPath = (orderId: string) => `/dashboard/orders/${orderId}`;
export const paymentPath = (orderId: string) => `/dashboard/payment/${orderId}`;

/** The order's page: a customer's dashboard, or a guest's signed link (lib/orders/guest-links.ts). */
export const orderPageUrl = (order: Pick<OrderDTO, '_id' | 'email'> & { guest?: boolean }) =>
  order.guest ? guestOrderUrl(order._id, order.email) : `${appUrl()}${customerOrderPath(order._id)}`;
export const payUrl = (order: Pick<OrderDTO, '_id' | 'email'> & { guest?: boolean }) =>
  order.guest ? guestOrderUrl(order._id, order.email) : `${appUrl()}${paymentPath(order._id)}`;

export type EmailRow = [label: string, value: string, href?: string | null];

/** A reply reaches somebody only where SUPPORT_EMAIL is set (lib/mail sets it as Reply-To); else the shipping page's contact. */
const deliveryQuestions = () =>
  env().SUPPORT_EMAIL
    ? 'Questions about the delivery? Reply to this email with your order number.'
    : `Questions about the delivery? Contact us with your order number: ${appUrl()}${legalPath('shipping')}#problems`;
export type EmailContent = { subject: string; intro: string; rows: EmailRow[]; action?: { label: string; href: string }; outro: string };

/** The fit a line was confirmed for with the part's questions, under its part. */
const fitRow = (line: OrderDTO['lines'][number]): EmailRow[] => (line.fit ? [['Fit', line.fit.text]] : []);
/** A part's core deposit, its own line under its part. */
const coreRow = (line: OrderDTO['lines'][number]): EmailRow[] =>
  line.core ? [[CORE_TEXT.line, `${line.partName} x ${line.core.quantity}: ${formatPrice(line.core.lineTotal)}`]] : [];

function lines(order: OrderDTO): EmailRow[] {
  const parts: EmailRow[] =
    order.lines.length > 1
      ? order.lines.flatMap((line): EmailRow[] => [
          ['Part', `${line.partName} x ${line.quantity}: ${formatPrice(line.lineTotal)}`],
          ...coreRow(line),
          ...fitRow(line),
        ])
      : [
          ['Part', order.partName],
          ['Quantity', String(order.quantity)],
          ['Price per piece', formatPrice(order.price)],
          ...order.lines.flatMap(coreRow),
          ...order.lines.flatMap(fitRow),
        ];
  const delivered: EmailRow[] = order.shipping
    ? [
        ['Subtotal', formatPrice(order.subtotal)],
        ...(order.discount ? [[`Discount (${order.discount.code})`, `-${formatPrice(order.discount.amount)}`] as EmailRow] : []),
        [`Shipping (${order.shipping.label})`, formatPrice(order.shipping.amount)],
        ['Tax', formatPrice(order.tax)],
      ]
    : [];
  return [['Order', order.number], ...parts, ...delivered, ['Total', formatPrice(order.total)]];
}

const shipTo = (order: OrderDTO): EmailRow[] => [
  ['Ship to', `${order.name}, ${order.address}`],
  ...(order.shipping
    ? [['Delivery', `${order.shipping.minDays} to ${order.shipping.maxDays} working days after payment`] as EmailRow]
    : []),
  ['Phone', order.phone],
];

/** Delivered: the day, the shipment it ended, and where the returns policy is. */
const deliveredContent = (order: OrderDTO): EmailContent => ({
  subject: `Order ${order.number} was delivered`,
  intro: `Hello ${order.name}, your order was delivered on ${deliveryDay(order.deliveredAt)}. We hope the parts fit well.`,
  rows: [
    ['Order', order.number, orderPageUrl(order)],
    ...order.lines.flatMap((line): EmailRow[] => [['Part', `${line.partName} x ${line.quantity}`], ...fitRow(line)]),
    ['Delivered', deliveryDay(order.deliveredAt)],
    ['Shipped', when(order.shippedAt)],
    ...(order.carrier ? [['Carrier', order.carrier] as EmailRow] : []),
    ...(order.trackingNumber ? [['Tracking number', order.trackingNumber, order.trackingUrl] as EmailRow] : []),
    ['Delivered to', `${order.name}, ${order.address}`],
  ],
  action: { label: 'View your order', href: orderPageUrl(order) },
  outro: `Not the right part, or not what you expected? Our returns policy says how to send it back: ${appUrl()}${legalPath('returns')}`,
});

function contentOf(event: OrderEmailEvent, order: OrderDTO, extra: OrderEmailExtra): EmailContent {
  switch (event) {
    case 'placed':
      return {
        subject: `Order ${order.number} is booked: please pay it`,
        intro: `Thank you for your order, ${order.name}. It is booked and waits for your payment; we ship it once it is paid.`,
        rows: [...lines(order), ['Placed', when(order.createdAt)], ...shipTo(order)],
        action: { label: 'Pay your order', href: payUrl(order) },
        outro: order.guest
          ? 'Keep this email: its link opens your order to pay it, see the receipt and follow the delivery.'
          : 'Changed your mind? An unpaid order can be cancelled from your dashboard.',
      };
    case 'paid':
      return {
        subject: `Receipt for order ${order.number}`,
        intro: `Thank you, ${order.name}: we received your payment. This is your receipt.`,
        rows: [...lines(order), ['Paid', when(order.paidAt)], ['Transaction id', order.transactionId ?? ''], ...shipTo(order)],
        action: { label: 'View your order', href: orderPageUrl(order) },
        outro: 'We will email you again when your order ships.',
      };
    case 'shipped':
      return {
        subject: `Order ${order.number} has shipped`,
        intro: `Good news, ${order.name}: your order is on its way.`,
        rows: [
          ['Order', order.number, orderPageUrl(order)],
          ['Part', order.partName],
          ['Quantity', String(order.quantity)],
          ...order.lines.flatMap((line) =>
            fitRow(line).map(([label, text]): EmailRow => [label, order.lines.length > 1 ? `${line.partName}: ${text}` : text]),
          ),
          ['Shipped', when(order.shippedAt)],
          ['Carrier', order.carrier ?? 'Not given'],
          ['Tracking number', order.trackingNumber ?? 'Not given', order.trackingUrl],
          ...shipTo(order),
        ],
        action: order.trackingUrl
          ? { label: 'Track your parcel', href: order.trackingUrl }
          : { label: 'View your order', href: orderPageUrl(order) },
        outro: deliveryQuestions(),
      };
    case 'delivered':
      return deliveredContent(order);
    case 'cancelled': {
      const by = extra.cancelledBy ?? order.cancelledBy;
      return {
        subject: `Order ${order.number} was cancelled`,
        intro:
          by === 'admin'
            ? `Hello ${order.name}, the shop cancelled your order. Nothing was charged.`
            : by === 'system'
              ? `Hello ${order.name}, your order was not paid in time, so it was cancelled and its parts went back in stock. Nothing was charged.`
              : `Hello ${order.name}, you cancelled your order. Nothing was charged.`,
        rows: [
          ...lines(order),
          ['Cancelled', when(order.cancelledAt)],
          ['Cancelled by', by === 'admin' ? 'the shop' : by === 'system' ? 'the shop (not paid in time)' : 'you'],
        ],
        action: { label: 'View your order', href: orderPageUrl(order) },
        outro: 'The parts are back in stock if you want to order again.',
      };
    }
  }
}

/** An order email, both parts. */
export function orderEmail(event: OrderEmailEvent, order: OrderDTO, extra: OrderEmailExtra = {}): OutboxMail {
  return renderEmail(order.email, contentOf(event, order, extra));
}

/** An email of the shop's look to `to`, text and HTML, from its sentences, rows and button (order and return emails). */
export function renderEmail(to: string, written: EmailContent): OutboxMail {
  // Each sentence and row stays one line, whatever the customer typed in a name or an address.
  const content: EmailContent = {
    ...written,
    intro: oneLine(written.intro),
    rows: written.rows.map(([label, value, href]): EmailRow => [oneLine(label), oneLine(value), href]),
  };
  const width = Math.max(...content.rows.map(([label]) => label.length)) + 2;
  const text = [
    content.intro,
    '',
    ...content.rows.map(([label, value, href]) => `${`${label}:`.padEnd(width)}${value}${href ? ` (${href})` : ''}`),
    '',
    ...(content.action ? [`${content.action.label}: ${content.action.href}`, ''] : []),
    content.outro,
    '',
    SITE_NAME,
  ].join('\n');
  const rows = content.rows
    .map(([label, value, href]) => {
      const shown = href ? `<a href="${escapeHtml(href)}">${escapeHtml(value)}</a>` : escapeHtml(value);
      return `<tr><th align="left" style="padding:4px 16px 4px 0;color:#64748b;font-weight:normal">${escapeHtml(label)}</th><td style="padding:4px 0">${shown}</td></tr>`;
    })
    .join('');
  const action = content.action
    ? `<p><a href="${escapeHtml(content.action.href)}" style="display:inline-block;background:#f97316;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(content.action.label)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
<p>${escapeHtml(content.intro)}</p><table role="presentation" style="border-collapse:collapse">${rows}</table>
${action}<p style="color:#64748b;font-size:13px">${escapeHtml(content.outro)}</p><p>${SITE_NAME}</p></body></html>`;
  return { to, subject: content.subject, text, html };
}

/** The shop's own notice of a new order (to the address in its settings), through the outbox once. */
export async function enqueueShopNotice(order: OrderDTO, to: string): Promise<void> {
  const mail = orderEmail('placed', order);
  const text = [
    oneLine(
      `New order ${order.number} from ${order.name} <${order.email}>${order.guest ? ' (guest)' : ''}: ${formatPrice(order.total)}, not paid yet.`,
    ),
    '',
    ...order.lines.map(
      (line) =>
        `${line.quantity} x ${line.partName}: ${formatPrice(line.lineTotal)}${line.core ? ` + ${CORE_TEXT.line.toLowerCase()} ${formatPrice(line.core.lineTotal)}` : ''}${line.fit ? ` (${line.fit.text})` : ''}`,
    ),
    '',
    `Manage it: ${appUrl()}/dashboard/manageOrders?q=${order.number}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif"><pre>${escapeHtml(text)}</pre></body></html>`;
  try {
    // A new order's notice: no message can exist under its key yet (a retry meets the duplicate key).
    await enqueueMail(
      `${order._id}:shop-notice`,
      { ...mail, to, subject: `New order ${order.number}: ${formatPrice(order.total)}`, text, html },
      { fresh: true },
    );
  } catch (error) {
    console.error(`[order-emails] could not enqueue the shop's notice of ${order._id}:`, error);
  }
}

/** The outbox key of an order's email: one message per order and event. */
export const orderEmailKey = (orderId: string, event: OrderEmailEvent) => `${orderId}:${event}`;

/** Queues an order's email once per order and event. Never throws: an email must not fail the change that caused it. */
export async function enqueueOrderEmail(
  event: OrderEmailEvent,
  order: OrderDTO,
  extra: OrderEmailExtra = {},
  options: EnqueueOptions = {},
): Promise<boolean> {
  try {
    return await enqueueMail(orderEmailKey(order._id, event), orderEmail(event, order, extra), options);
  } catch (error) {
    console.error(`[order-emails] could not enqueue ${event} of ${order._id}:`, error);
    return false;
  }
}

/** The events an order's state says happened, and whose email still makes sense to send. */
export function emailEventsOf(order: OrderDTO): OrderEmailEvent[] {
  const events: OrderEmailEvent[] = [];
  // "Please pay" only while it can still be paid: never after a payment or a cancel.
  if (!order.paid && !order.cancelled) events.push('placed');
  if (order.paid) events.push('paid');
  if (order.status === 'shipped' || order.status === 'delivered') events.push('shipped');
  if (order.status === 'delivered') events.push('delivered');
  if (order.cancelled) events.push('cancelled');
  return events;
}

/** Re-creates the missing emails of these orders (an enqueue lost to a crash); existing ones stay, so reruns are harmless. */
export async function enqueueMissingOrderEmails(orders: OrderDTO[]): Promise<number> {
  return enqueueMissingMails(
    orders.flatMap((order) =>
      emailEventsOf(order).map((event) => ({ key: orderEmailKey(order._id, event), mail: () => orderEmail(event, order) })),
    ),
  );
}
