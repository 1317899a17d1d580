import 'server-only';
import type { Types } from 'mongoose';
import { ConflictError, isDuplicateKey } from '@/lib/core/errors';
import { Return, ReturnLineHold } from '@/models';

/** One open request per order line: a hold `{orderId}:{partId}` (a core line's `{orderId}:{partId}:core`) inserted by the
 * request, removed when it is rejected, refunded or forfeited. */

export const LINE_HAS_OPEN_RETURN = (partName: string) => `${partName} already has an open return request`;
/** A hold whose request was never stored (its process died in between) is given up after this. */
const ORPHAN_AFTER_MS = 60_000;

type HeldLine = { partId: Types.ObjectId | string; core?: boolean | null };
const holdId = (orderId: Types.ObjectId | string, line: HeldLine) => `${String(orderId)}:${String(line.partId)}${line.core ? ':core' : ''}`;

/** Holds each line for the return `returnId`; all or none: a line already held undoes the others and answers 409. */
export async function holdLines(
  orderId: Types.ObjectId | string,
  returnId: Types.ObjectId,
  lines: Array<HeldLine & { partName: string }>,
  now = new Date(),
): Promise<void> {
  const held: HeldLine[] = [];
  try {
    for (const line of lines) {
      await holdOne(holdId(orderId, line), returnId, now, line.partName);
      held.push(line);
    }
  } catch (error) {
    await Promise.all(held.map((line) => ReturnLineHold.deleteOne({ _id: holdId(orderId, line), returnId })));
    throw error;
  }
}

async function holdOne(_id: string, returnId: Types.ObjectId, now: Date, partName: string): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await ReturnLineHold.create({ _id, returnId, at: now });
      return;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const hold = await ReturnLineHold.findById(_id).lean();
    const orphan = hold && now.getTime() - hold.at.getTime() > ORPHAN_AFTER_MS && !(await Return.exists({ _id: hold.returnId }));
    if (!orphan) break;
    await ReturnLineHold.deleteOne({ _id, returnId: hold.returnId });
  }
  throw new ConflictError(LINE_HAS_OPEN_RETURN(partName));
}

/** Frees the lines of a closed return (rejected or refunded) for a new request. */
export async function releaseLines(ret: { _id: Types.ObjectId; orderId: Types.ObjectId | string; lines: HeldLine[] }) {
  // One by _id each: FerretDB v1 reads a whole collection for an `$in`.
  await Promise.all(ret.lines.map((line) => ReturnLineHold.deleteOne({ _id: holdId(ret.orderId, line), returnId: ret._id })));
}
