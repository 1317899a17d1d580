import { RecentCarts } from '@/lib/cart/recent';

const made = new Date('2026-01-01T00:00:00Z');
const cart = (owner: string, rev: number, createdAt = made) => ({ _id: owner, lines: [rev], rev, createdAt });

describe('RecentCarts', () => {
  it('keeps at most its limit, forgetting the least recently used first', () => {
    const recent = new RecentCarts<number>(new Map(), 2);
    recent.remember(cart('a', 1));
    recent.remember(cart('b', 1));
    expect(recent.get('a')?.rev).toBe(1); // a is now the most recently used
    recent.remember(cart('c', 1));
    expect(recent.get('b')).toBeUndefined();
    expect(recent.get('a')?.rev).toBe(1);
    expect(recent.get('c')?.rev).toBe(1);
  });

  it('a read that finished after a write does not put back an older revision of the same cart', () => {
    const recent = new RecentCarts<number>(new Map(), 10);
    recent.remember(cart('a', 3));
    recent.remember(cart('a', 2));
    expect(recent.get('a')?.rev).toBe(3);
    // The same owner's cart made again (removed meanwhile) is another cart: it replaces the old one.
    const remade = new Date(made.getTime() + 1000);
    recent.remember(cart('a', 1, remade));
    expect(recent.get('a')).toMatchObject({ rev: 1, createdAt: remade });
  });

  it('forgets a cart on request', () => {
    const recent = new RecentCarts<number>(new Map(), 10);
    recent.remember(cart('a', 1));
    recent.forget('a');
    expect(recent.get('a')).toBeUndefined();
  });
});
