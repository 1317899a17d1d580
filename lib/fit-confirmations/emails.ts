import 'server-only';
import type { OutboxMail } from '@/lib/mail';
import { orderPageUrl, renderEmail, type EmailRow, type OrderDTO, type OrderLineDTO } from '@/lib/orders';
import { fitAnswerUrl } from './tokens';
import { fitQuestion } from './types';

/** The fit-check email: one per order (its outbox key), a question and one-click Yes and No links per line with a vehicle. */

export const fitCheckMailKey = (orderId: string) => `fit-check:${orderId}`;

export function fitCheckMail(order: OrderDTO, lines: OrderLineDTO[]): OutboxMail {
  const vehicles = [...new Set(lines.map((line) => line.fit!.vehicle))];
  const rows = lines.flatMap((line): EmailRow[] => [
    ['Part', `${line.partName} x ${line.quantity}`],
    ['Question', fitQuestion(line.fit!.vehicle)],
    ['Yes', 'It fits', fitAnswerUrl(order._id, line.partId, true)],
    ['No', 'It does not fit', fitAnswerUrl(order._id, line.partId, false)],
  ]);
  return renderEmail(order.email, {
    subject: vehicles.length === 1 ? fitQuestion(vehicles[0]!) : `Did the parts of order ${order.number} fit?`,
    intro: `Hello ${order.name}, your order ${order.number} arrived a few days ago. Did it fit? One click answers for each part, no sign-in needed, and tells the next buyer with the same vehicle.`,
    rows: [['Order', order.number, orderPageUrl(order)], ...rows],
    action: { label: 'View your order', href: orderPageUrl(order) },
    outro: 'Each link answers once. If a part does not fit, its No link opens the return form with "does not fit" chosen.',
  });
}
