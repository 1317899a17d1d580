import 'server-only';
import { Types } from 'mongoose';
import { checkLineFit, getCachedList, type LineFit } from '@/lib/catalog';
import { weightGramsOf } from '@/lib/catalog';
import { coreLineOf, goodsCents, withCoreLines, type MoneyLine } from '@/lib/orders';
import { TEXT } from '@/lib/core/texts';
import { connectDb } from '@/lib/platform/db';
import { ConflictError, NotFoundError, ServiceUnavailableError, ValidationError, isDuplicateKey } from '@/lib/core/errors';
import { parseObjectId } from '@/lib/core/ids';
import { fromCents, toCents } from '@/lib/core/money';
import { ORDER_MAX, ORDER_MAX_TEXT, minimumQuantityMessage } from '@/lib/validations/orders';
import type { LineFitInput } from '@/lib/validations/vehicles';
import { KeyedQueue } from '@/lib/stock';
import { RecentCarts } from './recent';
import { Cart, Part } from '@/models';

/** Carts (issue 29): a line is checked against its part when written; later price or stock changes are flagged, never fixed silently. */

export const MAX_CART_LINES = ORDER_MAX.lines;
export const CART_TEXT = {
  tooManyLines: `A cart holds at most ${MAX_CART_LINES} different parts`,
  notInCart: 'This part is not in your cart',
  busy: 'Your cart is busy, please try again',
  gone: 'This part is no longer sold',
} as const;

export type CartProblem = 'unavailable' | 'price-raised' | 'price-lowered' | 'below-minimum' | 'over-stock';

export type CartLineView = {
  partId: string;
  name: string;
  img: string | null;
  brand: string | null;
  partNumber: string | null;
  category: string | null;
  unit: string;
  unitPrice: number;
  addedPrice: number;
  quantity: number;
  minimumQuantity: number;
  availableQuantity: number;
  lineTotal: number;
  weightKg: number | null;
  /** The part's core deposit as its own line (per unit now, this line's quantity); null: the part has none. */
  core: { unitPrice: number; quantity: number; lineTotal: number } | null;
  problems: CartProblem[];
  /** The fit the buyer confirmed with the part's questions (absent: added without). */
  fit?: LineFit;
};

export type CartView = {
  lines: CartLineView[];
  count: number;
  lineCount: number;
  subtotal: number;
  currency: 'usd';
  /** Lines of the cart filled before signing in that did not fit into this one (MAX_CART_LINES): they wait there. */
  leftInGuestCart?: number;
};

export type StoredLine = { partId: Types.ObjectId; quantity: number; addedPrice: number; addedAt: Date; fit?: LineFit | null };

const PART_FIELDS = {
  name: 1,
  img: 1,
  brand: 1,
  partNumber: 1,
  category: 1,
  unit: 1,
  price: 1,
  availableQuantity: 1,
  minimumQuantity: 1,
  weightKg: 1,
  coreCharge: 1,
  archivedAt: 1,
} as const;

export type CartPart = {
  _id: Types.ObjectId;
  name: string;
  img?: string | null;
  brand?: string | null;
  partNumber?: string | null;
  category?: string | null;
  unit?: string | null;
  price: number;
  availableQuantity: number;
  minimumQuantity: number;
  weightKg?: number | null;
  coreCharge?: number | null;
  archivedAt?: Date | null;
};

/** A cart's parts from the catalog's cached reads (expired on every price or stock change, on every instance);
 * withdrawn parts, and everything when `fresh` (a refused checkout's new quote), come from the database. */
async function viewParts(ids: Types.ObjectId[], { fresh = false } = {}): Promise<Map<string, CartPart>> {
  if (fresh || !ids.length) return partsById(ids);
  const cached = new Map<string, CartPart>(
    (await getCachedList(ids.map(String).sort())).map((part) => [
      part._id,
      { ...part, _id: new Types.ObjectId(part._id), archivedAt: part.archived ? new Date(part.updatedAt) : null },
    ]),
  );
  const missing = ids.filter((id) => !cached.has(String(id)));
  return missing.length ? new Map([...cached, ...(await partsById(missing))]) : cached;
}

/** The parts of a cart's lines (at most 50), each read by its _id: the one lookup every server answers from its index. */
export async function partsById(ids: Types.ObjectId[]): Promise<Map<string, CartPart>> {
  const parts = await Promise.all(ids.map((id) => Part.collection.findOne<CartPart>({ _id: id }, { projection: PART_FIELDS })));
  return new Map(parts.flatMap((part) => (part ? [[String(part._id), part] as const] : [])));
}

const isSold = (part: CartPart | undefined): part is CartPart => Boolean(part && !part.archivedAt);

/** What is wrong with a line now (none: it can be ordered as it is). */
export function lineProblems(line: Pick<StoredLine, 'quantity' | 'addedPrice'>, part: CartPart | undefined): CartProblem[] {
  if (!isSold(part) || part.availableQuantity < part.minimumQuantity) return ['unavailable'];
  const problems: CartProblem[] = [];
  if (toCents(part.price) > toCents(line.addedPrice)) problems.push('price-raised');
  if (toCents(part.price) < toCents(line.addedPrice)) problems.push('price-lowered');
  if (line.quantity < part.minimumQuantity) problems.push('below-minimum');
  if (line.quantity > part.availableQuantity) problems.push('over-stock');
  return problems;
}

/** One line of a cart's view: the line as stored (or as it would be), its part as it is now (undefined: gone). */
export function lineViewOf(line: Pick<StoredLine, 'partId' | 'quantity' | 'addedPrice' | 'fit'>, part: CartPart | undefined): CartLineView {
  const price = part?.price ?? line.addedPrice;
  return {
    partId: String(line.partId),
    name: part?.name ?? CART_TEXT.gone,
    img: part?.img ?? null,
    brand: part?.brand ?? null,
    partNumber: part?.partNumber ?? null,
    category: part?.category ?? null,
    unit: part?.unit ?? 'piece',
    unitPrice: price,
    addedPrice: line.addedPrice,
    quantity: line.quantity,
    minimumQuantity: part?.minimumQuantity ?? 1,
    availableQuantity: isSold(part) ? part.availableQuantity : 0,
    lineTotal: fromCents(toCents(price) * line.quantity),
    weightKg: part?.weightKg ?? null,
    core: part?.coreCharge ? coreLineOf(part.coreCharge, line.quantity) : null,
    problems: lineProblems(line, part),
    ...(line.fit ? { fit: { vehicle: line.fit.vehicle, answers: line.fit.answers, text: line.fit.text } } : {}),
  };
}

function viewOf(lines: StoredLine[], parts: Map<string, CartPart>): CartView {
  const views = lines.map((line) => lineViewOf(line, parts.get(String(line.partId))));
  const orderable = views.filter((line) => !line.problems.includes('unavailable'));
  return {
    lines: views,
    count: views.reduce((sum, line) => sum + line.quantity, 0),
    lineCount: views.length,
    subtotal: fromCents(goodsCents(moneyLines(orderable))),
    currency: 'usd',
  };
}

/** The money rules' view of cart lines (lib/orders/money.ts), at the parts' current prices: the parts, then their core deposits. */
export function moneyLines(lines: CartLineView[]): MoneyLine[] {
  return withCoreLines(
    lines.map((line) => ({
      unitCents: toCents(line.unitPrice),
      quantity: line.quantity,
      weightGrams: weightGramsOf(line),
      category: line.category,
      brand: line.brand,
      coreCents: line.core ? toCents(line.core.unitPrice) : 0,
    })),
  );
}

type LeanCart = { _id: string; lines: StoredLine[]; rev: number; createdAt?: Date | null; merged?: string[] | null };

/** A cart as stored, read through the driver: every cart call reads it, so Mongoose's query layer is skipped. */
async function readLines(owner: string): Promise<{ cart: LeanCart | null; lines: StoredLine[] }> {
  await connectDb();
  const cart = await Cart.collection.findOne<LeanCart>({ _id: owner } as never, {
    projection: { lines: 1, rev: 1, createdAt: 1, merged: 1 },
  });
  if (cart) remember(cart);
  else recent.forget(owner);
  return { cart, lines: cart?.lines ?? [] };
}

// The carts this process last saw (lib/cart/recent.ts): a write starts from one without reading it.
// Bounded by lines, not carts, so the memory kept stays small whatever the carts' sizes.
const RECENT_CART_LINES = 20_000;
const globalForRecent = globalThis as typeof globalThis & { __recentCarts?: RecentCarts<StoredLine> };
// One for every copy of this module in the process (Next.js may load a module once per bundle).
const recent = (globalForRecent.__recentCarts ??= new RecentCarts<StoredLine>(RECENT_CART_LINES));
const remember = (cart: LeanCart) => {
  if (cart.createdAt instanceof Date) recent.remember({ ...cart, createdAt: cart.createdAt });
};

/** A cart as one read found it: enough to write it again only if it is still the same. */
export type CartStamp = Pick<LeanCart, '_id' | 'rev' | 'createdAt'>;

/** A cart write's filter: the cart as it was read (its revision, and its creation: a cart removed and made again is another). */
const sameCart = (cart: CartStamp) => ({ _id: cart._id, rev: cart.rev, ...(cart.createdAt ? { createdAt: cart.createdAt } : {}) });

/** A cart's contents at one read (owner, creation time, revision): an order stores it under a unique index, so
 * one version becomes one order at most, and a merge marks the guest versions it took in. */
const versionOf = (cart: LeanCart) => `${cart._id}@${cart.createdAt ? new Date(cart.createdAt).getTime() : 0}#${cart.rev}`;

/** The cart as the shopper sees it; `fresh`: its parts read from the database (a refused checkout's new quote). */
export async function getCart(owner: string, { fresh = false } = {}): Promise<CartView> {
  return (await readCart(owner, { fresh })).view;
}

/** A cart read for a checkout: its view, the cart to empty afterwards (null: none) and its version for the order. */
export async function readCart(
  owner: string,
  { fresh = false } = {},
): Promise<{ view: CartView; stored: CartStamp | null; version: string | null }> {
  const { cart, lines } = await readLines(owner);
  const parts = await viewParts(
    lines.map((line) => line.partId),
    { fresh },
  );
  return { view: viewOf(lines, parts), stored: cart, version: cart ? versionOf(cart) : null };
}

/** The number of units in a cart (the navbar's count), without reading its parts. */
export async function cartCount(owner: string): Promise<number> {
  const { lines } = await readLines(owner);
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

const WRITE_ATTEMPTS = 6;

/** Answers a cart's new lines; the write is filtered on the revision read, so a concurrent write makes it read again and retry. */
export type Change = (lines: StoredLine[], parts: Map<string, CartPart>) => Promise<StoredLine[]> | StoredLine[];

export async function writeLines(owner: string, change: Change): Promise<CartView> {
  return (await inTurn(owner, () => writeInTurn(owner, change, { view: true }))).view!;
}

// One writer per cart in this process: two tabs of one visitor do not make each other retry. Between
// processes the revision filter decides (on FerretDB v1, where a conditional update is read-then-write,
// two instances writing one cart in the same instant may lose one change: a cart holds no money).
const globalForCarts = globalThis as typeof globalThis & { __cartTurns?: Map<string, Promise<unknown>> };
const writes = new KeyedQueue((globalForCarts.__cartTurns ??= new Map()));
const inTurn = <T>(owner: string, task: () => Promise<T>): Promise<T> => writes.run(owner, task, { waitMs: 5000 });

/** How many merged guest cart versions a cart remembers (a merge is retried within moments, if ever). */
const MERGED_KEPT = 20;

/** `view`: answer the cart's view. `mark`: a merged guest version, stored in the same update as its lines,
 * so a cart already holding it is left alone (`wrote` false). */
async function writeInTurn(
  owner: string,
  change: Change,
  { view, mark }: { view: boolean; mark?: string },
): Promise<{ view: CartView | null; wrote: boolean }> {
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    // The first attempt starts from the cart as this process left it (a merge always reads it).
    const remembered = attempt === 0 && !mark ? recent.get(owner) : undefined;
    const { cart, lines } = remembered ? { cart: remembered, lines: remembered.lines } : await readLines(owner);
    const parts = view ? await viewParts(lines.map((line) => line.partId)) : new Map<string, CartPart>();
    const merged = cart?.merged ?? [];
    if (mark && merged.includes(mark)) return { view: view ? viewOf(lines, parts) : null, wrote: false };
    let next: StoredLine[];
    try {
      next = await change(
        lines.map((line) => ({ ...line })),
        parts,
      );
    } catch (error) {
      // A refusal is only given on the cart as stored: the remembered one may be behind.
      if (!remembered) throw error;
      recent.forget(owner);
      continue;
    }
    const marks = mark ? { merged: [...merged, mark].slice(-MERGED_KEPT) } : {};
    // Through the driver, as the read: the lines are already as stored (read back, or built whole here).
    const now = new Date();
    if (!cart) {
      if (!next.length) return { view: view ? viewOf([], new Map()) : null, wrote: false };
      try {
        await Cart.collection.insertOne({ _id: owner, lines: next, rev: 1, ...marks, createdAt: now, updatedAt: now } as never);
      } catch (error) {
        if (isDuplicateKey(error)) continue;
        throw error;
      }
      remember({ _id: owner, lines: next, rev: 1, createdAt: now, merged: marks.merged ?? null });
    } else {
      const written = await Cart.collection.updateOne(sameCart(cart) as never, {
        $set: { lines: next, ...marks, updatedAt: now },
        $inc: { rev: 1 },
      });
      if (written.matchedCount === 0) {
        recent.forget(owner);
        continue;
      }
      remember({ ...cart, lines: next, rev: cart.rev + 1, merged: marks.merged ?? cart.merged });
    }
    if (!view) return { view: null, wrote: true };
    const unknown = next.map((line) => line.partId).filter((id) => !parts.has(String(id)));
    return { view: viewOf(next, unknown.length ? new Map([...parts, ...(await partsById(unknown))]) : parts), wrote: true };
  }
  throw new ServiceUnavailableError(CART_TEXT.busy, 1);
}

/** The sold part a line is written for (404 otherwise); a part not yet in the cart is read uncached, as anyone may send its id. */
export async function soldPart(partId: Types.ObjectId, parts: Map<string, CartPart>): Promise<CartPart> {
  const part = parts.get(String(partId)) ?? (await partsById([partId])).get(String(partId));
  if (!isSold(part)) throw new NotFoundError('Part not found');
  parts.set(String(partId), part);
  return part;
}

/** A line's quantity judged by the part's rules: its minimum (400), an order's maximum (400) and its stock (409, the spec's text). */
export function assertQuantity(part: CartPart, quantity: number): void {
  if (quantity > ORDER_MAX.lineQuantity) throw new ValidationError(ORDER_MAX_TEXT.quantity, { quantity: [ORDER_MAX_TEXT.quantity] });
  if (quantity < part.minimumQuantity) {
    const message = minimumQuantityMessage(part.minimumQuantity);
    throw new ValidationError(message, { quantity: [message] });
  }
  if (quantity > part.availableQuantity) throw new ConflictError(TEXT.overStock).withField('quantity');
}

/** Refuses (400) a cart whose goods, at its parts' prices, would cost more than an order may. */
export function assertCartTotal(lines: StoredLine[], parts: Map<string, CartPart>): void {
  const cents = lines.reduce((sum, line) => sum + toCents(parts.get(String(line.partId))?.price ?? line.addedPrice) * line.quantity, 0);
  if (cents > ORDER_MAX.totalCents) throw new ValidationError(ORDER_MAX_TEXT.total);
}

/** Adds `quantity` of a part: to its line if there is one (the line takes the current price), else as a new line.
 * `fit`: the buyer's answers to the part's fit questions, checked first; they replace the line's (one line per part). */
export async function addToCart(owner: string, rawPartId: string, quantity: number, fitInput?: LineFitInput): Promise<CartView> {
  const partId = parseObjectId(rawPartId, 'Part not found');
  const fit = fitInput ? await checkLineFit(partId, fitInput) : undefined;
  return writeLines(owner, async (lines, parts) => {
    const line = lines.find((candidate) => candidate.partId.equals(partId));
    const part = await soldPart(partId, parts);
    const total = (line?.quantity ?? 0) + quantity;
    assertQuantity(part, total);
    if (!line && lines.length >= MAX_CART_LINES) throw new ValidationError(CART_TEXT.tooManyLines);
    const next = line
      ? lines.map((candidate) =>
          candidate === line ? { ...line, quantity: total, addedPrice: part.price, ...(fit ? { fit } : {}) } : candidate,
        )
      : [...lines, { partId, quantity: total, addedPrice: part.price, addedAt: new Date(), ...(fit ? { fit } : {}) }];
    assertCartTotal(next, parts);
    return next;
  });
}

export type OrderedLine = { partId: string; quantity: number; unitPrice: number };

/** Order again: ordered lines back in the cart at their ordered price, so the view flags changes; nothing
 * is dropped or cut, a second click adds nothing, and it is all or nothing within the cart's limits. */
export async function addOrderedLines(owner: string, ordered: OrderedLine[]): Promise<CartView> {
  return writeLines(owner, async (lines, parts) => {
    const added = ordered.filter((wanted) => !lines.some((line) => line.partId.equals(wanted.partId)));
    if (lines.length + new Set(added.map((line) => line.partId)).size > MAX_CART_LINES) throw new ValidationError(CART_TEXT.tooManyLines);
    const unread = added.map((line) => new Types.ObjectId(line.partId)).filter((id) => !parts.has(String(id)));
    for (const [id, part] of await partsById(unread)) parts.set(id, part);
    for (const wanted of ordered) {
      const quantity = Math.min(wanted.quantity, ORDER_MAX.lineQuantity);
      const line = lines.find((candidate) => candidate.partId.equals(wanted.partId));
      if (line) line.quantity = Math.max(line.quantity, quantity);
      else lines.push({ partId: new Types.ObjectId(wanted.partId), quantity, addedPrice: wanted.unitPrice, addedAt: new Date() });
    }
    assertCartTotal(lines, parts);
    return lines;
  });
}

export async function setCartQuantity(owner: string, rawPartId: string, quantity: number): Promise<CartView> {
  const partId = parseObjectId(rawPartId, CART_TEXT.notInCart);
  return writeLines(owner, async (lines, parts) => {
    const line = lines.find((candidate) => candidate.partId.equals(partId));
    if (!line) throw new NotFoundError(CART_TEXT.notInCart);
    assertQuantity(await soldPart(partId, parts), quantity);
    line.quantity = quantity;
    assertCartTotal(lines, parts);
    return lines;
  });
}

/** Removes a part's line (a part that is not in the cart: the cart as it is). */
export async function removeFromCart(owner: string, rawPartId: string): Promise<CartView> {
  const partId = parseObjectId(rawPartId, CART_TEXT.notInCart);
  return writeLines(owner, (lines) => lines.filter((line) => !line.partId.equals(partId)));
}

/** Removes the ordered lines after a checkout; a cart changed meanwhile is read again so lines added or raised since stay. */
export async function removeOrdered(
  owner: string,
  ordered: Array<{ partId: Types.ObjectId; quantity: number }>,
  stored: CartStamp | null,
): Promise<void> {
  await inTurn(owner, () => takeOut(owner, ordered, stored));
}

/** removeOrdered in the cart's turn. */
async function takeOut(owner: string, taken: Array<{ partId: Types.ObjectId; quantity: number }>, stored: CartStamp | null): Promise<void> {
  recent.forget(owner);
  if (stored) {
    const cleared = await Cart.collection.updateOne(sameCart(stored) as never, {
      $set: { lines: [], updatedAt: new Date() },
      $inc: { rev: 1 },
    });
    if (cleared.matchedCount === 1) return;
  }
  await writeInTurn(
    owner,
    (lines) =>
      lines.flatMap((line) => {
        const out = taken.find((candidate) => candidate.partId.equals(line.partId));
        if (!out) return [line];
        const left = line.quantity - out.quantity;
        return left > 0 ? [{ ...line, quantity: left }] : [];
      }),
    { view: false },
  );
}

/** A merge with nothing the account's cart can take: nothing is written, the guest cart waits. */
class NothingFits extends Error {}

export type Merged = { emptied: boolean; left: number };

/** Signing in merges the guest cart into the account's; lines that do not fit stay for a later merge. The stored
 * version mark makes concurrent merges of one browser add each guest version once; `emptied`: the cookie can go. */
export async function mergeGuestCart(guest: string, into: string): Promise<Merged> {
  return inTurn(guest, async () => {
    const { cart: guestCart, lines: guestLines } = await readLines(guest);
    if (!guestCart || !guestLines.length) return { emptied: true, left: 0 };
    const parts = await partsById(guestLines.map((line) => line.partId));
    let taken: StoredLine[] = [];
    const merge: Change = (lines) => {
      taken = guestLines.filter((guestLine) => lines.some((line) => line.partId.equals(guestLine.partId)));
      const room = MAX_CART_LINES - lines.length;
      taken.push(...guestLines.filter((guestLine) => !taken.includes(guestLine)).slice(0, Math.max(room, 0)));
      if (!taken.length) throw new NothingFits();
      for (const guestLine of taken) {
        const line = lines.find((candidate) => candidate.partId.equals(guestLine.partId));
        const part = parts.get(String(guestLine.partId));
        const total = Math.min((line?.quantity ?? 0) + guestLine.quantity, ORDER_MAX.lineQuantity);
        const capped = part && part.availableQuantity >= part.minimumQuantity ? Math.min(total, part.availableQuantity) : total;
        if (line) line.quantity = Math.max(capped, 1);
        else lines.push({ ...guestLine, quantity: Math.max(capped, 1) });
      }
      return lines;
    };
    try {
      // The caller answers the account's cart itself: no view here.
      const { wrote } = await inTurn(into, () => writeInTurn(into, merge, { view: false, mark: versionOf(guestCart) }));
      if (wrote) await takeOut(guest, taken, taken.length === guestLines.length ? guestCart : null);
      return { emptied: false, left: wrote ? guestLines.length - taken.length : 0 };
    } catch (error) {
      if (error instanceof NothingFits) return { emptied: false, left: guestLines.length };
      throw error;
    }
  });
}

/** How long a guest's cart is kept after its last change (its cookie lives as long). */
export const GUEST_CART_DAYS = 60;

/** Removes guests' carts untouched for GUEST_CART_DAYS, and empty carts: a periodic job, safe in every instance. */
export async function pruneCarts(now = new Date()): Promise<{ removed: number }> {
  await connectDb();
  const before = new Date(now.getTime() - GUEST_CART_DAYS * 24 * 60 * 60_000);
  const [stale, empty] = await Promise.all([
    Cart.deleteMany({ _id: { $regex: '^g:' }, updatedAt: { $lt: before } }),
    Cart.deleteMany({ lines: { $size: 0 }, updatedAt: { $lt: new Date(now.getTime() - 60 * 60_000) } }),
  ]);
  return { removed: stale.deletedCount + empty.deletedCount };
}
