import 'server-only';

/** Carts this process last read or wrote, to save a read before a write; only a starting point, as the write is
 * filtered on revision and creation time and a refusal is judged again on a fresh read. LRU, bounded by lines. */
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

  /** Keeps a cart as read or written; an older revision never replaces a newer one (it would cost a needless retry). */
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
