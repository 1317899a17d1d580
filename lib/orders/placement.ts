import 'server-only';
import type { Types } from 'mongoose';
import { catalogChanged } from '@/lib/catalog/changes';
import { TEXT } from '@/lib/platform/constants';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '@/lib/platform/errors';
import { applyStockMove, InsufficientStockError, STOCK_BUSY, type StockPart } from '@/lib/stock';
import { OrderIntent } from '@/models';

/**
 * Taking an order's stock, all or nothing (DESIGN.md sections 6 and 6a). An intent naming every line
 * is written first; then each line's `order` move is applied through the ledger in the order of part
 * ids (two carts holding the same parts never wait on each other in a circle), each judged by `check`
 * in its part's turn. A refusal gives back the moves already made; a process that dies in between
 * leaves the intent, and reconcileOrderIntents gives them back.
 */

export type LineRequest = { partId: Types.ObjectId; quantity: number };

/** How old an intent must be before the reconciliation takes it for a dead process's and gives its stock back. */
export const INTENT_GRACE_MS = 60_000;

/** Why a line was refused in its turn; the caller words it (the spec's text, or a checkout's new quote). */
export class LineRefusedError extends ConflictError {
  constructor(
    message: string,
    readonly partId: string,
  ) {
    super(message);
  }
}

export const byPartId = <T extends LineRequest>(lines: T[]) => [...lines].sort((a, b) => String(a.partId).localeCompare(String(b.partId)));

/** Writes the intent of an order's lines (the first line in its own fields, the others in `lines`). */
export async function writeIntent(orderId: Types.ObjectId, lines: LineRequest[], by: string): Promise<void> {
  const [first, ...rest] = lines;
  await OrderIntent.create({ _id: orderId, partId: first!.partId, quantity: first!.quantity, lines: rest.length ? rest : undefined, by });
}

export const intentLines = (intent: { partId: Types.ObjectId; quantity: number; lines?: LineRequest[] | null }): LineRequest[] => [
  { partId: intent.partId, quantity: intent.quantity },
  ...(intent.lines ?? []),
];

/** Gives back the stock of an order's lines (once each: the ledger's unique order key). Answers how many moves it applied. */
export async function returnLines(orderId: Types.ObjectId, lines: LineRequest[], by: string): Promise<number> {
  let applied = 0;
  for (const line of byPartId(lines)) {
    try {
      const move = await applyStockMove({ partId: line.partId, delta: line.quantity, reason: 'cancel', orderId, by });
      if (move.applied) applied++;
    } catch (error) {
      // A part deleted since the order has no stock to return.
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
  if (lines.length) await catalogChanged(lines.map((line) => String(line.partId)));
  return applied;
}

/**
 * Takes every line's stock for the order, or none: answers each part as read in its turn. `check`
 * judges a part before its move (throw to refuse). The intent must have been written. A placement
 * still taking stock at `deadline` (half the intent's grace after the start) gives it all back and
 * answers 503: its order is stored well before the reconciliation could take the intent for a dead
 * process's and give the stock back under it.
 */
export async function takeLines(
  orderId: Types.ObjectId,
  lines: LineRequest[],
  by: string,
  {
    signal,
    check,
    deadline = Date.now() + INTENT_GRACE_MS / 2,
  }: { signal?: AbortSignal; check?: (part: StockPart, line: LineRequest) => void; deadline?: number } = {},
): Promise<Map<string, StockPart>> {
  const taken: LineRequest[] = [];
  const parts = new Map<string, StockPart>();
  try {
    for (const line of byPartId(lines)) {
      await applyStockMove(
        { partId: line.partId, delta: -line.quantity, reason: 'order', orderId, by },
        {
          signal,
          check: (part) => {
            check?.(part, line);
            parts.set(String(line.partId), part);
          },
        },
      );
      taken.push(line);
    }
    if (Date.now() > deadline) throw new ServiceUnavailableError(STOCK_BUSY, 2);
  } catch (error) {
    await returnLines(orderId, taken, 'system');
    await OrderIntent.deleteOne({ _id: orderId });
    if (error instanceof InsufficientStockError) {
      const line = byPartId(lines)[taken.length]!;
      throw new LineRefusedError(TEXT.overStock, String(line.partId));
    }
    throw error;
  }
  return parts;
}
