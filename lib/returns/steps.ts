import 'server-only';
import { recordAudit } from '@/lib/audit';
import { assertAdmin, type Actor } from '@/lib/auth';
import { ConflictError, isDuplicateKey, NotFoundError, ValidationError } from '@/lib/core/errors';
import { parseObjectId } from '@/lib/core/ids';
import { toCents } from '@/lib/core/money';
import type { ReturnState } from '@/lib/core/return-fields';
import { getOrderForReturns, type OrderDTO } from '@/lib/orders';
import { connectDb } from '@/lib/platform/db';
import { applyStockMove } from '@/lib/stock';
import type { ReturnStepInput } from '@/lib/validations/returns';
import { Part, Return, ReturnStep } from '@/models';
import type { ReturnStepDoc } from '@/models/return';
import { toReturnDTO, type LeanReturn } from './dto';
import { enqueueReturnEmail } from './emails';
import { releaseLines } from './holds';
import { coreDecisionOf, refundOnce } from './refund';
import type { ReturnDTO } from './types';

/** The admin's steps on a return: each from one state, decided once by its stage record, then a timeline stamp, an email and an audit entry. */

type Action = ReturnStepInput['action'];
const TRANSITIONS: Record<Action, { from: ReturnState; to: ReturnState; stage: 'decision' | 'receipt' | 'refund' }> = {
  approve: { from: 'requested', to: 'approved', stage: 'decision' },
  reject: { from: 'requested', to: 'rejected', stage: 'decision' },
  receive: { from: 'approved', to: 'received', stage: 'receipt' },
  refund: { from: 'received', to: 'refunded', stage: 'refund' },
};

const VERB: Record<Action, string> = { approve: 'approved', reject: 'rejected', receive: 'received', refund: 'refunded' };
export const wrongState = (state: ReturnState, action: Action) =>
  `This return is ${state}: only a ${TRANSITIONS[action].from} return can be ${VERB[action]}`;
export const CHOOSE_CORE_OUTCOME = 'A core return is refunded in full, in part or forfeited: send core';
export const NOT_A_CORE_RETURN = 'Only a core return is refunded with a core outcome';
export const PART_GONE = (name: string) => `${name} is no longer in the catalog: write it off instead of restocking it`;

export async function findReturn(id: string): Promise<LeanReturn> {
  const _id = parseObjectId(id, 'Return not found');
  await connectDb();
  const ret = await Return.findById(_id).lean<LeanReturn>();
  if (!ret) throw new NotFoundError('Return not found');
  return ret;
}

type Stage = ReturnStepDoc & { _id: string };

/** Decides a return's stage once: this call's record, or the same action's that stands; another action's is a wrong state (409). */
async function claimStage(
  ret: LeanReturn,
  action: Action,
  by: string,
  data: Record<string, unknown>,
): Promise<{ stage: Stage; won: boolean }> {
  const { stage } = TRANSITIONS[action];
  const _id = `${String(ret._id)}:${stage}`;
  const record = {
    _id,
    returnId: ret._id,
    orderId: ret.orderId,
    stage,
    action,
    idempotencyKey: `return-${String(ret._id)}-${stage}`,
    by,
    at: new Date(),
    data,
  };
  try {
    await ReturnStep.create(record);
    return { stage: record as unknown as Stage, won: true };
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  const standing = await ReturnStep.findById(_id).lean<Stage>();
  if (!standing) throw new ConflictError(wrongState(ret.state as ReturnState, action));
  if (standing.action !== action) throw new ConflictError(wrongState(TRANSITIONS[standing.action as Action].to, action));
  return { stage: standing, won: false };
}

/** Each line's outcome as the admin chose it (restock unless written off; a core is inspected, never stock); a restock of a
 * part no longer sold is refused first. */
async function receiptOf(ret: LeanReturn, input: Extract<ReturnStepInput, { action: 'receive' }>) {
  const outcomes = ret.lines.map((line) => ({
    partId: String(line.partId),
    outcome: line.core
      ? 'inspected'
      : input.lines?.find((chosen) => chosen.partId === String(line.partId))?.outcome === 'write-off'
        ? 'written-off'
        : 'restocked',
  }));
  for (const line of ret.lines) {
    const restock = outcomes.find((chosen) => chosen.partId === String(line.partId))?.outcome === 'restocked';
    if (restock && !(await Part.exists({ _id: line.partId }))) throw new ConflictError(PART_GONE(line.partName));
  }
  return { lines: outcomes };
}

/** The stage's effects, safe to repeat: restocks go through the ledger keyed by the return, so each applies once. */
async function applyReceipt(ret: LeanReturn, stage: Stage, by: string) {
  const outcomes = (stage.data as { lines: Array<{ partId: string; outcome: string }> }).lines;
  for (const line of ret.lines) {
    if (outcomes.find((chosen) => chosen.partId === String(line.partId))?.outcome !== 'restocked') continue;
    await applyStockMove({ partId: line.partId, delta: line.quantity, reason: 'return', orderId: ret._id, by });
  }
  return Object.fromEntries(
    ret.lines.map((line, i) => [`lines.${i}.outcome`, outcomes.find((o) => o.partId === String(line.partId))?.outcome]),
  );
}

/** PATCH /api/returns/{id} (admins): approve, reject, receive or refund; 409 from any other state. */
export async function takeReturnStep(actor: Actor, id: string, input: ReturnStepInput, now = new Date()): Promise<ReturnDTO> {
  assertAdmin(actor);
  const ret = await findReturn(id);
  const { from } = TRANSITIONS[input.action];
  if (ret.state !== from) throw new ConflictError(wrongState(ret.state as ReturnState, input.action));
  let set: Record<string, unknown>;
  let won: boolean;
  let order: OrderDTO;
  let to: ReturnState = TRANSITIONS[input.action].to;
  if (input.action === 'refund') {
    const refund = await refundOnce(actor, ret, refundAsked(ret, input), now);
    ({ order, stored: won } = refund);
    const core = coreDecisionOf(refund.claim);
    if (core?.outcome === 'forfeit') to = 'forfeited';
    set = {
      refundCents: refund.claim.amountCents,
      [`steps.${to}`]: { at: refund.claim.at, by: refund.claim.by },
      ...(core ? { coreOutcome: core } : {}),
    };
  } else {
    const data =
      input.action === 'receive'
        ? await receiptOf(ret, input)
        : input.action === 'approve'
          ? { instructions: input.instructions }
          : { rejection: input.reason };
    const claimed = await claimStage(ret, input.action, actor.email, data);
    won = claimed.won;
    order = (await getOrderForReturns(actor, String(ret.orderId))).order;
    set = { [`steps.${to}`]: { at: claimed.stage.at, by: claimed.stage.by }, ...(await effectsOf(ret, claimed.stage, actor.email)) };
  }
  await Return.updateOne({ _id: ret._id, state: from }, { $set: { state: to, ...set } });
  if (to === 'rejected' || to === 'refunded' || to === 'forfeited') await releaseLines(ret);
  const after = toReturnDTO((await Return.findById(ret._id).lean<LeanReturn>())!);
  await enqueueReturnEmail(to, after, order);
  if (won)
    await recordAudit(actor, {
      action: `return.${input.action}`,
      target: targetOf(after),
      before: stateOf(toReturnDTO(ret)),
      after: stateOf(after),
    });
  return after;
}

/** What a refund pays back: a core return's outcome (its deposit in full, in part, or nothing), else the due amount or less. */
function refundAsked(ret: LeanReturn, input: Extract<ReturnStepInput, { action: 'refund' }>) {
  const amountCents = input.amount === undefined ? undefined : toCents(input.amount);
  if (ret.reason !== 'core-return') {
    if (input.core) throw new ValidationError(NOT_A_CORE_RETURN, { core: [NOT_A_CORE_RETURN] });
    return { amountCents };
  }
  if (!input.core) throw new ValidationError(CHOOSE_CORE_OUTCOME, { core: [CHOOSE_CORE_OUTCOME] });
  const core = { outcome: input.core, reason: input.reason ?? null };
  return { amountCents: input.core === 'forfeit' ? 0 : amountCents, core };
}

async function effectsOf(ret: LeanReturn, stage: Stage, by: string): Promise<Record<string, unknown>> {
  const data = (stage.data ?? {}) as { instructions?: string; rejection?: string };
  if (stage.action === 'receive') return applyReceipt(ret, stage, by);
  if (stage.action === 'approve') return data.instructions ? { instructions: data.instructions } : {};
  return { rejection: data.rejection };
}

const targetOf = (ret: ReturnDTO) => ({ kind: 'return' as const, id: ret.id, label: `Return of order ${ret.orderNumber}` });
const stateOf = (ret: ReturnDTO) => ({
  state: ret.state,
  refundAmount: ret.refundAmount,
  lines: ret.lines.map((line) => `${line.partName} x ${line.quantity}: ${line.state}`),
});
