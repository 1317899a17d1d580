import 'server-only';
import { assertCustomer, SESSION_EXPIRED, type Actor } from '@/lib/auth';
import { readFitment } from '@/lib/catalog';
import { ConflictError, ForbiddenError, isDuplicateKey, NotFoundError, UnauthorizedError } from '@/lib/core/errors';
import { parseObjectId } from '@/lib/core/ids';
import { customerOrderPath, getOrder, guestOrderPath, toOrderDTO, type LeanOrder, type OrderDTO } from '@/lib/orders';
import { connectDb } from '@/lib/platform/db';
import { LINK_NOT_VALID, type FitConfirmationInput } from '@/lib/validations/fit-confirmations';
import { FitConfirmation, Order } from '@/models';
import { countFit } from './counts';
import { lineVehicle } from './keys';
import { readFitToken } from './tokens';
import { ALREADY_ANSWERED, RETURN_UNFIT_QUERY, type FitConfirmationDTO, type LineToConfirm } from './types';

/** "Did it fit?": a buyer answers once per order line (`_id` `{orderId}:{partId}`); a Yes counts on the part's vehicle and row. */

export const ONLY_BUYERS = 'Only the buyer of this part can say whether it fitted';
export const NOT_DELIVERED = 'This order has not been delivered yet';
export const NO_VEHICLE = 'This part was not ordered for a vehicle, so there is no fit to confirm';
const NOT_IN_ORDER = 'This part is not in the order';

export const fitConfirmationId = (orderId: string, partId: string) => `${orderId}:${partId}`;

/** The order the email's signed link names: the link is the buyer's only credential, for that one line. */
async function orderOfLink(token: string, orderId: string, partId: string): Promise<OrderDTO> {
  const named = readFitToken(token);
  if (!named || named.orderId !== orderId || named.partId !== partId) throw new ForbiddenError(LINK_NOT_VALID);
  await connectDb();
  const order = await Order.findById(orderId).lean<LeanOrder>();
  if (!order) throw new NotFoundError('Order not found');
  return toOrderDTO(order);
}

/** The caller's own order (a guest's through its order link); anyone else's is "not found", and admins buy nothing. */
async function orderOfBuyer(actor: Actor | null, orderId: string): Promise<OrderDTO> {
  if (!actor) throw new UnauthorizedError(SESSION_EXPIRED);
  assertCustomer(actor, ONLY_BUYERS);
  return getOrder(actor, orderId);
}

/** Where a No leads: the order page with its return form open on this line, "does not fit" chosen. */
export function unfitReturnPath(order: Pick<OrderDTO, '_id' | 'email' | 'guest'>, partId: string): string {
  const page = order.guest ? guestOrderPath(order._id, order.email) : customerOrderPath(order._id);
  return `${page}${page.includes('?') ? '&' : '?'}${RETURN_UNFIT_QUERY}${partId}`;
}

/** Records the answer for one delivered line with a vehicle: 409 for a line already answered, and nothing changes then. */
export async function confirmFit(actor: Actor | null, partIdText: string, input: FitConfirmationInput): Promise<FitConfirmationDTO> {
  const partId = String(parseObjectId(partIdText, 'Part not found'));
  const order = input.token ? await orderOfLink(input.token, input.orderId, partId) : await orderOfBuyer(actor, input.orderId);
  const line = order.lines.find((candidate) => candidate.partId === partId);
  if (!line) throw new NotFoundError(NOT_IN_ORDER);
  if (order.status !== 'delivered') throw new ConflictError(NOT_DELIVERED);
  if (!line.fit?.vehicle) throw new ConflictError(NO_VEHICLE);
  const keys = lineVehicle(line.fit, (await readFitment(partId)).rows);
  try {
    await FitConfirmation.create({
      _id: fitConfirmationId(order._id, partId),
      orderId: order._id,
      partId,
      fits: input.fits,
      vehicle: line.fit.vehicle,
      vehicleKey: keys.vehicleKey,
      rowKey: keys.rowKey ?? undefined,
      via: input.token ? 'email' : 'order',
    });
  } catch (error) {
    if (isDuplicateKey(error)) throw new ConflictError(ALREADY_ANSWERED);
    throw error;
  }
  // Counted only by the insert's winner; a crash between the two writes loses that one count, never adds one.
  if (input.fits) await countFit(partId, fitConfirmationId(order._id, partId), keys);
  return {
    orderId: order._id,
    partId,
    fits: input.fits,
    vehicle: line.fit.vehicle,
    returnUrl: input.fits ? null : unfitReturnPath(order, partId),
  };
}

/** The answers already given for an order's lines, by part id (the order page and the email leave those out). */
export async function answeredLines(order: Pick<OrderDTO, '_id' | 'lines'>): Promise<Map<string, boolean>> {
  await connectDb();
  const answers = await Promise.all(
    order.lines.map((line) => FitConfirmation.findById(fitConfirmationId(order._id, line.partId), { fits: 1 }).lean()),
  );
  return new Map(answers.flatMap((answer, i) => (answer ? [[order.lines[i]!.partId, answer.fits] as [string, boolean]] : [])));
}

/** What the email link's page shows: the line's part and vehicle, and whether it was answered; null for a link that does not hold. */
export async function readFitLink(
  token: string,
): Promise<{ orderId: string; partId: string; partName: string; vehicle: string; answered: boolean } | null> {
  const named = readFitToken(token);
  if (!named) return null;
  await connectDb();
  const order = await Order.findById(named.orderId).lean<LeanOrder>();
  const line = order && toOrderDTO(order).lines.find((candidate) => candidate.partId === named.partId);
  if (!line?.fit?.vehicle) return null;
  const answered = Boolean(await FitConfirmation.exists({ _id: fitConfirmationId(named.orderId, named.partId) }));
  return { ...named, partName: line.partName, vehicle: line.fit.vehicle, answered };
}

/** The order page's questions: a delivered order's lines with a vehicle that are not answered yet. */
export async function linesToConfirm(order: Pick<OrderDTO, '_id' | 'lines' | 'status'>): Promise<LineToConfirm[]> {
  if (order.status !== 'delivered') return [];
  const answered = await answeredLines(order);
  return order.lines.flatMap((line) =>
    line.fit?.vehicle && !answered.has(line.partId) ? [{ partId: line.partId, partName: line.partName, vehicle: line.fit.vehicle }] : [],
  );
}

/** The part a page's query names for its return form (`?return=does-not-fit&part={id}`, where a No leads), else null. */
export function unfitReturnPart(query: Record<string, string | string[] | undefined>): string | null {
  const part = query.part;
  return query.return === 'does-not-fit' && typeof part === 'string' && /^[a-f\d]{24}$/.test(part) ? part : null;
}
