import { RecentCarts } from '@/lib/cart/recent';

const made = new Date('2026-01-01T00:00:00Z');
const cart = (owner: string, rev: number, { lines = 1, createdAt = made } = {}) => ({
  _id: owner,
  lines: Array.from({ length: lines }, (_, i) => i),
  rev,
  createdAt,
});

describe('RecentCarts', () => {
  it('holds at most its lines (a cart counting one more), forgetting the least recently used first', () => {
    const recent = new RecentCarts<number>(6);
    recent.remember(cart('a', 1)); // 2
    recent.remember(cart('b', 1)); // 4
    expect(recent.get('a')?.rev).toBe(1); // a is now the most recently used
    recent.remember(cart('c', 1)); // 6
    recent.remember(cart('d', 1)); // 8: b goes, the least recently used
    expect(recent.get('b')).toBeUndefined();
    expect([recent.get('a'), recent.get('c'), recent.get('d')].map((entry) => entry?._id)).toEqual(['a', 'c', 'd']);
    // A cart of 5 lines needs 6: every other cart goes.
    recent.remember(cart('e', 1, { lines: 5 }));
    expect(['a', 'c', 'd'].map((owner) => recent.get(owner))).toEqual([undefined, undefined, undefined]);
    expect(recent.get('e')?.lines).toHaveLength(5);
  });

  it('a cart written again counts once, with its new lines', () => {
    const recent = new RecentCarts<number>(6);
    recent.remember(cart('a', 1, { lines: 3 })); // 4
    recent.remember(cart('a', 2, { lines: 1 })); // 2, not 6
    recent.remember(cart('b', 1, { lines: 3 })); // 6
    expect(recent.get('a')?.rev).toBe(2);
    expect(recent.get('b')?.rev).toBe(1);
  });

  it('a read that finished after a write does not put back an older revision of the same cart', () => {
    const recent = new RecentCarts<number>(10);
    recent.remember(cart('a', 3));
    recent.remember(cart('a', 2));
    expect(recent.get('a')?.rev).toBe(3);
    // The same owner's cart made again (removed meanwhile) is another cart: it replaces the old one.
    const remade = new Date(made.getTime() + 1000);
    recent.remember(cart('a', 1, { createdAt: remade }));
    expect(recent.get('a')).toMatchObject({ rev: 1, createdAt: remade });
  });

  it('forgets a cart on request', () => {
    const recent = new RecentCarts<number>(10);
    recent.remember(cart('a', 1));
    recent.forget('a');
    expect(recent.get('a')).toBeUndefined();
  });
});
