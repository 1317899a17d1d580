import 'server-only';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { connectDb } from '@/lib/platform/db';
import { isDuplicateKey, ServiceUnavailableError } from '@/lib/core/errors';
import { OrderNumberBlock } from '@/models';
import { ORDER_NUMBER_PREFIX } from '@/lib/validations/order-number';

/** Short order numbers (`PM-100234`) by HiLo: a process claims a block by inserting its unique `_id`, the only exclusivity FerretDB
 * guarantees; numbers within a block are handed out in memory, and gaps are allowed. */

export { ORDER_NUMBER_PREFIX };
export const BLOCK_SIZE = 50;
/** The first number: six digits from the start, so numbers look alike for a long while. */
const FIRST_NUMBER = 100_000;
const MAX_RESERVE_ATTEMPTS = 50;

const OWNER = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

type Block = { next: number; end: number };
let block: Block | null = null;
let reserving: Promise<Block> | null = null;

export function formatOrderNumber(value: number): string {
  return `${ORDER_NUMBER_PREFIX}${value}`;
}

/** True for a string shaped like an order number (`PM-100234`, any case, spaces allowed around). */
export function looksLikeOrderNumber(text: string): boolean {
  return /^\s*pm-?\d{6,}\s*$/i.test(text);
}

/** `pm100234` or ` PM-100234 ` as typed into a search box, written the way orders store it. */
export function normalizeOrderNumber(text: string): string {
  return `${ORDER_NUMBER_PREFIX}${text.replace(/\D/g, '')}`;
}

async function highestBlock(): Promise<number> {
  const last = await OrderNumberBlock.findOne({}, { _id: 1 }).sort({ _id: -1 }).lean();
  return last ? Number(last._id) : -1;
}

/** Inserts the next free block; a duplicate key means another process took that index, so try the next one. */
async function reserveBlock(): Promise<Block> {
  await connectDb();
  let index = (await highestBlock()) + 1;
  for (let attempt = 0; attempt < MAX_RESERVE_ATTEMPTS; attempt++) {
    try {
      await OrderNumberBlock.create({ _id: index, size: BLOCK_SIZE, owner: OWNER });
      const start = FIRST_NUMBER + index * BLOCK_SIZE;
      return { next: start, end: start + BLOCK_SIZE };
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      // Another process is ahead: jump past every block taken so far, with a little jitter against lockstep.
      index = Math.max(index + 1, (await highestBlock()) + 1);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * (attempt + 1)));
    }
  }
  throw new ServiceUnavailableError('Could not allocate an order number, please try again');
}

/** The next order number. Concurrent callers in one process share one block reservation at a time. */
export async function allocateOrderNumber(): Promise<string> {
  for (;;) {
    // Synchronous between the check and the increment, so two callers never get the same number.
    if (block && block.next < block.end) return formatOrderNumber(block.next++);
    if (!reserving) {
      reserving = reserveBlock().finally(() => {
        reserving = null;
      });
    }
    const reserved = await reserving;
    // Only the first waiter installs the new block; later waiters find it (or a newer one) in place.
    if (!block || block.next >= block.end) block = reserved;
  }
}
