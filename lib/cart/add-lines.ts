import 'server-only';
import type { Types } from 'mongoose';
import { fitStatus, vehicleLabel, type FitmentRowLike, type VehicleChoice } from '@/lib/catalog';
import { ConflictError, ValidationError } from '@/lib/core/errors';
import { parseObjectId } from '@/lib/core/ids';
import { connectDb } from '@/lib/platform/db';
import { Part } from '@/models';
import { assertCartTotal, assertQuantity, CART_TEXT, MAX_CART_LINES, soldPart, writeLines, type CartView } from './cart';

/** Several lines in one step (a job kit, issue 46): all or nothing, each part checked to fit the buyer's vehicle. */

export const doesNotFit = (name: string, vehicle: VehicleChoice) => `${name} does not fit your ${vehicleLabel(vehicle)}`;

type FitRead = { _id: Types.ObjectId; name: string; fitment?: FitmentRowLike[] };

/** Refuses (400, on the line) a part whose fitment rows rule the vehicle out; a part without rows may fit ("check"). */
async function assertFits(ids: Types.ObjectId[], vehicle: VehicleChoice): Promise<void> {
  await connectDb();
  const parts = await Part.collection.find<FitRead>({ _id: { $in: ids } }, { projection: { name: 1, fitment: 1 } }).toArray();
  const byId = new Map(parts.map((part) => [String(part._id), part]));
  ids.forEach((id, index) => {
    const part = byId.get(String(id));
    if (!part || fitStatus(part.fitment ?? [], vehicle) !== 'no') return;
    const message = doesNotFit(part.name, vehicle);
    throw new ValidationError(message, { [`lines.${index}.partId`]: [message] });
  });
}

/** A line's refusal of its quantity, naming the part and the line it belongs to. */
function onLine(error: unknown, index: number, name: string): unknown {
  const field = `lines.${index}.quantity`;
  if (error instanceof ValidationError) {
    const message = `${name}: ${error.message}`;
    return new ValidationError(message, { [field]: [message] });
  }
  if (error instanceof ConflictError) return new ConflictError(`${name}: ${error.message}`).withField(field);
  return error;
}

/** Adds each part's quantity to its line (or a new line) in one cart write: any refusal (not sold, not fitting, under its
 * minimum, over its stock, past the cart's limits) adds nothing. */
export async function addLinesToCart(
  owner: string,
  wanted: ReadonlyArray<{ partId: string; quantity: number }>,
  vehicle: VehicleChoice,
): Promise<CartView> {
  const ids = wanted.map((line) => parseObjectId(line.partId, 'Part not found'));
  await assertFits(ids, vehicle);
  return writeLines(owner, async (lines, parts) => {
    for (const [index, id] of ids.entries()) {
      const part = await soldPart(id, parts);
      const line = lines.find((candidate) => candidate.partId.equals(id));
      const total = (line?.quantity ?? 0) + wanted[index]!.quantity;
      try {
        assertQuantity(part, total);
      } catch (error) {
        throw onLine(error, index, part.name);
      }
      if (line) Object.assign(line, { quantity: total, addedPrice: part.price });
      else lines.push({ partId: id, quantity: total, addedPrice: part.price, addedAt: new Date() });
    }
    if (lines.length > MAX_CART_LINES) throw new ValidationError(CART_TEXT.tooManyLines);
    assertCartTotal(lines, parts);
    return lines;
  });
}
