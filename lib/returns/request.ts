import 'server-only';
import { Types } from 'mongoose';
import type { Actor } from '@/lib/auth';
import { ConflictError, ForbiddenError, ValidationError } from '@/lib/core/errors';
import { runSteps } from '@/lib/core/steps';
import { getOrderForReturns, isWithinReturnWindow, moneyLinePartIds, type OrderDTO, type PaidOrderMoney } from '@/lib/orders';
import { env } from '@/lib/platform/env';
import { SHOP_MISTAKES, type ReturnRequestInput } from '@/lib/validations/returns';
import { Return } from '@/models';
import { toReturnDTO, type LeanReturn } from './dto';
import { enqueueReturnEmail } from './emails';
import { noteUnfitReturn } from './fit-reviews';
import { holdLines, releaseLines } from './holds';
import { refundDue, unitsBefore } from './plan';
import { refundHistory } from './refund';
import type { ReturnDTO } from './types';

export const ADMINS_CANNOT_REQUEST = 'Admins cannot ask for a return: the customer asks from their order';
export const NOT_DELIVERED = 'Parts can be returned once the order is delivered';
export const windowClosed = (days: number) => `The returns window closed ${days} days after delivery`;
export const NOT_IN_ORDER = 'This part is not in the order';
export const tooMany = (left: number) => (left ? `At most ${left} of this part can still be returned` : 'This part was returned already');
export const NO_CORE = 'This part has no core deposit to return';
export const coreWindowClosed = (days: number) => `Cores can come back until ${days} days after delivery`;
export const coresTooMany = (left: number) =>
  left ? `At most ${left} cores of this part can still come back` : 'The cores of this part came back already';
export const NAME_THE_VEHICLE = 'Name the vehicle the part did not fit, or give its VIN';

type OrderLine = OrderDTO['lines'][number];

/** The order's lines the request names, refusing a part not in the order (400 naming the line). */
function chosenLines(order: OrderDTO, input: ReturnRequestInput): Array<{ line: OrderLine; quantity: number }> {
  return input.lines.map((wanted, index) => {
    const line = order.lines.find((candidate) => candidate.partId === wanted.partId);
    if (!line) throw new ValidationError(NOT_IN_ORDER, { [`lines.${index}.partId`]: [NOT_IN_ORDER] });
    if (input.reason === 'core-return' && !line.core) throw new ValidationError(NO_CORE, { [`lines.${index}.partId`]: [NO_CORE] });
    return { line, quantity: wanted.quantity };
  });
}

/** "Does not fit": the vehicle given, else the one the line was confirmed for; a VIN will do. */
function vehicleOf(input: ReturnRequestInput, chosen: Array<{ line: OrderLine }>): string | undefined {
  if (input.reason !== 'does-not-fit') return undefined;
  const vehicle = input.vehicle || chosen.find(({ line }) => line.fit?.vehicle)?.line.fit?.vehicle || undefined;
  if (!vehicle && !input.vin) throw new ValidationError(NAME_THE_VEHICLE, { vehicle: [NAME_THE_VEHICLE] });
  return vehicle;
}

const isDelivered = (order: Pick<OrderDTO, 'cancelled' | 'paid' | 'status'>) =>
  !order.cancelled && order.paid && order.status === 'delivered';

/** Whether the order page offers "Return parts": delivered, and within RETURNS_DAYS of its delivery day, or within
 * CORE_RETURN_DAYS while a line's core may still come back. */
export function canRequestReturn(
  order: Pick<OrderDTO, 'cancelled' | 'paid' | 'status' | 'deliveredAt'> & { lines?: Array<Pick<OrderLine, 'core'>> },
  now = new Date(),
): boolean {
  if (!isDelivered(order)) return false;
  const cores = order.lines?.some((line) => line.core) ?? false;
  return isWithinReturnWindow(order, env().RETURNS_DAYS, now) || (cores && isWithinReturnWindow(order, env().CORE_RETURN_DAYS, now));
}

function assertReturnable(order: OrderDTO, reason: ReturnRequestInput['reason'], now: Date): void {
  if (!isDelivered(order)) throw new ConflictError(NOT_DELIVERED);
  if (reason === 'core-return') {
    const days = env().CORE_RETURN_DAYS;
    if (!isWithinReturnWindow(order, days, now)) throw new ConflictError(coreWindowClosed(days));
  } else if (!isWithinReturnWindow(order, env().RETURNS_DAYS, now)) throw new ConflictError(windowClosed(env().RETURNS_DAYS));
}

type Request = {
  _id: Types.ObjectId;
  order: OrderDTO;
  money: PaidOrderMoney;
  input: ReturnRequestInput;
  vehicle: string | undefined;
  lines: ReturnLineInput[];
};

type ReturnLineInput = { partId: string; partName: string; unitPrice: number; quantity: number; core?: true };

/** The stored lines: units of the parts, or for a core return their core deposits (at the deposit paid per unit). */
const returnLinesOf = (chosen: Array<{ line: OrderLine; quantity: number }>, core: boolean): ReturnLineInput[] =>
  chosen.map(({ line, quantity }) => ({
    partId: line.partId,
    partName: line.partName,
    unitPrice: core ? line.core!.unitPrice : line.unitPrice,
    quantity,
    ...(core ? { core: true as const } : {}),
  }));

/** Stores the request once its lines are held: no line past what was bought less what earlier refunds took back. */
async function storeRequest({ _id, order, money, input, vehicle, lines }: Request): Promise<LeanReturn> {
  const history = await refundHistory(order._id);
  lines.forEach((line, index) => {
    const bought = order.lines.find((candidate) => candidate.partId === line.partId)!.quantity;
    const left = bought - unitsBefore(history, line.partId, line.core);
    const message = line.core ? coresTooMany(left) : tooMany(left);
    if (line.quantity > left) throw new ValidationError(message, { [`lines.${index}.quantity`]: [message] });
  });
  const due = refundDue(money, moneyLinePartIds(order), lines, history, SHOP_MISTAKES.includes(input.reason));
  const unfit = input.reason === 'does-not-fit';
  const created = await Return.create({
    _id,
    orderId: order._id,
    orderNumber: order.number,
    email: order.email,
    guest: order.guest,
    reason: input.reason,
    note: input.note || undefined,
    vehicle,
    vin: unfit ? input.vin : undefined,
    mismatch: unfit ? input.mismatch : undefined,
    lines,
    refundCents: due.cents,
  });
  return created.toObject() as unknown as LeanReturn;
}

/** POST /api/orders/{id}/returns: the order's customer (or its signed link) asks to send lines back, within the window. */
export async function requestReturn(actor: Actor, orderId: string, input: ReturnRequestInput, now = new Date()): Promise<ReturnDTO> {
  if (actor.isAdmin) throw new ForbiddenError(ADMINS_CANNOT_REQUEST);
  const { order, money } = await getOrderForReturns(actor, orderId);
  assertReturnable(order, input.reason, now);
  const chosen = chosenLines(order, input);
  const vehicle = vehicleOf(input, chosen);
  const _id = new Types.ObjectId();
  const lines = returnLinesOf(chosen, input.reason === 'core-return');
  const context = { stored: null as LeanReturn | null };
  await runSteps(
    [
      {
        name: 'hold the lines',
        run: () => holdLines(order._id, _id, lines, now),
        undo: () => releaseLines({ _id, orderId: order._id, lines }),
      },
      {
        name: 'store the request',
        run: async () => {
          context.stored = await storeRequest({ _id, order, money, input, vehicle, lines });
        },
      },
    ],
    context,
  );
  // The return stands whatever the review's count does: a failure here is logged, never the customer's.
  await noteUnfitReturn(context.stored!).catch((error: unknown) =>
    console.error(`[fit-reviews] could not count return ${String(_id)}:`, error),
  );
  const dto = toReturnDTO(context.stored!);
  await enqueueReturnEmail('requested', dto, order);
  return dto;
}
