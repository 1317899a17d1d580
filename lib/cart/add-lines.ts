import 'server-only';
import type { Types } from 'mongoose';
import { fitStatus, judgeLineFit, readFitments, vehicleLabel, type FitQuestionRow, type LineFit, type VehicleChoice } from '@/lib/catalog';
import { ConflictError, ValidationError } from '@/lib/core/errors';
import { parseObjectId } from '@/lib/core/ids';
import { readByIds } from '@/lib/platform/by-id';
import { connectDb } from '@/lib/platform/db';
import type { LineFitInput } from '@/lib/validations/vehicles';
import { Part } from '@/models';
import { assertCartTotal, assertQuantity, CART_TEXT, MAX_CART_LINES, soldPart, writeLines, type CartView } from './cart';

/** Several lines in one step (a job kit, issue 46): all or nothing, each part checked to fit the buyer's vehicle. */

export const doesNotFit = (name: string, vehicle: VehicleChoice) => `${name} does not fit your ${vehicleLabel(vehicle)}`;

type FitRead = { _id: Types.ObjectId; name: string; fitment?: FitQuestionRow[] };

type WantedLine = { partId: string; quantity: number; fit?: LineFitInput };

/** A line's answers judged as a single line's (lib/catalog judgeLineFit), refused on the line with the part's name. */
function judgeOnLine(part: FitRead, fit: LineFitInput, index: number): LineFit {
  try {
    return judgeLineFit(part.fitment ?? [], fit);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const message = `${part.name}: ${error.message}`;
    throw new ValidationError(message, { [`lines.${index}.fit.answers`]: [message] });
  }
}

/** Refuses (400, on the line) a part whose fitment rows rule the vehicle out, or whose answers to its fit questions do;
 * a part without rows may fit ("check"). Answers each line's confirmed fit, if it gave answers. */
async function assertFits(
  ids: Types.ObjectId[],
  wanted: readonly WantedLine[],
  vehicle: VehicleChoice,
): Promise<Array<LineFit | undefined>> {
  await connectDb();
  const [parts, fitments] = await Promise.all([readByIds<FitRead>(Part, ids, { name: 1 }), readFitments(ids)]);
  const byId = new Map(parts.map((part) => [String(part._id), { ...part, fitment: fitments.get(String(part._id))!.rows }]));
  return ids.map((id, index) => {
    const part = byId.get(String(id));
    if (!part) return undefined;
    if (fitStatus(part.fitment ?? [], vehicle) === 'no') {
      const message = doesNotFit(part.name, vehicle);
      throw new ValidationError(message, { [`lines.${index}.partId`]: [message] });
    }
    const fit = wanted[index]!.fit;
    return fit ? judgeOnLine(part, fit, index) : undefined;
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

/** Adds each part's quantity to its line (or a new line) in one cart write, with the fit its answers confirmed: any refusal
 * (not sold, not fitting, answers that rule it out, under its minimum, over its stock, past the cart's limits) adds nothing. */
export async function addLinesToCart(owner: string, wanted: readonly WantedLine[], vehicle: VehicleChoice): Promise<CartView> {
  const ids = wanted.map((line) => parseObjectId(line.partId, 'Part not found'));
  const fits = await assertFits(ids, wanted, vehicle);
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
      // New answers replace the line's, as a single add's do.
      const fit = fits[index] ? { fit: fits[index] } : {};
      if (line) Object.assign(line, { quantity: total, addedPrice: part.price, ...fit });
      else lines.push({ partId: id, quantity: total, addedPrice: part.price, addedAt: new Date(), ...fit });
    }
    if (lines.length > MAX_CART_LINES) throw new ValidationError(CART_TEXT.tooManyLines);
    assertCartTotal(lines, parts);
    return lines;
  });
}
