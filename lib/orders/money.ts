import { toCents } from '@/lib/platform/money';

/**
 * An order's money, in integer cents: the unit price it stored times its quantity. The one place
 * an order's total is computed; the order's `total`, its emails and receipt, the payment amount and
 * the admin overview's revenue all come from here.
 */
export function orderTotalCents(order: { price: number; quantity: number }): number {
  return toCents(order.price) * order.quantity;
}
