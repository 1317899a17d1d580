import 'server-only';
import { Types } from 'mongoose';
import { addressKey, getAddressBook, type AddressBookEntry } from '@/lib/accounts';
import type { Actor } from '@/lib/auth';
import { getCart, partsById, lineViewOf, type CartLineView } from '@/lib/cart';
import type { CartCaller } from '@/lib/cart';
import { connectDb } from '@/lib/platform/db';
import { NotFoundError } from '@/lib/core/errors';
import type { AddressDTO } from '@/lib/core/address';
import { quoteSchema, type QuoteInput } from '@/lib/validations/checkout';
import type { SavedDestination } from '@/lib/cart';
import { addressDTO } from '@/lib/core/address';
import { Order } from '@/models';
import { priceCart, type Quote } from './quote';

// The checkout domain's entry: server code imports it from '@/lib/checkout'.
export { placeCheckout, recoverCheckout, CHECKOUT_TEXT } from './place';
export { reorder, reorderCaller } from './reorder';
export type { Quote, QuoteMethod } from './quote';

/** A quote for the caller's cart, or for one part at its minimum quantity (its page's "Ships from"). */
export async function quoteFor(caller: Pick<CartCaller, 'owner' | 'actor'>, input: QuoteInput): Promise<Quote> {
  const lines = input.partId ? await partLine(input.partId) : (await getCart(caller.owner)).lines;
  const destination = { country: input.country, postalCode: input.postalCode, region: input.region };
  const priced = await priceCart(lines, destination, { discountCode: input.discountCode, email: caller.actor?.email });
  return priced.quote;
}

/** The quote of the destination this browser saved (lib/cart/destination.ts), made for a page's first paint. */
export type SavedQuote = { destination: SavedDestination; quote: Quote };

/** The caller's cart quoted for the saved destination; null without one, or for one the quote's rules refuse. */
export async function savedQuoteFor(
  caller: Pick<CartCaller, 'owner' | 'actor'>,
  saved: SavedDestination | null,
): Promise<SavedQuote | null> {
  const input = saved ? quoteSchema.safeParse(saved) : null;
  return input?.success ? { destination: saved!, quote: await quoteFor(caller, input.data) } : null;
}

async function partLine(partId: string): Promise<CartLineView[]> {
  await connectDb();
  const part = (await partsById([new Types.ObjectId(partId)])).get(partId);
  if (!part || part.archivedAt) throw new NotFoundError('Part not found');
  return [lineViewOf({ partId: part._id, quantity: part.minimumQuantity, addedPrice: part.price }, part)];
}

export type SavedAddresses = {
  /** The address book, the default first. */
  book: AddressBookEntry[];
  /** The addresses of the customer's last orders that the book does not hold, newest first. */
  fromOrders: AddressDTO[];
  /** What the checkout fills in: the default address (with no book, the last order's) and the last order's phone. */
  prefill: { address: AddressDTO; phone: string } | null;
};

type Customer = Pick<Actor, '_id' | 'isAdmin' | 'email' | 'emailVerified'>;

/** The addresses a checkout offers: the address book first, then those of past orders, and what it fills in. */
export async function savedAddresses(actor: Customer): Promise<SavedAddresses> {
  const [{ addresses: book }, past] = await Promise.all([getAddressBook(actor), pastAddresses(actor)]);
  const inBook = new Set(book.map((entry) => addressKey(entry.address)));
  const fill = book[0]?.address ?? past.addresses[0];
  return {
    book,
    fromOrders: past.addresses.filter((address) => !inBook.has(addressKey(address))),
    prefill: fill ? { address: fill, phone: past.phone } : null,
  };
}

/** The distinct addresses of a customer's last orders (up to 10), newest first, and the last order's phone. */
async function pastAddresses(actor: Customer): Promise<{ addresses: AddressDTO[]; phone: string }> {
  await connectDb();
  // A guest's addresses only once the account has proved it owns the email.
  const mine = actor.emailVerified ? { email: actor.email } : { email: actor.email, guest: { $ne: true } };
  const orders = await Order.find({ ...mine, shippingAddress: { $exists: true } }, { shippingAddress: 1, phone: 1 })
    .sort({ createdAt: -1 })
    .limit(50)
    .lean();
  const seen = new Set<string>();
  const addresses: AddressDTO[] = [];
  for (const order of orders) {
    if (!order.shippingAddress) continue;
    const address = addressDTO(order.shippingAddress);
    const key = addressKey(address);
    if (seen.has(key)) continue;
    seen.add(key);
    addresses.push(address);
    if (addresses.length === 10) break;
  }
  return { addresses, phone: orders[0]?.phone ?? '' };
}
