import 'server-only';
import { Types } from 'mongoose';
import { assertCustomer, type Actor } from '@/lib/auth/policy';
import { getCart, readCart, removeOrdered, type CartLineView } from '@/lib/cart';
import { enqueueOrderEmail, enqueueShopNotice } from '@/lib/orders/emails';
import { guestOrderPath } from '@/lib/orders/guest-links';
import { MIN_CARD_CENTS, payFreeOrder, storeOrder } from '@/lib/orders';
import { TOO_MANY_ORDERS, unverifiedOrderPlaces } from '@/lib/orders/order-limits';
import { LineRefusedError, takeLines, writeIntent, type LineRequest } from '@/lib/orders/placement';
import { TEXT } from '@/lib/platform/constants';
import { connectDb } from '@/lib/platform/db';
import { AppError, ConflictError, NotFoundError, ValidationError, isDuplicateKey } from '@/lib/platform/errors';
import { formatPrice, fromCents, toCents } from '@/lib/platform/money';
import { minimumQuantityMessage } from '@/lib/validations/orders';
import type { CheckoutInput } from '@/lib/validations/checkout';
import { Order, OrderIntent } from '@/models';
import { redeemCode, releaseCodes } from './discounts';
import { priceCart, type Quote } from './quote';
import { ordersInbox } from './settings';
import { weightGramsOf } from './shipping';

/**
 * Checkout (issue 29): the cart becomes one order, all or nothing, at the amounts of a fresh quote.
 * Every line is judged again (available, minimum, stock); the code is redeemed under its unique keys;
 * every part's stock is taken through the ledger in the order of part ids, each checked in its turn to
 * still cost what the quote said. Anything refused gives back what was taken, and the answer is 409
 * with the new quote for the customer to confirm.
 */

export const CHECKOUT_TEXT = {
  empty: 'Your cart is empty',
  noShipping: 'We do not ship to this address yet',
  method: 'Choose a shipping method we offer to this address',
  changed: 'Prices, stock or your code changed since your quote: please check the new total',
  unavailable: (name: string) => `${name} is no longer available: remove it from your cart`,
  emailRequired: 'Email is Required',
  alreadyOrdered: 'This cart was just ordered from another window or tab: your confirmation email is on its way',
  tooMany: TOO_MANY_ORDERS,
  belowCardMinimum: `A card cannot pay a total under ${formatPrice(fromCents(MIN_CARD_CENTS))}: add a part, or check out without the code`,
} as const;

export type Buyer = { actor: Actor | null; owner: string };
export type PlacedCheckout = { orderId: string; orderNumber: string; total: number; orderUrl: string };

/** A refusal that carries the quote as it stands now (409). */
class QuoteChangedError extends ConflictError {
  constructor(message: string, quote: Quote | null) {
    super(message);
    if (quote) this.details = { quote };
  }
}

/** A line that cannot be ordered as it is: the reason, or null. */
function lineRefusal(line: CartLineView): AppError | null {
  if (line.problems.includes('unavailable')) return new ConflictError(CHECKOUT_TEXT.unavailable(line.name));
  if (line.problems.includes('below-minimum')) return new ValidationError(minimumQuantityMessage(line.minimumQuantity));
  if (line.problems.includes('over-stock')) return new ConflictError(TEXT.overStock);
  return null;
}

export async function placeCheckout(
  buyer: Buyer,
  input: CheckoutInput,
  { signal, ip = null }: { signal?: AbortSignal; ip?: string | null } = {},
): Promise<PlacedCheckout> {
  if (buyer.actor) assertCustomer(buyer.actor);
  const email = buyer.actor?.email ?? input.email;
  if (!email) throw new ValidationError(CHECKOUT_TEXT.emailRequired, { email: [CHECKOUT_TEXT.emailRequired] });
  await connectDb();
  const places = await unverifiedOrderPlaces(buyer.actor, email, ip);
  try {
    return await placeCart(buyer, email, input, signal);
  } catch (error) {
    await places?.release();
    throw error;
  }
}

async function placeCart(buyer: Buyer, email: string, input: CheckoutInput, signal?: AbortSignal): Promise<PlacedCheckout> {
  // Priced from the catalog's cached reads, as the cart page showed it: each part's turn below reads the
  // part itself and refuses a price that is no longer this one (a 409 with a quote from the database).
  const { view: cart, stored, version } = await readCart(buyer.owner);
  if (!cart.lines.length) throw new ValidationError(CHECKOUT_TEXT.empty);
  const destination = { country: input.address.country, postalCode: input.address.postalCode, region: input.address.region };
  const requote = () => priceCart(cart.lines, destination, { discountCode: input.discountCode, email }).catch(() => null);

  const refusal = cart.lines.map(lineRefusal).find(Boolean);
  if (refusal) {
    if (refusal instanceof ConflictError) throw new QuoteChangedError(refusal.message, (await requote())?.quote ?? null);
    throw refusal;
  }
  const priced = await priceCart(cart.lines, destination, { discountCode: input.discountCode, email });
  if (!priced.methods.length) throw new ValidationError(CHECKOUT_TEXT.noShipping, { 'address.country': [CHECKOUT_TEXT.noShipping] });
  const chosen = priced.methods.find((entry) => entry.method.id === input.shippingMethod);
  if (!chosen) throw new ValidationError(CHECKOUT_TEXT.method, { shippingMethod: [CHECKOUT_TEXT.method] });
  if (input.quotedTotal !== undefined && toCents(input.quotedTotal) !== chosen.totals.totalCents) {
    throw new QuoteChangedError(CHECKOUT_TEXT.changed, priced.quote);
  }
  if (chosen.totals.totalCents > 0 && chosen.totals.totalCents < MIN_CARD_CENTS) {
    throw new ValidationError(CHECKOUT_TEXT.belowCardMinimum, priced.code ? { discountCode: [CHECKOUT_TEXT.belowCardMinimum] } : undefined);
  }

  const orderId = new Types.ObjectId();
  const lines: LineRequest[] = cart.lines.map((line) => ({ partId: new Types.ObjectId(line.partId), quantity: line.quantity }));
  const priceOf = new Map(cart.lines.map((line) => [line.partId, toCents(line.unitPrice)]));
  await writeIntent(orderId, lines, email);
  try {
    if (priced.code) await redeemCode(priced.code, { orderId, email, amountCents: chosen.totals.discountCents });
    await takeLines(orderId, lines, email, {
      signal,
      check: (part, line) => {
        if (part.archivedAt) throw new LineRefusedError(CHECKOUT_TEXT.unavailable(part.name), String(line.partId));
        if (toCents(part.price) !== priceOf.get(String(line.partId)))
          throw new LineRefusedError(CHECKOUT_TEXT.changed, String(line.partId));
        if (line.quantity < part.minimumQuantity) throw new ValidationError(minimumQuantityMessage(part.minimumQuantity));
      },
    });
  } catch (error) {
    // takeLines gave back its own moves and removed the intent on its refusals; a code refusal came first.
    await releaseCodes(orderId);
    await OrderIntent.deleteOne({ _id: orderId });
    if (error instanceof ConflictError || error instanceof NotFoundError) {
      const fresh = await getCart(buyer.owner, { fresh: true }).then((now) =>
        priceCart(now.lines, destination, { discountCode: input.discountCode, email }).catch(() => null),
      );
      const changed = new QuoteChangedError(error instanceof NotFoundError ? CHECKOUT_TEXT.changed : error.message, fresh?.quote ?? null);
      changed.details = { ...error.details, ...changed.details };
      throw changed;
    }
    throw error;
  }

  const { totals, method } = chosen;
  const [first] = cart.lines;
  const address = input.address;
  const order = await storeOrder(orderId, lines, {
    partId: new Types.ObjectId(first!.partId),
    partName: first!.name,
    price: first!.unitPrice,
    quantity: first!.quantity,
    name: address.name,
    email,
    address: [address.line1, address.line2, address.city, address.region, address.postalCode, address.country].filter(Boolean).join(', '),
    phone: input.phone,
    lines: cart.lines.map((line) => ({
      partId: new Types.ObjectId(line.partId),
      partName: line.name,
      unitPrice: line.unitPrice,
      quantity: line.quantity,
      weightGrams: weightGramsOf(line),
    })),
    shippingAddress: address,
    shipping: {
      methodId: method.id,
      label: method.label,
      amountCents: totals.shippingCents,
      minDays: method.minDays,
      maxDays: method.maxDays,
    },
    discount: priced.code ? { code: priced.code.code, kind: priced.code.kind, amountCents: totals.discountCents } : undefined,
    goodsCents: totals.goodsCents,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
    guest: !buyer.actor,
    // Only a stored cart has a version (an empty one was refused above); a null would be one value for all.
    ...(version ? { cartVersion: version } : {}),
  }).catch(async (error: unknown) => {
    // storeOrder gave the stock back; the code goes back too.
    await releaseCodes(orderId);
    // Another checkout of the same cart (a second tab) stored its order first.
    if (isDuplicateKey(error) && version && (await Order.exists({ cartVersion: version })))
      throw new ConflictError(CHECKOUT_TEXT.alreadyOrdered);
    throw error;
  });
  await removeOrdered(buyer.owner, lines, stored).catch((error: unknown) => console.error('[checkout] could not empty the cart:', error));
  // Nothing to pay: the order is paid as placed, and its receipt is the customer's email.
  const free = totals.totalCents === 0;
  if (free) await payFreeOrder(order._id);
  // The customer's email and the shop's notice are independent messages: enqueued side by side.
  await Promise.all([
    free ? undefined : enqueueOrderEmail('placed', order, {}, { fresh: true }),
    ordersInbox().then((inbox) => (inbox ? enqueueShopNotice(order, inbox) : undefined)),
  ]);
  return {
    orderId: order._id,
    orderNumber: order.number,
    total: order.total,
    orderUrl: order.guest ? guestOrderPath(order._id, email) : `/dashboard/orders/${order._id}`,
  };
}
