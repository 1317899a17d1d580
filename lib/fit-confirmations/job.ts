import 'server-only';
import { dayIn, daysBetween } from '@/lib/core/calendar';
import { isDuplicateKey } from '@/lib/core/errors';
import { enqueueMail, isMailQueued } from '@/lib/mail';
import { toOrderDTO, type LeanOrder, type OrderDTO, type OrderLineDTO } from '@/lib/orders';
import { connectDb } from '@/lib/platform/db';
import { env } from '@/lib/platform/env';
import { FitCheckDue, Order } from '@/models';
import { linesToConfirm } from './confirm';
import { fitCheckMail, fitCheckMailKey } from './emails';

/** The fit-check job: FIT_CHECK_DAYS after delivery, one email per order asks about each line with a vehicle. */

export type FitCheckReport = { checked: number; sent: number };

const withVehicle = (order: Pick<OrderDTO, 'lines'>) => order.lines.filter((line) => Boolean(line.fit?.vehicle));

/** Notes a delivered order's fit check as due (the delivered hook, lib/register-hooks.ts); an order with no vehicle gets none. */
export async function scheduleFitCheck(order: Pick<OrderDTO, '_id' | 'deliveredAt' | 'lines'>): Promise<void> {
  if (!order.deliveredAt || !withVehicle(order).length) return;
  await connectDb();
  try {
    await FitCheckDue.create({ _id: order._id, deliveredAt: new Date(order.deliveredAt) });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
}

/** Whether an order delivered at `deliveredAt` is asked today: its delivery day is day 0, in the shop's days. */
export function isFitCheckDue(deliveredAt: Date, now: Date, days = env().FIT_CHECK_DAYS, timeZone = env().SHOP_TIME_ZONE): boolean {
  return daysBetween(dayIn(deliveredAt, timeZone), dayIn(now, timeZone)) >= days;
}

/** The lines to ask about: those with a vehicle that nobody answered yet (from the order page, say). */
async function linesToAsk(orderId: string): Promise<{ order: OrderDTO; lines: OrderLineDTO[] } | null> {
  const stored = await Order.findById(orderId).lean<LeanOrder>();
  if (!stored) return null;
  const order = toOrderDTO(stored);
  const open = new Set((await linesToConfirm(order)).map((line) => line.partId));
  const lines = order.lines.filter((line) => open.has(line.partId));
  return lines.length ? { order, lines } : null;
}

/**
 * Queues each due order's email once, even with several instances running the job at once (the outbox's unique key), then
 * drops its due record. The due records are a small collection (orders of the last FIT_CHECK_DAYS), read through one cursor.
 */
export async function sendDueFitChecks({ now = new Date() }: { now?: Date } = {}): Promise<FitCheckReport> {
  await connectDb();
  const report: FitCheckReport = { checked: 0, sent: 0 };
  for await (const due of FitCheckDue.find().lean().cursor({ batchSize: 500 })) {
    report.checked++;
    if (!isFitCheckDue(due.deliveredAt, now)) continue;
    const ask = await linesToAsk(due._id);
    const key = fitCheckMailKey(due._id);
    if (ask && (await enqueueMail(key, fitCheckMail(ask.order, ask.lines)))) report.sent++;
    // Dropped once the email is surely queued (or nothing is left to ask): a failed enqueue stays due for the next run.
    if (!ask || (await isMailQueued(key))) await FitCheckDue.deleteOne({ _id: due._id });
  }
  return report;
}
