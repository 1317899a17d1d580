import 'server-only';

/**
 * The carts this process last read or wrote, as stored, so that a cart write can start from the cart as
 * this process left it instead of reading it again (one database command instead of two). It is only a
 * starting point: the write is filtered on the revision and creation time it started from, so a cart
 * changed since by another instance, or removed, fails the filter and is read again; and a refusal
 * judged on a remembered cart is judged again on a fresh read (lib/cart/cart.ts). Bounded by the
 * lines it holds (`maxLines`, a cart counting one more), the least recently used forgotten first.
 */
export type RememberedCart<Line> = { _id: string; lines: Line[]; rev: number; createdAt: Date; merged?: string[] | null };

const weightOf = (cart: RememberedCart<unknown>) => cart.lines.length + 1;

export class RecentCarts<Line> {
  private readonly carts = new Map<string, RememberedCart<Line>>();
  private held = 0;

  constructor(private readonly maxLines: number) {}

  get(owner: string): RememberedCart<Line> | undefined {
    const cart = this.carts.get(owner);
    if (!cart) return undefined;
    this.carts.delete(owner);
    this.carts.set(owner, cart);
    return cart;
  }

  /**
   * Keeps a cart as read or written. A read that finished after a write of the same cart must not
   * replace it with an older revision (it would only cost a retry, but a needless one).
   */
  remember(cart: RememberedCart<Line>): void {
    const known = this.carts.get(cart._id);
    if (known && known.createdAt.getTime() === cart.createdAt.getTime() && known.rev > cart.rev) return;
    this.forget(cart._id);
    this.carts.set(cart._id, cart);
    this.held += weightOf(cart);
    for (const [owner] of this.carts) {
      if (this.held <= this.maxLines) break;
      this.forget(owner);
    }
  }

  forget(owner: string): void {
    const cart = this.carts.get(owner);
    if (!cart) return;
    this.carts.delete(owner);
    this.held -= weightOf(cart);
  }
}
