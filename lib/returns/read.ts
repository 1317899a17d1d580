import 'server-only';
import type { Actor } from '@/lib/auth';
import { NotFoundError } from '@/lib/core/errors';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page } from '@/lib/core/pagination';
import { getOrderForReturns } from '@/lib/orders';
import { connectDb } from '@/lib/platform/db';
import type { ReturnListQuery } from '@/lib/validations/returns';
import { Return } from '@/models';
import { toReturnDTO, type LeanReturn } from './dto';
import { findReturn } from './steps';
import type { ReturnDTO } from './types';

/** Who sees a return: an admin any; anyone else only the returns of an order they may open (else 404, as the order). */

export async function getReturn(actor: Actor, id: string): Promise<ReturnDTO> {
  const ret = await findReturn(id);
  if (!actor.isAdmin) {
    await getOrderForReturns(actor, String(ret.orderId)).catch((error: unknown) => {
      throw error instanceof NotFoundError ? new NotFoundError('Return not found') : error;
    });
  }
  return toReturnDTO(ret);
}

/** The returns of one order, oldest first, for whoever may open the order. */
export async function listReturnsOfOrder(actor: Actor, orderId: string): Promise<ReturnDTO[]> {
  const { order } = await getOrderForReturns(actor, orderId);
  const returns = await Return.find({ orderId: order._id }).sort({ createdAt: 1, _id: 1 }).limit(200).lean<LeanReturn[]>();
  return returns.map(toReturnDTO);
}

/** Whose returns a list holds: all for an admin, an order link's order, else the account's email (guest orders once verified). */
function ownerFilter(actor: Actor): Record<string, unknown> {
  if (actor.isAdmin) return {};
  if (actor.orderScope) return { orderId: actor.orderScope };
  return actor.emailVerified ? { email: actor.email } : { email: actor.email, guest: { $ne: true } };
}

/** GET /api/returns: newest first, filtered by state and reason; a customer's own, an admin's queue. */
export async function listReturns(actor: Actor, query: ReturnListQuery = {}): Promise<Page<ReturnDTO>> {
  await connectDb();
  const filter = {
    ...ownerFilter(actor),
    ...(query.state ? { state: query.state } : {}),
    ...(query.reason ? { reason: query.reason } : {}),
  };
  const limit = Math.min(query.limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const page = query.page ?? 1;
  const [items, total] = await Promise.all([
    Return.find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean<LeanReturn[]>(),
    Return.countDocuments(filter),
  ]);
  return { items: items.map(toReturnDTO), total, page, limit };
}
