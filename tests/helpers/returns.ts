import { Types } from 'mongoose';
import { dayIn, noonOn } from '@/lib/core/calendar';
import { fromCents } from '@/lib/core/money';
import { computeTotals, withCoreLines, type DiscountRule } from '@/lib/orders/money';
import { guestOrderToken } from '@/lib/orders/guest-links';
import { env } from '@/lib/platform/env';
import { Order, PaymentIntent } from '@/models';
import { makePart } from '@/tests/helpers/factories';

const DAY_MS = 86_400_000;
let numbers = 0;

/** Noon, in the shop's time zone, of the day `daysAgo` days before today there. */
export function shopDaysAgo(daysAgo: number, now = new Date()): Date {
  const today = Date.parse(`${dayIn(now, env().SHOP_TIME_ZONE)}T00:00:00Z`);
  return noonOn(new Date(today - daysAgo * DAY_MS).toISOString().slice(0, 10), env().SHOP_TIME_ZONE);
}

/** `partId`: a part made beforehand (several orders of one part); otherwise each line gets a part of its own. */
export type OrderLineSpec = {
  priceCents: number;
  quantity: number;
  fitVehicle?: string;
  stock?: number;
  partId?: string;
  /** The part's core deposit per unit when ordered. */
  coreCents?: number;
};
export type DeliveredOrder = { id: string; partIds: string[]; totalCents: number; intentId: string; token: string };

/**
 * A paid order stored as checkout stores it (lines, shipping, code, tax), paid through the offline gateway and delivered
 * `daysAgo` shop days ago (null: shipped, not delivered).
 */
export async function deliveredOrder(
  email: string,
  {
    lines = [{ priceCents: 4000, quantity: 1 }],
    shippingCents = 0,
    discount = null,
    tax = null,
    daysAgo = 3 as number | null,
    guest = false,
    intentId = `pi_test_${new Types.ObjectId()}`,
  }: {
    lines?: OrderLineSpec[];
    shippingCents?: number;
    discount?: (DiscountRule & { code: string }) | null;
    tax?: { ratePcm: number; taxShipping: boolean } | null;
    daysAgo?: number | null;
    guest?: boolean;
    intentId?: string;
  } = {},
): Promise<DeliveredOrder> {
  const partIds = await Promise.all(
    lines.map(
      (line, i) =>
        line.partId ?? makePart({ name: `Returnable part ${i + 1}`, price: fromCents(line.priceCents), stock: line.stock ?? 10 }),
    ),
  );
  const money = withCoreLines(
    lines.map((line) => ({ unitCents: line.priceCents, quantity: line.quantity, weightGrams: 100, coreCents: line.coreCents })),
  );
  const totals = computeTotals(money, { shipping: shippingCents ? () => shippingCents : null, tax, discount })!;
  const _id = new Types.ObjectId();
  const first = lines[0]!;
  const deliveredAt = daysAgo === null ? undefined : shopDaysAgo(daysAgo);
  await Order.create({
    _id,
    number: `PM-R${++numbers}${Date.now().toString(36)}`,
    partId: partIds[0],
    partName: 'Returnable part 1',
    price: fromCents(first.priceCents),
    quantity: first.quantity,
    name: 'Rita Returner',
    email,
    address: '5 Wharf Street, Leeds LS2 7EQ',
    phone: '+44 113 496 0400',
    paid: true,
    paidAt: new Date(Date.now() - 30 * DAY_MS),
    transactionId: intentId,
    status: deliveredAt ? 'delivered' : 'shipped',
    shippedAt: new Date(Date.now() - 800 * DAY_MS),
    deliveredAt,
    guest,
    lines: lines.map((line, i) => ({
      partId: partIds[i],
      partName: `Returnable part ${i + 1}`,
      unitPrice: fromCents(line.priceCents),
      quantity: line.quantity,
      weightGrams: 100,
      ...(line.coreCents ? { coreCharge: fromCents(line.coreCents) } : {}),
      ...(line.fitVehicle ? { fit: { vehicle: line.fitVehicle, answers: [], text: `confirmed for ${line.fitVehicle}` } } : {}),
    })),
    shipping: shippingCents ? { methodId: 'standard', label: 'Standard', amountCents: shippingCents, minDays: 2, maxDays: 4 } : undefined,
    discount: discount ? { code: discount.code, kind: discount.kind, amountCents: totals.discountCents } : undefined,
    goodsCents: totals.goodsCents,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
  });
  await PaymentIntent.create({
    _id: intentId,
    clientSecret: `${intentId}_secret`,
    idempotencyKey: `order-${_id}-${totals.totalCents}`,
    orderId: String(_id),
    amount: totals.totalCents,
    currency: 'usd',
    status: 'succeeded',
  });
  return { id: String(_id), partIds, totalCents: totals.totalCents, intentId, token: guestOrderToken(String(_id), email) };
}
