import 'server-only';
import type { Types } from 'mongoose';
import { dayIn, daysBetween, noonOn } from '@/lib/core/calendar';
import { isDuplicateKey, ValidationError } from '@/lib/core/errors';
import { env } from '@/lib/platform/env';
import { OrderStep } from '@/models';

/** Delivery: the day a shipped order arrived, and the returns window that counts from it, in the shop's days (SHOP_TIME_ZONE). */

export const DELIVERY_IN_FUTURE = 'The delivery date cannot be in the future';
export const deliveryBeforeShipping = (shippedDay: string) => `The delivery date cannot be before the order shipped (${shippedDay})`;

const refuse = (message: string): never => {
  throw new ValidationError(message, { deliveredAt: [message] });
};

/** When the order arrived: now, or the day given (from the day it shipped to today), at noon kept between shipping and now. */
export function deliveryInstant(day: string | undefined, shippedAt: Date, now: Date, timeZone = env().SHOP_TIME_ZONE): Date {
  if (!day) return now;
  if (day > dayIn(now, timeZone)) refuse(DELIVERY_IN_FUTURE);
  const shippedDay = dayIn(shippedAt, timeZone);
  if (day < shippedDay) refuse(deliveryBeforeShipping(shippedDay));
  return new Date(Math.min(Math.max(noonOn(day, timeZone).getTime(), shippedAt.getTime()), now.getTime()));
}

/** Whether an order is within a returns window of `days` days: its delivery day is day 0 and day `days` the last; undelivered, never. */
export function isWithinReturnWindow(
  order: { deliveredAt?: Date | string | null },
  days: number,
  now = new Date(),
  timeZone = env().SHOP_TIME_ZONE,
): boolean {
  if (!order.deliveredAt) return false;
  return daysBetween(dayIn(new Date(order.deliveredAt), timeZone), dayIn(now, timeZone)) <= days;
}

type StepDetail = { carrier?: string; trackingNumber?: string };
export type StepClaim = { at: Date; won: boolean } & StepDetail;

/** Decides an order's step once, by unique insert: answers the step that stands (this call's, or the first one's) and who won. */
export async function claimStep(
  orderId: Types.ObjectId,
  step: 'shipped' | 'delivered',
  at: Date,
  by: string,
  detail: StepDetail = {},
): Promise<StepClaim> {
  const _id = `${orderId}:${step}`;
  try {
    await OrderStep.create({ _id, orderId, step, at, by, ...detail });
    return { at, won: true, ...detail };
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    const first = await OrderStep.findById(_id).lean();
    if (!first) throw error;
    return { at: first.at, won: false, carrier: first.carrier ?? undefined, trackingNumber: first.trackingNumber ?? undefined };
  }
}
