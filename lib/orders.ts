import { Types } from 'mongoose';
import type { Caller } from '@/lib/auth/caller';
import { revalidateCatalog } from '@/lib/cache';
import { TAGS, TEXT } from '@/lib/constants';
import { connectDb } from '@/lib/db';
import { findPage, type Page, type PageQuery } from '@/lib/pagination';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, isDuplicateKey } from '@/lib/errors';
import { fromCents, lineTotalCents } from '@/lib/money';
import { applyStockMove, InsufficientStockError } from '@/lib/stock';
import { minimumQuantityMessage, type PlaceOrderInput } from '@/lib/validations/orders';
import { Order, OrderOutcome, Part } from '@/models';
import type { OrderDoc } from '@/models/order';

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
  status: 'pending' | 'shipped';
  transactionId: string | null;
  createdAt: string;
  paidAt: string | null;
  shippedAt: string | null;
};

type LeanOrder = OrderDoc & { _id: Types.ObjectId; createdAt: Date };

function toOrderDTO(order: LeanOrder): OrderDTO {
  return {
    _id: String(order._id),
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
    createdAt: new Date(order.createdAt).toISOString(),
    paidAt: order.paidAt ? new Date(order.paidAt).toISOString() : null,
    shippedAt: order.shippedAt ? new Date(order.shippedAt).toISOString() : null,
  };
}

/** The amount to pay, computed in cents from what the order stored. */
export function orderTotalCents(order: Pick<OrderDoc, 'price' | 'quantity'>): number {
  return lineTotalCents(order.price, order.quantity);
}

type Actor = Pick<Caller, 'email' | 'name' | 'isAdmin'>;

export type PlacedOrder = { acknowledged: true; insertedId: string; availableQuantity: number };

/**
 * Places an order (DESIGN.md section 6). Price, part name, name and email come from the database
 * and the session. The stock is taken through the ledger first; if the order then cannot be
 * stored, a compensating `cancel` move returns it.
 */
export async function placeOrder(actor: Actor, input: PlaceOrderInput): Promise<PlacedOrder> {
  if (actor.isAdmin) throw new ForbiddenError(TEXT.adminCantPurchase);
  await connectDb();
  const part = await Part.findById(input.partId).lean();
  if (!part) throw new NotFoundError('Part not found');
  if (input.quantity < part.minimumQuantity) {
    throw new ValidationError(minimumQuantityMessage(part.minimumQuantity), { quantity: [minimumQuantityMessage(part.minimumQuantity)] });
  }
  if (input.quantity > part.availableQuantity) throw new InsufficientStockError(part.availableQuantity);

  const orderId = new Types.ObjectId();
  const move = await applyStockMove({ partId: part._id, delta: -input.quantity, reason: 'order', orderId, by: actor.email });
  try {
    await Order.create({
      _id: orderId,
      partId: part._id,
      partName: part.name,
      price: part.price,
      name: actor.name,
      email: actor.email,
      address: input.address,
      phone: input.phone,
      quantity: input.quantity,
      paid: false,
      status: 'pending',
    });
  } catch (error) {
    await applyStockMove({ partId: part._id, delta: input.quantity, reason: 'cancel', orderId, by: 'system' });
    throw error;
  } finally {
    revalidateCatalog(TAGS.parts, TAGS.part(String(part._id)));
  }
  return { acknowledged: true, insertedId: String(orderId), availableQuantity: move.availableQuantity };
}

/** An order the actor may see: their own, or any for an admin. Anyone else's is "not found". */
export async function findVisibleOrder(actor: Actor, id: string): Promise<LeanOrder> {
  if (!Types.ObjectId.isValid(id) || !/^[a-f\d]{24}$/i.test(id)) throw new NotFoundError('Order not found');
  await connectDb();
  const order = await Order.findById(id).lean<LeanOrder>();
  if (!order || (order.email !== actor.email && !actor.isAdmin)) throw new NotFoundError('Order not found');
  return order;
}

export async function getOrder(actor: Actor, id: string): Promise<OrderDTO> {
  return toOrderDTO(await findVisibleOrder(actor, id));
}

/** The orders of one email, newest first: the customer's own, or anyone's for an admin. */
export async function listOrdersOf(actor: Actor, email: string): Promise<OrderDTO[]> {
  const target = email.trim().toLowerCase();
  if (target !== actor.email && !actor.isAdmin) throw new ForbiddenError('You can only see your own orders');
  await connectDb();
  const orders = await Order.find({ email: target }).sort({ createdAt: -1, _id: -1 }).limit(500).lean<LeanOrder[]>();
  return orders.map(toOrderDTO);
}

/** Every order, newest first (admins). */
export async function listAllOrders(actor: Actor, query: PageQuery = {}): Promise<Page<OrderDTO>> {
  if (!actor.isAdmin) throw new ForbiddenError('Admins only');
  return findPage(Order, { createdAt: -1, _id: -1 }, toOrderDTO, query);
}

export type Outcome = 'paid' | 'cancelled';
export const ALREADY_PAID = 'This order is already paid';
export const ALREADY_CANCELLED = 'This order was cancelled';

/**
 * Claims an order's single outcome. The unique index on orderId makes the first claim win, so
 * paying and cancelling exclude each other on every server. Answers the outcome that stands,
 * which is the one asked for when this call won or repeats the winner.
 */
export async function claimOutcome(
  orderId: Types.ObjectId,
  outcome: Outcome,
  extra: { intentId?: string; amountCents?: number; by?: string } = {},
) {
  try {
    await OrderOutcome.create({ orderId, outcome, ...extra });
    return { outcome, won: true as const };
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    const existing = await OrderOutcome.findOne({ orderId }).lean();
    // No outcome for this order: the duplicate was the intent id, already used to pay another order.
    if (!existing) throw new ConflictError('This payment was already used for another order');
    return { outcome: existing.outcome as Outcome, intentId: existing.intentId ?? null, won: false as const };
  }
}

/**
 * Cancels an unpaid order: claims the `cancelled` outcome, returns the quantity to stock through a
 * `cancel` move (applied once per order by the ledger's unique key), then removes the order.
 */
export async function cancelOrder(actor: Actor, id: string): Promise<{ acknowledged: true; deletedCount: number }> {
  const order = await findVisibleOrder(actor, id);
  if (order.paid) throw new ConflictError('A paid order cannot be cancelled');
  const claim = await claimOutcome(order._id, 'cancelled', { by: actor.email });
  if (claim.outcome === 'paid') throw new ConflictError('A paid order cannot be cancelled');
  try {
    await applyStockMove({ partId: order.partId, delta: order.quantity, reason: 'cancel', orderId: order._id, by: actor.email });
  } catch (error) {
    // A part deleted since the order has no stock to return.
    if (!(error instanceof NotFoundError)) throw error;
  }
  const result = await Order.deleteOne({ _id: order._id });
  revalidateCatalog(TAGS.parts, TAGS.part(String(order.partId)));
  return { acknowledged: true, deletedCount: result.deletedCount };
}

/** Ships a paid order (admins): pending to shipped, stamped. Answers modifiedCount (0 when already shipped). */
export async function shipOrder(actor: Actor, id: string): Promise<{ acknowledged: true; modifiedCount: number }> {
  if (!actor.isAdmin) throw new ForbiddenError('Admins only');
  const order = await findVisibleOrder(actor, id);
  if (!order.paid) throw new ConflictError('An unpaid order cannot be shipped');
  if (order.status === 'shipped') return { acknowledged: true, modifiedCount: 0 };
  const result = await Order.updateOne(
    { _id: order._id, paid: true, status: 'pending' },
    { $set: { status: 'shipped', shippedAt: new Date() } },
  );
  return { acknowledged: true, modifiedCount: result.modifiedCount };
}

/** Marks an order paid after its `paid` outcome was claimed (idempotent). */
export async function setOrderPaid(orderId: Types.ObjectId, transactionId: string): Promise<number> {
  const result = await Order.updateOne({ _id: orderId, paid: false }, { $set: { paid: true, transactionId, paidAt: new Date() } });
  return result.modifiedCount;
}
