import mongoose from 'mongoose';
import { addToCart, getCart, mergeGuestCart } from '@/lib/cart';
import { makePart } from '@/tests/helpers/factories';

/**
 * Signing in merges the guest's cart into the account's (lib/cart): each version of the guest cart at
 * most once, even when two instances of the shop merge it at the same moment.
 */

type CartModule = typeof import('@/lib/cart');
type ProcessState = { __cartTurns?: unknown; __recentCarts?: unknown };

/**
 * lib/cart as a second instance of the shop runs it: a copy of the module with its own per-process state
 * (the queue of each cart's writes and the carts it last saw, both kept on globalThis), on the same
 * database. Nothing but the database is shared, as between two processes.
 */
function secondInstance(): CartModule {
  const state = globalThis as ProcessState;
  const mine = { turns: state.__cartTurns, recent: state.__recentCarts };
  delete state.__cartTurns;
  delete state.__recentCarts;
  let loaded: CartModule | undefined;
  try {
    jest.isolateModules(() => {
      jest.doMock('mongoose', () => mongoose);
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- isolateModules loads synchronously
      loaded = require('@/lib/cart') as CartModule;
    });
  } finally {
    state.__cartTurns = mine.turns;
    state.__recentCarts = mine.recent;
  }
  return loaded!;
}

const quantities = async (owner: string) =>
  Object.fromEntries((await getCart(owner)).lines.map((line) => [line.partId, line.quantity] as const));

let serial = 0;
const guestOwner = () => `g:merge${String(serial++).padStart(17, '0')}`;

describe('merging a guest cart at sign-in', () => {
  it('takes a guest cart version in at most once when two instances merge it at once', async () => {
    const other = secondInstance();
    expect(other.mergeGuestCart).not.toBe(mergeGuestCart);
    const [pads, sensor] = [await makePart({ stock: 500 }), await makePart({ stock: 500 })];
    for (let round = 0; round < 12; round++) {
      const guest = guestOwner();
      const account = `u:merge-account-${round}`;
      await addToCart(guest, pads, 2);
      await addToCart(guest, sensor, 1);
      // The account already holds one pad set: the guest's two add to it once.
      await addToCart(account, pads, 1);
      await Promise.all([mergeGuestCart(guest, account), other.mergeGuestCart(guest, account)]);
      expect(await quantities(account)).toEqual({ [pads]: 3, [sensor]: 1 });
      // Whatever merged it, the guest cart has nothing left to merge.
      expect(await mergeGuestCart(guest, account)).toEqual({ emptied: true, left: 0 });
      expect(await quantities(account)).toEqual({ [pads]: 3, [sensor]: 1 });
    }
  });

  it('caps a merged line at the stock when the stock is exactly the order minimum, never over it', async () => {
    const pads = await makePart({ stock: 2, minimumQuantity: 2 });
    const guest = guestOwner();
    await addToCart(guest, pads, 2);
    await addToCart('u:merge-at-minimum', pads, 2);
    await mergeGuestCart(guest, 'u:merge-at-minimum');
    // 2 + 2 asked, 2 in stock: the line holds what can be bought.
    expect(await quantities('u:merge-at-minimum')).toEqual({ [pads]: 2 });
  });
});
