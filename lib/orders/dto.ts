import 'server-only';
import type { Types } from 'mongoose';
import { fromCents, toCents } from '@/lib/core/money';
import { goodsCents, orderTotalCents, withCoreLines } from '@/lib/orders/money';
import { trackingUrlFor } from '@/lib/orders/tracking';
import { addressDTO } from '@/lib/core/address';
import type { OrderDTO } from '@/lib/orders/types';
import type { OrderDoc } from '@/models/order';
import { isoOrNull as iso } from '@/lib/core/utils';

/** An order as stored, and as the API shows it. */

export type LeanOrder = OrderDoc & { _id: Types.ObjectId; createdAt: Date };

/** An order's lines: checkout's, or a spec order's single line from its own fields. */
export function linesOf(order: Pick<LeanOrder, 'partId' | 'partName' | 'price' | 'quantity' | 'coreCharge' | 'lines'>) {
  return order.lines?.length
    ? order.lines.map((line) => ({
        partId: line.partId,
        partName: line.partName,
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        coreCharge: line.coreCharge ?? null,
        fit: line.fit?.text ? { vehicle: line.fit.vehicle ?? '', answers: line.fit.answers ?? [], text: line.fit.text } : undefined,
      }))
    : [
        {
          partId: order.partId,
          partName: order.partName,
          unitPrice: order.price,
          quantity: order.quantity,
          coreCharge: order.coreCharge ?? null,
          fit: undefined,
        },
      ];
}

/** An order's money lines as stored (prices at order time): its part lines, then their core deposit lines. */
export function orderMoneyLines(order: Pick<LeanOrder, 'partId' | 'partName' | 'price' | 'quantity' | 'coreCharge' | 'lines'>) {
  return withCoreLines(
    linesOf(order).map((line) => ({
      unitCents: toCents(line.unitPrice),
      quantity: line.quantity,
      weightGrams: 0,
      coreCents: line.coreCharge ? toCents(line.coreCharge) : 0,
    })),
  );
}

/** The part of each of an order's money lines (orderMoneyLines' order), for the refunds that name lines by part. */
export const moneyLinePartIds = (order: Pick<OrderDTO, 'lines'>) => [
  ...order.lines.map((line) => line.partId),
  ...order.lines.filter((line) => line.core).map((line) => line.partId),
];

/** A part line's core deposit line: the deposit per unit at order time, at the part line's quantity. */
export const coreLineOf = (unitPrice: number, quantity: number) => ({
  unitPrice,
  quantity,
  lineTotal: fromCents(toCents(unitPrice) * quantity),
});

export function toOrderDTO(order: LeanOrder): OrderDTO {
  const lines = linesOf(order).map((line) => ({
    partId: String(line.partId),
    partName: line.partName,
    unitPrice: line.unitPrice,
    quantity: line.quantity,
    lineTotal: fromCents(toCents(line.unitPrice) * line.quantity),
    ...(line.coreCharge ? { core: coreLineOf(line.coreCharge, line.quantity) } : {}),
    ...(line.fit ? { fit: line.fit } : {}),
  }));
  const address = order.shippingAddress;
  return {
    _id: String(order._id),
    number: order.number ?? '',
    partId: String(order.partId),
    partName: order.partName,
    price: order.price,
    name: order.name,
    email: order.email,
    address: order.address,
    phone: order.phone,
    quantity: order.quantity,
    total: fromCents(orderTotalCents(order)),
    paid: order.paid,
    status: order.status as OrderDTO['status'],
    transactionId: order.transactionId ?? null,
    cancelled: Boolean(order.cancelledAt),
    cancelledBy: (order.cancelledBy as OrderDTO['cancelledBy']) ?? null,
    carrier: order.carrier ?? null,
    trackingNumber: order.trackingNumber ?? null,
    trackingUrl: trackingUrlFor(order.carrier, order.trackingNumber),
    createdAt: new Date(order.createdAt).toISOString(),
    paidAt: iso(order.paidAt),
    shippedAt: iso(order.shippedAt),
    deliveredAt: iso(order.deliveredAt),
    cancelledAt: iso(order.cancelledAt),
    refundedTotal: fromCents(order.refundedCents ?? 0),
    lines,
    subtotal: fromCents(order.goodsCents ?? goodsCents(orderMoneyLines(order))),
    shipping: order.shipping
      ? {
          label: order.shipping.label ?? '',
          amount: fromCents(order.shipping.amountCents ?? 0),
          minDays: order.shipping.minDays ?? 0,
          maxDays: order.shipping.maxDays ?? 0,
        }
      : null,
    discount: order.discount?.code ? { code: order.discount.code, amount: fromCents(order.discount.amountCents ?? 0) } : null,
    tax: fromCents(order.taxCents ?? 0),
    shippingAddress: address ? addressDTO(address) : null,
    guest: Boolean(order.guest),
    holdUntil: !order.paid && !order.cancelledAt ? iso(order.holdUntil) : null,
    stockHeld: !order.paid && !order.cancelledAt && !order.stockAtPayment,
  };
}
