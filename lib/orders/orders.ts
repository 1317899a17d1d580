import 'server-only';
import { Types } from 'mongoose';
import { recordAudit } from '@/lib/audit';
import { assertAdmin, assertCustomer, canSee, type Actor } from '@/lib/auth';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@/lib/core/pagination';
import { connectDb } from '@/lib/platform/db';
import {
  ClientGoneError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PaymentError,
  ValidationError,
  isDuplicateKey,
} from '@/lib/core/errors';
import { parseObjectId } from '@/lib/core/ids';
import { toCents } from '@/lib/core/money';
import { goodsCents, orderTotalCents, withCoreLines, type PaidOrderMoney } from '@/lib/orders/money';
import { toOrderDTO, linesOf, orderMoneyLines, type LeanOrder } from '@/lib/orders/dto';
import { enqueueMissingOrderEmails, enqueueOrderEmail, paymentPath } from '@/lib/orders/emails';
import { orderLinkActor } from '@/lib/orders/access';
import { guestOrderPathFor } from '@/lib/orders/guest-links';
import { looksLikeOrderNumber, normalizeOrderNumber } from '@/lib/orders/numbers';
import { releaseHold } from '@/lib/orders/holds';
import { assertOrderSize, unverifiedOrderPlaces } from '@/lib/orders/order-limits';
import { claimOutcome, type Outcome } from '@/lib/orders/outcome';
import { claimStep, deliveryInstant } from '@/lib/orders/delivery';
import type { Page } from '@/lib/core/pagination';
import type { StockPart } from '@/lib/stock';
import { logAfterStore, placeLines, returnLines, takeAtPayment, takenLines } from '@/lib/orders/placement';
import type { OrderDetailsDTO, OrderDTO, OrderListStatus } from '@/lib/orders/types';
import { minimumQuantityMessage, type PlaceOrderInput } from '@/lib/validations/orders';
import { runDeliveredHooks, runOrderReleases } from './release-hooks';
import { JobMark, Order, OrderOutcome, Part } from '@/models';

/** Orders and their state machine (DESIGN.md section 6); other modules change an order's state only through this one. */

/** Reads an order back after a transition and queues its email (never failing the transition). */
async function notify(orderId: Types.ObjectId, event: Parameters<typeof enqueueOrderEmail>[0]): Promise<OrderDTO | null> {
  const order = await Order.findById(orderId).lean<LeanOrder>();
  if (!order) return null;
  const dto = toOrderDTO(order);
  await enqueueOrderEmail(event, dto, { cancelledBy: dto.cancelledBy });
  return dto;
}

export type PlacedOrder = { acknowledged: true; insertedId: string; number: string; availableQuantity: number };

/** What makes a part orderable in this quantity, judged in the part's stock turn. */
function assertOrderable(part: StockPart, quantity: number): void {
  if (part.archivedAt) throw new NotFoundError('Part not found');
  if (quantity < part.minimumQuantity) {
    throw new ValidationError(minimumQuantityMessage(part.minimumQuantity), { quantity: [minimumQuantityMessage(part.minimumQuantity)] });
  }
}

export type PlaceOptions = { signal?: AbortSignal; ip?: string | null; orderId?: Types.ObjectId };

/** Places one order (lib/orders/placement.ts); prices and identities come from the database and the session, never the client.
 * An unverified account orders under the guest limits: anybody can register any address. */
export async function placeOrder(
  actor: Actor,
  input: PlaceOrderInput,
  { signal, ip = null, orderId }: PlaceOptions = {},
): Promise<PlacedOrder> {
  assertCustomer(actor);
  const partId = parseObjectId(input.partId, 'Part not found');
  await connectDb();
  if (signal?.aborted) throw new ClientGoneError();
  const part = await Part.findById(partId, { price: 1, coreCharge: 1, archivedAt: 1 }).lean();
  if (!part || part.archivedAt) throw new NotFoundError('Part not found');
  assertOrderSize([input], toCents(part.price) * input.quantity);
  const places = await unverifiedOrderPlaces(actor, actor.email, ip);
  try {
    const { order, parts, held } = await placeLines({
      orderId: orderId ?? new Types.ObjectId(),
      lines: [{ partId, quantity: input.quantity, unitCents: toCents(part.price) }],
      email: actor.email,
      client: { ip, email: actor.email },
      verified: Boolean(actor.emailVerified),
      signal,
      check: (stored) => assertOrderable(stored, input.quantity),
      fields: (turns) => ({
        partId,
        partName: turns.get(String(partId))!.name,
        price: turns.get(String(partId))!.price,
        name: actor.name,
        email: actor.email,
        address: input.address,
        phone: input.phone,
        quantity: input.quantity,
        ...specCoreFields(turns.get(String(partId))!.price, part.coreCharge, input.quantity),
      }),
    });
    // A new order's email cannot be in the outbox yet; one that fails is written again by the email reconciliation.
    await enqueueOrderEmail('placed', order, {}, { fresh: true }).catch(logAfterStore('queue its email'));
    const left = parts.get(String(partId))!.availableQuantity - (held ? input.quantity : 0);
    return placedOrderAnswer(order, left);
  } catch (error) {
    await places?.release();
    throw error;
  }
}

/** A spec order of a part with a core deposit keeps the deposit and the total with it (lib/orders/money.ts rule 6). */
function specCoreFields(price: number, coreCharge: number | null | undefined, quantity: number) {
  if (!coreCharge) return {};
  const goods = goodsCents(withCoreLines([{ unitCents: toCents(price), quantity, weightGrams: 0, coreCents: toCents(coreCharge) }]));
  return { coreCharge, goodsCents: goods, taxCents: 0, totalCents: goods };
}

/** The answer of the spec's order call that placed this order, if it was one (a repeat of a request that died). */
export async function recoverPlacedOrder(orderId: Types.ObjectId): Promise<PlacedOrder | null> {
  const order = await Order.findById(orderId).lean<LeanOrder>();
  if (!order || order.lines?.length) return null;
  const part = await Part.findById(order.partId, { availableQuantity: 1 }).lean();
  return placedOrderAnswer(toOrderDTO(order), part?.availableQuantity ?? 0);
}

/** The spec's answer to a placed order. */
export const placedOrderAnswer = (order: Pick<OrderDTO, '_id' | 'number'>, availableQuantity: number): PlacedOrder => ({
  acknowledged: true,
  insertedId: order._id,
  number: order.number,
  availableQuantity,
});

/** A guest's order is its link holder's, and a verified account's with that email (registering the address is not enough). */
const mayOpenGuestOrder = (actor: Pick<Actor, 'isAdmin' | 'emailVerified' | 'via'>, order: Pick<LeanOrder, 'guest'>) =>
  !order.guest || actor.isAdmin || actor.emailVerified || actor.via === 'order-link';

/** An order the actor may see (their own, or any for an admin); anyone else's is "not found". */
async function findVisibleOrder(
  actor: Pick<Actor, 'email' | 'isAdmin' | 'emailVerified' | 'via' | 'orderScope'>,
  id: string,
): Promise<LeanOrder> {
  const orderId = parseObjectId(id, 'Order not found');
  await connectDb();
  if (actor.orderScope && actor.orderScope !== String(orderId)) throw new NotFoundError('Order not found');
  const order = await Order.findById(orderId).lean<LeanOrder>();
  if (!order || !canSee(actor, order.email) || !mayOpenGuestOrder(actor, order)) throw new NotFoundError('Order not found');
  return order;
}

/** Orders younger than this still have their own email enqueue in flight: the email reconciliation leaves them to it. */
const EMAIL_SETTLE_MS = 60_000;
/** How far back the very first email reconciliation (no stored mark) looks. */
const EMAIL_LOOK_BACK_MS = 20 * 60_000;
/** The furthest back any run looks: a day's schedule (Vercel's Hobby plan) and then some. */
const EMAIL_MAX_LOOK_BACK_MS = 48 * 60 * 60_000;
/** Each run looks this far behind where the last one stopped: instances' clocks differ a little. */
const EMAIL_OVERLAP_MS = 60_000;
const EMAIL_MARK = 'order-emails';

/** Re-creates the order emails lost to a crash; the stored mark lets every instance share one span, and the outbox keeps it once.
 * Changes younger than EMAIL_SETTLE_MS are skipped: their own request is still queueing the email. */
export function orderEmailReconciliation() {
  let first = true;
  return async (now = Date.now()): Promise<{ checked: number; created: number }> => {
    await connectDb();
    const mark = await JobMark.findById(EMAIL_MARK).lean();
    const from = mark ? Math.max(mark.upTo.getTime() - EMAIL_OVERLAP_MS, now - EMAIL_MAX_LOOK_BACK_MS) : now - EMAIL_LOOK_BACK_MS;
    const to = first ? now : now - EMAIL_SETTLE_MS;
    const orders = await Order.find({ updatedAt: { $gte: new Date(from), $lt: new Date(to) } }).lean<LeanOrder[]>();
    const created = await enqueueMissingOrderEmails(orders.map(toOrderDTO));
    if (!mark || to > mark.upTo.getTime()) await storeMark(EMAIL_MARK, new Date(to));
    first = false;
    return { checked: orders.length, created };
  };
}

async function storeMark(name: string, upTo: Date): Promise<void> {
  try {
    await JobMark.updateOne({ _id: name }, { $max: { upTo } }, { upsert: true });
  } catch (error) {
    // Two first runs both inserted: the other's mark stands, this one moves it on.
    if (!isDuplicateKey(error)) throw error;
    await JobMark.updateOne({ _id: name }, { $max: { upTo } });
  }
}

export async function getOrder(actor: Actor, id: string): Promise<OrderDTO> {
  return toOrderDTO(await findVisibleOrder(actor, id));
}

/** An order as its returns read it (the caller's own, or any for an admin; else 404), and its money as paid, in cents. */
export async function getOrderForReturns(actor: Actor, id: string): Promise<{ order: OrderDTO; money: PaidOrderMoney }> {
  const order = await findVisibleOrder(actor, id);
  const money: PaidOrderMoney = {
    lines: orderMoneyLines(order),
    shippingCents: order.shipping?.amountCents ?? 0,
    discount: order.discount?.code ? { kind: order.discount.kind ?? 'fixed', amountCents: order.discount.amountCents ?? 0 } : null,
    taxCents: order.taxCents ?? 0,
    totalCents: orderTotalCents(order),
  };
  return { order: toOrderDTO(order), money };
}

/** Notes what returns paid back on the order: the refund claim numbered `seq` brought it to `refundedCents` (a later one wins). */
export async function recordOrderRefund(orderId: string, seq: number, refundedCents: number): Promise<void> {
  await connectDb();
  await Order.updateOne(
    { _id: parseObjectId(orderId), $or: [{ refundSeq: { $exists: false } }, { refundSeq: { $lt: seq } }] },
    { $set: { refundedCents, refundSeq: seq } },
  );
}

/** The order page's order: the order and whether its part can still be opened (not archived or deleted). */
export async function getOrderDetails(actor: Actor, id: string): Promise<OrderDetailsDTO> {
  const order = await findVisibleOrder(actor, id);
  return { ...toOrderDTO(order), part: { available: await allPartsSold(order) } };
}

/** The orders of one email that an actor sees: an unverified account's leave out guest orders placed with it. */
const ordersOfEmail = (actor: Pick<Actor, 'isAdmin' | 'emailVerified'>, email: string) =>
  actor.isAdmin || actor.emailVerified ? { email } : { email, guest: { $ne: true } };

/** The orders of one email, newest first: the customer's own, or anyone's for an admin. */
export async function listOrdersOf(actor: Actor, email: string): Promise<OrderDTO[]> {
  const target = email.trim().toLowerCase();
  if (!canSee(actor, target)) throw new ForbiddenError('You can only see your own orders');
  await connectDb();
  const orders = await Order.find(ordersOfEmail(actor, target)).sort({ createdAt: -1, _id: -1 }).limit(500).lean<LeanOrder[]>();
  return orders.map(toOrderDTO);
}

/** An order still waiting for its payment, the page where it is paid, and the minutes left to pay it (null: no hold). */
export type UnpaidOrder = { order: OrderDTO; payUrl: string; minutesLeft: number | null };

function unpaid(order: OrderDTO | null, payUrl: string, now: number): UnpaidOrder | null {
  if (!order || order.paid || order.cancelled) return null;
  const left = order.holdUntil ? Math.ceil((new Date(order.holdUntil).getTime() - now) / 60_000) : null;
  return left === null || left > 0 ? { order, payUrl, minutesLeft: left } : null;
}

/** The buyer's latest unpaid, unexpired order, offered by the cart page instead of an empty cart (guests by LAST_ORDER_COOKIE). */
export async function lastUnpaidOrder(actor: Actor | null, guestToken?: string | null, now = Date.now()): Promise<UnpaidOrder | null> {
  if (actor?.isAdmin) return null;
  if (actor) {
    await connectDb();
    const filter = { ...ordersOfEmail(actor, actor.email), paid: false, cancelledAt: null };
    const last = await Order.findOne(filter).sort({ createdAt: -1, _id: -1 }).lean<LeanOrder>();
    return last ? unpaid(toOrderDTO(last), paymentPath(String(last._id)), now) : null;
  }
  const guest = await orderLinkActor(guestToken);
  if (!guest?.orderScope || !guestToken) return null;
  const order = await getOrder(guest, guest.orderScope).catch((error: unknown) => {
    if (error instanceof NotFoundError) return null;
    throw error;
  });
  return unpaid(order, guestOrderPathFor(guest.orderScope, guestToken), now);
}

const STATUS_FILTERS: Record<OrderListStatus, Record<string, unknown>> = {
  'to-ship': { paid: true, status: 'pending', cancelledAt: null },
  unpaid: { paid: false, cancelledAt: null },
  shipped: { status: 'shipped' },
  delivered: { status: 'delivered' },
  cancelled: { cancelledAt: { $ne: null } },
};

export type OrderListQuery = { status?: OrderListStatus; q?: string; page?: number; limit?: number };

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every order, newest first (admins): filtered by state, searched by order number or customer email. */
export async function listAllOrders(
  actor: Actor,
  { status, q, page = 1, limit = DEFAULT_PAGE_SIZE }: OrderListQuery = {},
): Promise<Page<OrderDTO>> {
  assertAdmin(actor);
  await connectDb();
  const filter: Record<string, unknown> = { ...(status ? STATUS_FILTERS[status] : {}) };
  const term = q?.trim();
  if (term) {
    if (looksLikeOrderNumber(term)) filter.number = normalizeOrderNumber(term);
    else filter.email = { $regex: escapeRegex(term.toLowerCase()) };
  }
  const size = Math.min(Math.max(limit, 1), MAX_PAGE_SIZE);
  const [docs, total] = await Promise.all([
    Order.find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * size)
      .limit(size)
      .lean<LeanOrder[]>(),
    Order.countDocuments(filter),
  ]);
  return { items: docs.map(toOrderDTO), total, page, limit: size };
}

export const ALREADY_PAID = 'This order is already paid';
export const ALREADY_CANCELLED = 'This order was cancelled';
export const PAID_CANNOT_CANCEL = 'A paid order cannot be cancelled';
export const PART_ARCHIVED = 'This part is no longer sold, so this order cannot be paid; you can cancel it';
export const SOLD_OUT =
  'Some parts of this order sold out since it was placed, so it cannot be paid; you can cancel it and order what is in stock';

/** Cancels an unpaid order; its stock returns once per order through the ledger's unique key. */
export async function cancelOrder(actor: Actor, id: string): Promise<{ acknowledged: true; deletedCount: number }> {
  const order = await findVisibleOrder(actor, id);
  if (order.paid) throw new ConflictError(PAID_CANNOT_CANCEL);
  if (order.cancelledAt) throw new ConflictError(ALREADY_CANCELLED);
  const by = actor.email === order.email ? 'customer' : 'admin';
  const modified = await cancelUnpaid(order, by, actor.email);
  if (modified && by === 'admin') {
    const after = await Order.findById(order._id).lean<LeanOrder>();
    await recordAudit(actor, {
      action: 'order.cancel',
      target: orderTarget(order),
      before: stateOf(order),
      after: after && stateOf(after),
    });
  }
  // The spec's answer to the cancel call: one order cancelled (0 when it already was).
  return { acknowledged: true, deletedCount: modified };
}

/** The cancel transition: the `cancelled` outcome is the lock (a paid order answers 409). Answers 1 when this call cancelled it. */
async function cancelUnpaid(order: LeanOrder, by: 'customer' | 'admin' | 'system', actorEmail: string): Promise<number> {
  const claim = await claimOutcome(order._id, 'cancelled', { by: actorEmail });
  if (claim.outcome === 'paid') throw new ConflictError(PAID_CANNOT_CANCEL);
  // An order that takes its stock at payment has taken none, or only what a payment cut short took.
  const lines = order.stockAtPayment ? await takenLines(order._id, linesOf(order)) : linesOf(order);
  await returnLines(order._id, lines, actorEmail);
  await runOrderReleases(order._id);
  await releaseHold(order);
  const result = await Order.updateOne({ _id: order._id, cancelledAt: null }, { $set: { cancelledAt: new Date(), cancelledBy: by } });
  if (result.modifiedCount > 0) await notify(order._id, 'cancelled');
  return result.modifiedCount;
}

/** Cancels the unpaid orders past ORDER_HOLD_MINUTES, safe in every instance: the `cancelled` outcome is the lock. */
export async function expireUnpaidOrders(now = new Date()): Promise<{ expired: number }> {
  await connectDb();
  const due = await Order.find({ paid: false, cancelledAt: null, holdUntil: { $ne: null, $lte: now } })
    .sort({ holdUntil: 1 })
    .limit(200)
    .lean<LeanOrder[]>();
  let expired = 0;
  for (const order of due) {
    try {
      // Nothing to pay (its placement stopped before paying it): paid, not cancelled.
      if (orderTotalCents(order) === 0) await payFreeOrder(String(order._id));
      else expired += await cancelUnpaid(order, 'system', 'hold-expiry');
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      // Paid at the last moment: the payment stands (stamped here if its process died before it could).
      await settleDecided(order);
    }
  }
  return { expired };
}

/** How old an unstamped outcome must be before another call stamps it: a live transition stamps its own in moments. */
const SETTLE_AFTER_MS = 60_000;

/** Stamps an order whose outcome was decided but never stamped (the process died in between); null when none was decided. */
async function settleDecided(order: LeanOrder): Promise<Outcome | null> {
  const decided = await OrderOutcome.findOne({ orderId: order._id }).lean();
  if (!decided) return null;
  if (Date.now() - new Date(decided.at).getTime() < SETTLE_AFTER_MS) return decided.outcome as Outcome;
  if (decided.outcome === 'paid') {
    await stampPaid(order, decided.intentId ?? '', decided.at);
    return 'paid';
  }
  const by = decided.by === order.email ? 'customer' : decided.by === 'hold-expiry' ? 'system' : 'admin';
  await cancelUnpaid(order, by, decided.by ?? 'system');
  return 'cancelled';
}

/** Stamps a paid order (once: the first stamp emails the receipt). Answers how many orders it changed. */
async function stampPaid(order: LeanOrder, transactionId: string, paidAt: Date): Promise<number> {
  const result = await Order.updateOne({ _id: order._id, paid: false }, { $set: { paid: true, transactionId, paidAt } });
  if (result.modifiedCount > 0) await notify(order._id, 'paid');
  await releaseHold(order);
  return result.modifiedCount;
}

export type ShipInput = { carrier?: string; trackingNumber?: string };

/** Ships a paid order (admins): pending to shipped, stamped, with an optional carrier and tracking number. */
export async function shipOrder(actor: Actor, id: string, input: ShipInput = {}): Promise<{ acknowledged: true; modifiedCount: number }> {
  assertAdmin(actor);
  const order = await findVisibleOrder(actor, id);
  if (order.cancelledAt) throw new ConflictError(ALREADY_CANCELLED);
  if (!order.paid) throw new ConflictError('An unpaid order cannot be shipped');
  if (order.status !== 'pending') return { acknowledged: true, modifiedCount: 0 };
  const claim = await claimStep(order._id, 'shipped', new Date(), actor.email, {
    carrier: input.carrier || undefined,
    trackingNumber: input.trackingNumber || undefined,
  });
  // A loser stamps too, with the winner's values: the winner's process may have died between its claim and this write.
  const { at: shippedAt, carrier, trackingNumber } = claim;
  await Order.updateOne(
    { _id: order._id, paid: true, status: 'pending' },
    { $set: { status: 'shipped', shippedAt, carrier, trackingNumber } },
  );
  const after = await notify(order._id, 'shipped');
  if (!claim.won) return { acknowledged: true, modifiedCount: 0 };
  await recordAudit(actor, { action: 'order.ship', target: orderTarget(order), before: stateOf(order), after: after && stateOf(after) });
  return { acknowledged: true, modifiedCount: 1 };
}

export const UNPAID_CANNOT_DELIVER = 'An unpaid order cannot be delivered';
export const NOT_SHIPPED_YET = 'Only a shipped order can be marked delivered: ship it first';

/** Marks a shipped order delivered (admins), on the day given or now; the `delivered` step record makes it once, under any concurrency. */
export async function deliverOrder(
  actor: Actor,
  id: string,
  { day }: { day?: string } = {},
  now = new Date(),
): Promise<{ acknowledged: true; modifiedCount: number }> {
  assertAdmin(actor);
  const order = await findVisibleOrder(actor, id);
  if (order.cancelledAt) throw new ConflictError(ALREADY_CANCELLED);
  if (!order.paid) throw new ConflictError(UNPAID_CANNOT_DELIVER);
  if (order.status === 'delivered') {
    // A repeat runs the hooks again: the first call's process may have died before they ran.
    await runDeliveredHooks(toOrderDTO(order));
    return { acknowledged: true, modifiedCount: 0 };
  }
  if (order.status !== 'shipped') throw new ConflictError(NOT_SHIPPED_YET);
  const claim = await claimStep(order._id, 'delivered', deliveryInstant(day, order.shippedAt ?? order.createdAt, now), actor.email);
  // A loser stamps too: the winner's process may have died between its claim and this write (the same values either way).
  await Order.updateOne({ _id: order._id, status: 'shipped' }, { $set: { status: 'delivered', deliveredAt: claim.at } });
  const after = await notify(order._id, 'delivered');
  if (after) await runDeliveredHooks(after);
  if (!claim.won) return { acknowledged: true, modifiedCount: 0 };
  await recordAudit(actor, { action: 'order.deliver', target: orderTarget(order), before: stateOf(order), after: after && stateOf(after) });
  return { acknowledged: true, modifiedCount: 1 };
}

const orderTarget = (order: Pick<LeanOrder, '_id' | 'number'>) => ({
  kind: 'order' as const,
  id: String(order._id),
  label: order.number ?? '',
});

/** The audited fields of an order's state. */
function stateOf(order: Pick<LeanOrder, 'status' | 'paid' | 'carrier' | 'trackingNumber' | 'deliveredAt' | 'cancelledAt'> | OrderDTO) {
  return {
    status: order.status,
    paid: order.paid,
    carrier: order.carrier ?? null,
    trackingNumber: order.trackingNumber ?? null,
    ...(order.deliveredAt ? { deliveredAt: new Date(order.deliveredAt).toISOString() } : {}),
    cancelled: 'cancelled' in order ? order.cancelled : Boolean(order.cancelledAt),
  };
}

/** What lib/payments knows of a successful payment, after checking it with the provider. */
export type PaymentProof = { intentId: string; amountCents: number };
/** The part of an order a payment is checked against. */
export type PayableOrder = { id: string; totalCents: number; cancelled: boolean };

export type PaymentResult =
  | { outcome: 'paid'; acknowledged: true; modifiedCount: number; transactionId: string }
  /** The order was cancelled first, or (soldOut) its parts sold out before it was paid: the caller refunds the payment. */
  | { outcome: 'cancelled'; proof: PaymentProof; soldOut?: true };

/** The paid transition: the payment is proved with the provider before the `paid` outcome is claimed. `actor` null is the webhook. */
export async function markOrderPaid(
  actor: Actor | null,
  orderId: string,
  transactionId: string,
  prove: (order: PayableOrder) => Promise<PaymentProof>,
): Promise<PaymentResult> {
  if (actor) assertCustomer(actor);
  const order = actor ? await findVisibleOrder(actor, orderId) : await findOrderForProvider(orderId);
  if (order.paid) {
    if (order.transactionId === transactionId) return { outcome: 'paid', acknowledged: true, modifiedCount: 0, transactionId };
    throw new ConflictError(ALREADY_PAID);
  }
  const payable = { id: String(order._id), totalCents: orderTotalCents(order), cancelled: Boolean(order.cancelledAt) };
  const proof = await prove(payable).catch((error: unknown) => {
    // Paying a cancelled order: nothing was charged, so the cancel is the answer.
    throw payable.cancelled && error instanceof PaymentError ? new ConflictError(ALREADY_CANCELLED) : error;
  });
  if (order.stockAtPayment && !(await takeAtPayment(order._id, linesOf(order), order.email))) {
    // Sold out before the payment came: cancelled (unless another call paid it meanwhile), and refunded by the caller.
    if ((await cancelUnpaid(order, 'system', 'sold-out').catch(paidMeanwhile)) !== null)
      return { outcome: 'cancelled', proof, soldOut: true };
  }
  const claim = await claimOutcome(order._id, 'paid', { intentId: proof.intentId, amountCents: proof.amountCents });
  if (claim.outcome === 'cancelled') {
    // The stock this call took for a cancelled order goes back (once: the ledger's unique order key).
    if (order.stockAtPayment) await returnLines(order._id, await takenLines(order._id, linesOf(order)), 'system');
    return { outcome: 'cancelled', proof };
  }
  if (!claim.won && claim.intentId !== proof.intentId) throw new ConflictError(ALREADY_PAID);
  const modifiedCount = await stampPaid(order, proof.intentId, new Date());
  return { outcome: 'paid', acknowledged: true, modifiedCount, transactionId: proof.intentId };
}

/** A cancel refused because the order was paid meanwhile: null (the payment stands). */
const paidMeanwhile = (error: unknown): null => {
  if (error instanceof ConflictError && error.message === PAID_CANNOT_CANCEL) return null;
  throw error;
};

/** The least a card can be charged (Stripe's minimum in US dollars): a total between nothing and this cannot be paid. */
export const MIN_CARD_CENTS = 50;

/** A free order is paid as it is placed: Stripe refuses an amount of 0. */
export async function payFreeOrder(orderId: string): Promise<void> {
  const transactionId = `free-${orderId}`;
  await markOrderPaid(null, orderId, transactionId, async (order) => {
    if (order.totalCents !== 0) throw new PaymentError('The payment amount does not match the order');
    return { intentId: transactionId, amountCents: 0 };
  });
}

async function findOrderForProvider(id: string): Promise<LeanOrder> {
  const orderId = parseObjectId(id, 'Order not found');
  await connectDb();
  const order = await Order.findById(orderId).lean<LeanOrder>();
  if (!order) throw new NotFoundError('Order not found');
  return order;
}

/** The order a payment may be started for: the customer's own, unpaid, not cancelled, its part still sold. */
export async function getPayableOrder(actor: Actor, id: string): Promise<PayableOrder> {
  assertCustomer(actor);
  const order = await findVisibleOrder(actor, id);
  if (order.paid) throw new ConflictError(ALREADY_PAID);
  if (order.cancelledAt) throw new ConflictError(ALREADY_CANCELLED);
  // Decided but not stamped (a cancel cut short by a crash): never charge a card for it.
  const decided = await settleDecided(order);
  if (decided) throw new ConflictError(decided === 'paid' ? ALREADY_PAID : ALREADY_CANCELLED);
  if (!(await allPartsSold(order))) throw new ConflictError(PART_ARCHIVED);
  if (order.stockAtPayment && !(await inStockNow(order))) throw new ConflictError(SOLD_OUT);
  return { id: String(order._id), totalCents: orderTotalCents(order), cancelled: false };
}

/** Whether every line of an order that takes its stock at payment could be taken now. */
async function inStockNow(order: LeanOrder): Promise<boolean> {
  const lines = linesOf(order);
  const parts = await Promise.all(lines.map((line) => Part.findById(line.partId, { availableQuantity: 1 }).lean()));
  return lines.every((line, i) => (parts[i]?.availableQuantity ?? 0) >= line.quantity);
}

/** Whether every part of the order is still sold (not archived or deleted). */
async function allPartsSold(order: LeanOrder): Promise<boolean> {
  const parts = await Promise.all(linesOf(order).map((line) => Part.findById(line.partId, { archivedAt: 1 }).lean()));
  return parts.every((part) => part && !part.archivedAt);
}
