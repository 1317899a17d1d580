import type { AddressDTO } from '@/lib/core/address';
import type { LineFit } from '@/lib/catalog/fit-questions';

/** An order as lib/ answers it, for the server and the browser alike (type-only imports). */

export type OrderDTO = {
  _id: string;
  partId: string;
  partName: string;
  price: number;
  name: string;
  email: string;
  address: string;
  phone: string;
  quantity: number;
  total: number;
  paid: boolean;
  status: 'pending' | 'shipped' | 'delivered';
  transactionId: string | null;
  cancelled: boolean;
  createdAt: string;
  paidAt: string | null;
  shippedAt: string | null;
  /** When it arrived (an admin marks it); the returns window counts from it. */
  deliveredAt: string | null;
  cancelledAt: string | null;
  /** What returns paid back so far (lib/returns). */
  refundedTotal: number;
  /** The short human number, `PM-100234` (lib/orders/numbers.ts). */
  number: string;
  carrier: string | null;
  trackingNumber: string | null;
  /** The carrier's tracking page when known (lib/orders/tracking.ts). */
  trackingUrl: string | null;
  cancelledBy: 'customer' | 'admin' | 'system' | null;
  /** Every line of the order (a spec order has one: the fields partId..quantity above). */
  lines: OrderLineDTO[];
  /** Goods before discount, shipping and tax. */
  subtotal: number;
  shipping: { label: string; amount: number; minDays: number; maxDays: number } | null;
  discount: { code: string; amount: number } | null;
  tax: number;
  shippingAddress: AddressDTO | null;
  /** Placed without an account: reached through its signed link. */
  guest: boolean;
  /** When an unpaid order is cancelled and its stock returned (null: paid, cancelled, or placed before holds). */
  holdUntil: string | null;
  /** Whether this unpaid order holds its parts; one placed past its client's hold limits takes them when paid. */
  stockHeld: boolean;
};

export type OrderLineDTO = {
  partId: string;
  partName: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  /** The part's core deposit as its own line (per unit at order time, the part line's quantity); absent: the part has none. */
  core?: OrderCoreLineDTO;
  /** The fit the buyer confirmed with the part's questions ("confirmed for 2015 Toyota Corolla LE"); absent: none. */
  fit?: LineFit;
};

export type OrderCoreLineDTO = { unitPrice: number; quantity: number; lineTotal: number };

/** The order page's order: `part.available` is false once its part is archived or deleted. */
export type OrderDetailsDTO = OrderDTO & { part: { available: boolean } };

/** The Manage Orders filters (lib/orders/orders.ts listAllOrders). */
export type OrderListStatus = 'to-ship' | 'unpaid' | 'shipped' | 'delivered' | 'cancelled';
