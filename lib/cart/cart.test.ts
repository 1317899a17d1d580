import { Types } from 'mongoose';
import { Cart, Part } from '@/models';
import { makePart } from '@/tests/helpers/factories';
import { TEXT } from '@/lib/core/texts';
import { ORDER_MAX, ORDER_MAX_TEXT } from '@/lib/validations/orders';
import {
  addOrderedLines,
  addToCart,
  CART_TEXT,
  cartCount,
  getCart,
  GUEST_CART_DAYS,
  MAX_CART_LINES,
  mergeGuestCart,
  moneyLines,
  pruneCarts,
  readCart,
  removeFromCart,
  removeOrdered,
  setCartQuantity,
} from './cart';

/** A cart as the shopper sees it (lib/cart): each line from its part as it is now, and what a merge adds. */

let serial = 0;
const owner = (kind: 'g' | 'u') => `${kind}:cartrules${String(serial++).padStart(13, '0')}`;

describe("a cart's view", () => {
  it("shows each line with its part's details, its total in exact cents, and the cart's count and subtotal", async () => {
    const cart = owner('g');
    const pads = await makePart({ name: 'Front pads', price: 19.99, stock: 10, brand: 'Brembo', category: 'brakes', weightKg: 1.25 });
    await Part.updateOne({ _id: pads }, { unit: 'set', partNumber: 'P-123' });
    const plug = await makePart({ price: 0.1, stock: 10 });
    await addToCart(cart, pads, 3);
    await addToCart(cart, plug, 3);
    const view = await getCart(cart);
    expect(view.lines[0]).toEqual({
      partId: pads,
      name: 'Front pads',
      img: '/images/parts/ceramic-front-brake-pad-set.svg',
      brand: 'Brembo',
      partNumber: 'P-123',
      category: 'brakes',
      unit: 'set',
      unitPrice: 19.99,
      addedPrice: 19.99,
      quantity: 3,
      minimumQuantity: 1,
      availableQuantity: 10,
      lineTotal: 59.97,
      weightKg: 1.25,
      core: null,
      problems: [],
    });
    expect(view.lines[1]).toMatchObject({ lineTotal: 0.3, unit: 'piece', brand: null, partNumber: null, category: null, weightKg: null });
    expect(view).toMatchObject({ count: 6, lineCount: 2, subtotal: 60.27, currency: 'usd' });
    expect(await cartCount(cart)).toBe(6);
    // The money rules see the same lines: cents, weight in grams (the default where none is set), category, brand.
    expect(moneyLines(view.lines)).toEqual([
      { unitCents: 1999, quantity: 3, weightGrams: 1250, category: 'brakes', brand: 'Brembo' },
      { unitCents: 10, quantity: 3, weightGrams: 1000, category: null, brand: null },
    ]);
  });

  it('shows a line whose part was deleted as no longer sold, at the price it was added, out of the subtotal', async () => {
    const cart = owner('g');
    const gone = await makePart({ price: 12, stock: 5, minimumQuantity: 2 });
    const kept = await makePart({ price: 5, stock: 5 });
    await addToCart(cart, gone, 2);
    await addToCart(cart, kept, 1);
    await Part.deleteOne({ _id: gone });
    const view = await getCart(cart);
    expect(view.lines[0]).toEqual({
      partId: gone,
      name: CART_TEXT.gone,
      img: null,
      brand: null,
      partNumber: null,
      category: null,
      unit: 'piece',
      unitPrice: 12,
      addedPrice: 12,
      quantity: 2,
      minimumQuantity: 1,
      availableQuantity: 0,
      lineTotal: 24,
      weightKg: null,
      core: null,
      problems: ['unavailable'],
    });
    expect(view).toMatchObject({ count: 3, lineCount: 2, subtotal: 5 });
  });

  it("flags a line unavailable once its part's stock is below the part's minimum; at the minimum it is not", async () => {
    const cart = owner('g');
    const filter = await makePart({ price: 8, stock: 5, minimumQuantity: 2 });
    await addToCart(cart, filter, 2);
    await Part.updateOne({ _id: filter }, { availableQuantity: 2 });
    expect((await getCart(cart)).lines[0]).toMatchObject({ problems: [], availableQuantity: 2 });
    await Part.updateOne({ _id: filter }, { availableQuantity: 1 });
    const view = await getCart(cart);
    expect(view.lines[0]).toMatchObject({ problems: ['unavailable'], availableQuantity: 1 });
    expect(view.subtotal).toBe(0);
  });

  it("flags a line below its part's minimum once the minimum is raised, and still prices it", async () => {
    const cart = owner('g');
    const pads = await makePart({ price: 10, stock: 10, minimumQuantity: 1 });
    await addToCart(cart, pads, 2);
    await Part.updateOne({ _id: pads }, { minimumQuantity: 2 });
    expect((await getCart(cart)).lines[0]!.problems).toEqual([]);
    await Part.updateOne({ _id: pads }, { minimumQuantity: 3 });
    const view = await getCart(cart);
    expect(view.lines[0]).toMatchObject({ problems: ['below-minimum'], minimumQuantity: 3 });
    expect(view.subtotal).toBe(20);
  });

  it('is empty, with a count of 0, for a visitor without a cart', async () => {
    expect(await getCart(owner('g'))).toEqual({ lines: [], count: 0, lineCount: 0, subtotal: 0, currency: 'usd' });
    expect(await cartCount(owner('g'))).toBe(0);
  });
});

describe('a merge at sign-in', () => {
  it("adds the guest's quantities, capped at the stock; a line the account lacks comes whole", async () => {
    const [guest, account] = [owner('g'), owner('u')];
    const [pads, rotor, sensor] = [await makePart({ stock: 5 }), await makePart({ stock: 4 }), await makePart({ stock: 9 })];
    await addToCart(guest, pads, 3);
    await addToCart(guest, rotor, 3);
    await addToCart(guest, sensor, 2);
    await addToCart(account, pads, 2);
    await addToCart(account, rotor, 3);
    expect(await mergeGuestCart(guest, account)).toEqual({ emptied: false, left: 0 });
    const lines = (await getCart(account)).lines.map((line) => [line.partId, line.quantity]);
    expect(lines).toEqual([
      [pads, 5],
      [rotor, 4],
      [sensor, 2],
    ]);
    // The guest cart gave its lines; the next merge finds nothing left (its cookie can go).
    expect((await Cart.findById(guest).lean())!.lines).toEqual([]);
    expect(await mergeGuestCart(guest, account)).toEqual({ emptied: true, left: 0 });
    expect(await mergeGuestCart(owner('g'), account)).toEqual({ emptied: true, left: 0 });
  });

  it("keeps the sum where the stock is below the part's minimum (the line is then flagged)", async () => {
    const [guest, account] = [owner('g'), owner('u')];
    const scarce = await makePart({ stock: 10, minimumQuantity: 4 });
    await addToCart(guest, scarce, 4);
    await addToCart(account, scarce, 4);
    await Part.updateOne({ _id: scarce }, { availableQuantity: 3 });
    await mergeGuestCart(guest, account);
    const [line] = (await getCart(account)).lines;
    expect(line).toMatchObject({ quantity: 8, problems: ['unavailable'] });
    // A part out of stock altogether: the quantity the guest chose stays.
    const none = await makePart({ stock: 2 });
    const [guest2, account2] = [owner('g'), owner('u')];
    await addToCart(guest2, none, 2);
    await Part.updateOne({ _id: none }, { availableQuantity: 0 });
    await mergeGuestCart(guest2, account2);
    expect((await getCart(account2)).lines[0]).toMatchObject({ quantity: 2 });
  });

  it('into a full cart takes the parts the account holds, then as many new lines as there is room for; the rest wait', async () => {
    const [guest, account] = [owner('g'), owner('u')];
    const held = await Promise.all(Array.from({ length: MAX_CART_LINES - 1 }, () => makePart({ stock: 50 })));
    for (const partId of held) await addToCart(account, partId, 1);
    const fresh = await Promise.all(Array.from({ length: 3 }, () => makePart({ stock: 50 })));
    // Listed before the shared part, so a merge that took new lines first would leave the shared one out.
    for (const partId of fresh) await addToCart(guest, partId, 2);
    await addToCart(guest, held[0]!, 3);
    expect(await mergeGuestCart(guest, account)).toEqual({ emptied: false, left: 2 });
    const merged = new Map((await getCart(account)).lines.map((line) => [line.partId, line.quantity]));
    expect(merged.size).toBe(MAX_CART_LINES);
    expect(merged.get(held[0]!)).toBe(4);
    expect(merged.get(fresh[0]!)).toBe(2);
    // What did not fit stays in the guest cart, whole; what was taken is gone from it.
    const waiting = (await Cart.findById(guest).lean<{ lines: Array<{ partId: Types.ObjectId; quantity: number }> }>())!.lines;
    expect(waiting.map((line) => [String(line.partId), line.quantity])).toEqual([
      [fresh[1]!, 2],
      [fresh[2]!, 2],
    ]);
    // A full cart with nothing in common writes nothing and tells the buyer the same count, again and again.
    const before = await Cart.findById(account).lean<{ rev: number }>();
    expect(await mergeGuestCart(guest, account)).toEqual({ emptied: false, left: 2 });
    expect((await Cart.findById(account).lean<{ rev: number }>())!.rev).toBe(before!.rev);
    expect((await Cart.findById(guest).lean<{ lines: unknown[] }>())!.lines).toHaveLength(2);
    // Room made: they come in, and the guest cart is emptied.
    await removeFromCart(account, held[1]!);
    await removeFromCart(account, held[2]!);
    expect(await mergeGuestCart(guest, account)).toEqual({ emptied: false, left: 0 });
    expect((await Cart.findById(guest).lean<{ lines: unknown[] }>())!.lines).toEqual([]);
  });

  it('remembers the last 20 guest cart versions it took in, in the same write as their lines', async () => {
    const account = owner('u');
    const part = await makePart({ stock: 1000 });
    for (let i = 0; i < 22; i++) {
      const guest = owner('g');
      await addToCart(guest, part, 1);
      await mergeGuestCart(guest, account);
    }
    const stored = await Cart.findById(account).lean<{ merged: string[]; lines: Array<{ partId: Types.ObjectId; quantity: number }> }>();
    expect(stored!.merged).toHaveLength(20);
    expect(stored!.lines[0]!.quantity).toBe(22);
  });
});

describe('a line written', () => {
  it("is refused by its part's rules, each refusal on the quantity field", async () => {
    const cart = owner('g');
    const rotor = await makePart({ stock: 5, minimumQuantity: 2 });
    await expect(addToCart(cart, rotor, 1)).rejects.toMatchObject({
      status: 400,
      message: 'Please Order minimum 2 pieces',
      fieldErrors: { quantity: ['Please Order minimum 2 pieces'] },
    });
    await expect(addToCart(cart, rotor, 6)).rejects.toMatchObject({
      status: 409,
      details: { fieldErrors: { quantity: [TEXT.overStock] } },
    });
    await addToCart(cart, rotor, 5);
    await expect(setCartQuantity(cart, rotor, 1)).rejects.toMatchObject({ status: 400 });
    await expect(setCartQuantity(cart, rotor, 6)).rejects.toMatchObject({ status: 409 });
    expect((await setCartQuantity(cart, rotor, 2)).lines[0]!.quantity).toBe(2);
    expect((await getCart(cart)).lines[0]!.quantity).toBe(2);
  });

  it('is refused for a part no longer sold (404), and a quantity is only set on a line the cart holds', async () => {
    const cart = owner('g');
    const archived = await makePart({ stock: 5 });
    await Part.updateOne({ _id: archived }, { archivedAt: new Date() });
    await expect(addToCart(cart, archived, 1)).rejects.toMatchObject({ status: 404, message: 'Part not found' });
    const other = await makePart({ stock: 5 });
    await expect(setCartQuantity(cart, other, 1)).rejects.toMatchObject({ status: 404, message: CART_TEXT.notInCart });
    expect(await Cart.exists({ _id: cart })).toBeNull();
  });

  it("holds at most an order's pieces per line and an order's total, judged at the parts' current prices", async () => {
    const cart = owner('u');
    const bulk = await makePart({ price: 1, stock: 20_000 });
    const dear = await makePart({ price: 30_000, stock: 10 });
    await addToCart(cart, bulk, 1);
    await addToCart(cart, dear, 1);
    expect((await setCartQuantity(cart, bulk, ORDER_MAX.lineQuantity)).lines[0]!.quantity).toBe(ORDER_MAX.lineQuantity);
    await expect(setCartQuantity(cart, bulk, ORDER_MAX.lineQuantity + 1)).rejects.toMatchObject({
      status: 400,
      message: ORDER_MAX_TEXT.quantity,
      fieldErrors: { quantity: [ORDER_MAX_TEXT.quantity] },
    });
    // $10,000 + 3 x $30,000 is exactly the maximum; a fourth is over it.
    expect((await setCartQuantity(cart, dear, 3)).subtotal).toBe(100_000);
    await expect(setCartQuantity(cart, dear, 4)).rejects.toMatchObject({ status: 400, message: ORDER_MAX_TEXT.total });
    // The price a line was added at does not count: a line stored at $1 is still judged at $30,000.
    await Cart.collection.updateOne({ _id: cart as never }, { $set: { 'lines.1.addedPrice': 1 } });
    await expect(setCartQuantity(cart, dear, 4)).rejects.toMatchObject({ status: 400, message: ORDER_MAX_TEXT.total });
    expect((await getCart(cart)).lines.map((line) => line.quantity)).toEqual([ORDER_MAX.lineQuantity, 3]);
  });

  it("judges Order again's lines at the parts' current prices, not the prices they were ordered at", async () => {
    const cart = owner('u');
    const risen = await makePart({ price: 30_000, stock: 10 });
    await expect(addOrderedLines(cart, [{ partId: risen, quantity: 4, unitPrice: 1 }])).rejects.toMatchObject({
      status: 400,
      message: ORDER_MAX_TEXT.total,
    });
    expect((await getCart(cart)).lines).toEqual([]);
    const view = await addOrderedLines(cart, [{ partId: risen, quantity: 3, unitPrice: 1 }]);
    expect(view.lines.map((line) => [line.partId, line.quantity, line.problems])).toEqual([[risen, 3, ['price-raised']]]);
  });

  it("prices a line whose part was deleted at the price it was added when judging the cart's total", async () => {
    const cart = owner('g');
    const [gone, kept] = [await makePart({ price: 12, stock: 5 }), await makePart({ price: 20, stock: 5 })];
    await addToCart(cart, gone, 1);
    await addToCart(cart, kept, 1);
    await Part.deleteOne({ _id: gone });
    expect((await setCartQuantity(cart, kept, 2)).lines.map((line) => [line.partId, line.quantity])).toEqual([
      [gone, 1],
      [kept, 2],
    ]);
  });

  it('refuses an id that is not a part id as a part not found (404)', async () => {
    await expect(addToCart(owner('g'), 'not-a-part', 1)).rejects.toMatchObject({ status: 404, message: 'Part not found' });
  });

  it('removing a line leaves the others; removing from no cart makes none', async () => {
    const cart = owner('g');
    const [one, two] = [await makePart({ stock: 5 }), await makePart({ stock: 5 })];
    await addToCart(cart, one, 1);
    await addToCart(cart, two, 2);
    expect((await removeFromCart(cart, one)).lines.map((line) => line.partId)).toEqual([two]);
    expect((await removeFromCart(cart, one)).lines.map((line) => line.partId)).toEqual([two]);
    const none = owner('g');
    expect((await removeFromCart(none, two)).lines).toEqual([]);
    expect(await Cart.exists({ _id: none })).toBeNull();
  });

  it('makes a new version of the cart, named by its owner, its creation and its revision', async () => {
    const cart = owner('g');
    expect((await readCart(cart)).version).toBeNull();
    const part = await makePart({ stock: 5 });
    await addToCart(cart, part, 1);
    const first = await readCart(cart);
    const created = (await Cart.findById(cart).lean<{ createdAt: Date }>())!.createdAt.getTime();
    expect(first.version).toBe(`${cart}@${created}#1`);
    await addToCart(cart, part, 1);
    expect((await readCart(cart)).version).toBe(`${cart}@${created}#2`);
    expect(first.stored).toMatchObject({ _id: cart, rev: 1 });
  });
});

describe('after a checkout', () => {
  it('empties a cart still as it was read; one changed meanwhile keeps what was added or raised since', async () => {
    const cart = owner('g');
    const [pads, rotor, plug] = [await makePart({ stock: 20 }), await makePart({ stock: 20 }), await makePart({ stock: 20 })];
    await addToCart(cart, pads, 2);
    await addToCart(cart, rotor, 1);
    const read = await readCart(cart);
    const ordered = read.view.lines.map((line) => ({ partId: new Types.ObjectId(line.partId), quantity: line.quantity }));
    await removeOrdered(cart, ordered, read.stored);
    expect((await getCart(cart)).lines).toEqual([]);

    await addToCart(cart, pads, 2);
    await addToCart(cart, rotor, 1);
    const before = await readCart(cart);
    const taken = before.view.lines.map((line) => ({ partId: new Types.ObjectId(line.partId), quantity: line.quantity }));
    // Another tab raises the pads by 3 and adds a plug before the checkout empties the cart.
    await addToCart(cart, pads, 3);
    await addToCart(cart, plug, 1);
    await removeOrdered(cart, taken, before.stored);
    expect((await getCart(cart)).lines.map((line) => [line.partId, line.quantity])).toEqual([
      [pads, 3],
      [plug, 1],
    ]);
    // Without the cart as read, the ordered lines are taken out of the cart as it is.
    await removeOrdered(cart, [{ partId: new Types.ObjectId(plug), quantity: 1 }], null);
    expect((await getCart(cart)).lines.map((line) => line.partId)).toEqual([pads]);
  });
});

describe('pruning carts', () => {
  it("removes guests' carts untouched for GUEST_CART_DAYS and empty carts untouched for an hour, nothing else", async () => {
    const now = new Date('2025-06-02T12:00:00.000Z');
    const day = 24 * 60 * 60_000;
    const part = new Types.ObjectId();
    const line = [{ partId: part, quantity: 1, addedPrice: 5, addedAt: now }];
    const carts = [
      ['g:prune-stale', line, now.getTime() - GUEST_CART_DAYS * day - 1],
      ['g:prune-recent', line, now.getTime() - GUEST_CART_DAYS * day + 60_000],
      ['u:prune-customer', line, now.getTime() - 400 * day],
      ['u:prune-empty-old', [], now.getTime() - 60 * 60_000 - 1],
      ['u:prune-empty-new', [], now.getTime() - 30 * 60_000],
    ] as const;
    await Cart.collection.deleteMany({ _id: { $regex: '^[gu]:prune-' } } as never);
    await Cart.collection.insertMany(
      carts.map(([_id, lines, at]) => ({ _id, lines, rev: 1, createdAt: new Date(at), updatedAt: new Date(at) })) as never,
    );
    const before = await Cart.countDocuments();
    expect(await pruneCarts(now)).toEqual({ removed: 2 });
    expect(await Cart.countDocuments()).toBe(before - 2);
    const left = (await Cart.find({ _id: { $regex: '^[gu]:prune-' } }, { _id: 1 }).lean()).map((cart) => String(cart._id)).sort();
    expect(left).toEqual(['g:prune-recent', 'u:prune-customer', 'u:prune-empty-new']);
  });
});
