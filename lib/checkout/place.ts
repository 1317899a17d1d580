import 'server-only';
import { Types } from 'mongoose';
import { saveCheckoutAddress } from '@/lib/accounts';
import { assertCustomer, type Actor } from '@/lib/auth';
import { getCart, readCart, removeOrdered, type CartLineView, type CartStamp } from '@/lib/cart';
import { customerOrderPath, enqueueOrderEmail, enqueueShopNotice, paymentPath } from '@/lib/orders';
import { guestOrderPath } from '@/lib/orders';
import { MIN_CARD_CENTS, payFreeOrder, toOrderDTO, type LeanOrder } from '@/lib/orders';
import { assertOrderSize, TOO_MANY_ORDERS, unverifiedOrderPlaces } from '@/lib/orders';
import { LineRefusedError, logAfterStore, placeLines } from '@/lib/orders';
import { TEXT } from '@/lib/core/texts';
import { connectDb } from '@/lib/platform/db';
import { AppError, ConflictError, NotFoundError, ValidationError, isDuplicateKey } from '@/lib/core/errors';
import { formatPrice, fromCents, toCents } from '@/lib/core/money';
import type { OrderDTO } from '@/lib/orders';
import { minimumQuantityMessage } from '@/lib/validations/orders';
import type { CheckoutInput } from '@/lib/validations/checkout';
import { Order } from '@/models';
import { redeemCode, releaseCodes } from './discounts';
import { priceCart, type PricedQuote, type Quote } from './quote';
import { ordersInbox } from './settings';
import { claimCheckout } from './claim';
import { weightGramsOf } from '@/lib/catalog';

/** Checkout (issue 29): the cart becomes one order at a fresh quote's amounts, all or nothing; a refusal answers 409
 * with the new quote. Once the order is stored, nothing after it can turn the answer into a failure. */

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
/** `orderUrl`: the order's page; `payUrl`: where its card form is (the same page for a guest, or for a free order paid as placed). */
export type PlacedCheckout = { orderId: string; orderNumber: string; total: number; orderUrl: string; payUrl: string };

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

/** The answer to a placed checkout: the order, its page (a guest's signed link) and where it is paid. */
export function checkoutAnswer(order: Pick<OrderDTO, '_id' | 'number' | 'total' | 'guest' | 'email'>): PlacedCheckout {
  const orderUrl = order.guest ? guestOrderPath(order._id, order.email) : customerOrderPath(order._id);
  return {
    orderId: order._id,
    orderNumber: order.number,
    total: order.total,
    orderUrl,
    payUrl: order.guest || order.total === 0 ? orderUrl : paymentPath(order._id),
  };
}

/** The answer of the checkout that placed this order, if it was a checkout's (a repeat of a request that died). */
export async function recoverCheckout(orderId: Types.ObjectId): Promise<PlacedCheckout | null> {
  const order = await Order.findById(orderId).lean<LeanOrder>();
  return order?.lines?.length ? checkoutAnswer(toOrderDTO(order)) : null;
}

export type CheckoutOptions = { signal?: AbortSignal; ip?: string | null; orderId?: Types.ObjectId };

export async function placeCheckout(buyer: Buyer, input: CheckoutInput, options: CheckoutOptions = {}): Promise<PlacedCheckout> {
  if (buyer.actor) assertCustomer(buyer.actor);
  const email = buyer.actor?.email ?? input.email;
  if (!email) throw new ValidationError(CHECKOUT_TEXT.emailRequired, { email: [CHECKOUT_TEXT.emailRequired] });
  await connectDb();
  const places = await unverifiedOrderPlaces(buyer.actor, email, options.ip ?? null);
  try {
    return await placeCart({ buyer, email, input, options });
  } catch (error) {
    await places?.release();
    throw error;
  }
}

type CartCheckout = { buyer: Buyer; email: string; input: CheckoutInput; options: CheckoutOptions };

/** The cart as it may be ordered now, priced for the chosen method; refused (400 or 409 with a quote) otherwise. */
async function pricedCart({ buyer, email, input }: CartCheckout) {
  // Priced from the catalog's cached reads, as the cart page showed it: each part's turn reads the part
  // itself and refuses a price that is no longer this one (a 409 with a quote from the database).
  const { view: cart, stored, version } = await readCart(buyer.owner);
  if (!cart.lines.length) throw new ValidationError(CHECKOUT_TEXT.empty);
  const destination = { country: input.address.country, postalCode: input.address.postalCode, region: input.address.region };
  const refusal = cart.lines.map(lineRefusal).find(Boolean);
  if (refusal instanceof ConflictError) {
    const now = await priceCart(cart.lines, destination, { discountCode: input.discountCode, email }).catch(() => null);
    throw new QuoteChangedError(refusal.message, now?.quote ?? null);
  }
  if (refusal) throw refusal;
  const priced = await priceCart(cart.lines, destination, { discountCode: input.discountCode, email });
  if (!priced.methods.length) throw new ValidationError(CHECKOUT_TEXT.noShipping, { 'address.country': [CHECKOUT_TEXT.noShipping] });
  const chosen = priced.methods.find((entry) => entry.method.id === input.shippingMethod);
  if (!chosen) throw new ValidationError(CHECKOUT_TEXT.method, { shippingMethod: [CHECKOUT_TEXT.method] });
  if (input.quotedTotal !== undefined && toCents(input.quotedTotal) !== chosen.totals.totalCents) {
    throw new QuoteChangedError(CHECKOUT_TEXT.changed, priced.quote);
  }
  assertOrderSize(cart.lines, chosen.totals.totalCents);
  if (chosen.totals.totalCents > 0 && chosen.totals.totalCents < MIN_CARD_CENTS) {
    throw new ValidationError(CHECKOUT_TEXT.belowCardMinimum, priced.code ? { discountCode: [CHECKOUT_TEXT.belowCardMinimum] } : undefined);
  }
  return { cart, stored, version, destination, priced, chosen };
}

/** The stored order's own fields: its lines, address, shipping, discount and amounts, as the quote made them. */
function orderFields({ buyer, email, input }: CartCheckout, cart: { lines: CartLineView[] }, priced: PricedQuote, version: string | null) {
  const { totals, method } = priced.methods.find((entry) => entry.method.id === input.shippingMethod)!;
  const [first] = cart.lines;
  const address = input.address;
  return {
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
      ...(line.core ? { coreCharge: line.core.unitPrice } : {}),
      ...(line.fit ? { fit: line.fit } : {}),
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
  };
}

async function placeCart(checkout: CartCheckout): Promise<PlacedCheckout> {
  const { buyer, email, input, options } = checkout;
  const { cart, stored, version, destination, priced, chosen } = await pricedCart(checkout);
  const orderId = options.orderId ?? new Types.ObjectId();
  const priceOf = new Map(cart.lines.map((line) => [line.partId, toCents(line.unitPrice)]));
  const code = priced.code;
  const release = version ? await claimCheckout(version, orderId, CHECKOUT_TEXT.alreadyOrdered, options.signal) : null;
  const placed = await placeLines({
    orderId,
    lines: cart.lines.map((line) => ({
      partId: new Types.ObjectId(line.partId),
      quantity: line.quantity,
      unitCents: toCents(line.unitPrice),
    })),
    email,
    client: { ip: options.ip ?? null, email, cart: buyer.owner },
    verified: Boolean(buyer.actor?.emailVerified),
    signal: options.signal,
    check: (part, line) => {
      if (part.archivedAt) throw new LineRefusedError(CHECKOUT_TEXT.unavailable(part.name), String(line.partId));
      if (toCents(part.price) !== priceOf.get(String(line.partId))) throw new LineRefusedError(CHECKOUT_TEXT.changed, String(line.partId));
      if (line.quantity < part.minimumQuantity) throw new ValidationError(minimumQuantityMessage(part.minimumQuantity));
    },
    steps: code
      ? [
          {
            name: 'code',
            run: (p) => redeemCode(code, { orderId: p.orderId, email, amountCents: chosen.totals.discountCents }),
            undo: (p) => releaseCodes(p.orderId),
          },
        ]
      : [],
    fields: () => orderFields(checkout, cart, priced, version),
  })
    .catch(async (error: unknown) => {
      // Another checkout of the same cart (a second tab) stored its order first.
      if (isDuplicateKey(error) && version && (await Order.exists({ cartVersion: version })))
        throw new ConflictError(CHECKOUT_TEXT.alreadyOrdered);
      if (!(error instanceof ConflictError || error instanceof NotFoundError)) throw error;
      const now = await getCart(buyer.owner, { fresh: true }).then((fresh) =>
        priceCart(fresh.lines, destination, { discountCode: input.discountCode, email }).catch(() => null),
      );
      const changed = new QuoteChangedError(error instanceof NotFoundError ? CHECKOUT_TEXT.changed : error.message, now?.quote ?? null);
      changed.details = { ...error.details, ...changed.details };
      throw changed;
    })
    .finally(() => release?.().catch(logAfterStore('end its claim')));
  await afterPlaced(placed.order, buyer.owner, cart.lines, stored);
  if (input.saveAddress && buyer.actor) await saveCheckoutAddress(buyer.actor, input.address).catch(logAfterStore('save its address'));
  return checkoutAnswer(placed.order);
}

/** After a stored order, nothing may fail it; the hold expiry and the email reconciliation repair what fails here. */
async function afterPlaced(order: OrderDTO, owner: string, lines: CartLineView[], stored: CartStamp | null): Promise<void> {
  const ordered = lines.map((line) => ({ partId: new Types.ObjectId(line.partId), quantity: line.quantity }));
  await removeOrdered(owner, ordered, stored).catch(logAfterStore('empty the cart'));
  // Nothing to pay: the order is paid as placed, and its receipt is the customer's email.
  const free = order.total === 0;
  if (free) await payFreeOrder(order._id).catch(logAfterStore('be paid as free'));
  // The customer's email and the shop's notice are independent messages: enqueued side by side.
  await Promise.all([
    free ? undefined : enqueueOrderEmail('placed', order, {}, { fresh: true }).catch(logAfterStore('queue its email')),
    ordersInbox()
      .then((inbox) => (inbox ? enqueueShopNotice(order, inbox) : undefined))
      .catch(logAfterStore("queue the shop's notice")),
  ]);
}
