import 'server-only';
import { Types } from 'mongoose';
import { assertAdmin } from '@/lib/auth';
import { recordAudit } from '@/lib/audit';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@/lib/core/pagination';
import { connectDb } from '@/lib/platform/db';
import { ConflictError, NotFoundError, isDuplicateKey } from '@/lib/core/errors';
import { fromCents, toCents } from '@/lib/core/money';
import type { Page } from '@/lib/core/pagination';
import type { DiscountCodeInput } from '@/lib/validations/checkout-admin';
import { CODE_PATTERN } from '@/lib/validations/checkout-admin';
import { DiscountCode, DiscountRedemption, Order } from '@/models';
import type { DiscountCodeDoc, DiscountRedemptionDoc } from '@/models/discount';
import { type Admin } from './admin-common';
import { isoOrNull as iso } from '@/lib/core/utils';

/** The admin's discount codes (issue 29): create, pause, resume, and their redemptions. */

export const DISCOUNT_STATUSES = ['active', 'paused', 'scheduled', 'expired', 'used-up'] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];
export type DiscountCodeDTO = {
  _id: string;
  code: string;
  kind: 'percent' | 'fixed' | 'free-shipping';
  percent: number | null;
  /** Dollars off (fixed codes). */
  amount: number | null;
  minSubtotal: number;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  oncePerCustomer: boolean;
  categories: string[];
  brands: string[];
  pausedAt: string | null;
  /** Orders that carry the code now (a cancelled order gives its use back). */
  uses: number;
  status: DiscountStatus;
  createdAt: string;
};
export type RedemptionDTO = { orderId: string; orderNumber: string | null; email: string; amount: number; at: string };

type LeanCode = DiscountCodeDoc & { _id: Types.ObjectId; createdAt: Date };
type LeanRedemption = DiscountRedemptionDoc & { _id: string };

export const CODE_TAKEN = 'This code already exists';
const CODE_NOT_FOUND = 'Discount code not found';

/** The redemptions that are uses (`slot`), not the once-per-customer marks (lib/checkout/discounts.ts). */
const usesOf = (code: string) => ({ code, slot: true });

export function discountStatus(code: Pick<DiscountCodeDTO, 'pausedAt' | 'startsAt' | 'endsAt' | 'maxUses' | 'uses'>, now = new Date()) {
  if (code.pausedAt) return 'paused';
  if (code.endsAt && new Date(code.endsAt) <= now) return 'expired';
  if (code.maxUses !== null && code.uses >= code.maxUses) return 'used-up';
  if (code.startsAt && new Date(code.startsAt) > now) return 'scheduled';
  return 'active';
}

function toDiscountDTO(code: LeanCode, uses: number): DiscountCodeDTO {
  const dto = {
    _id: String(code._id),
    code: code.code,
    kind: code.kind as DiscountCodeDTO['kind'],
    percent: code.percent ?? null,
    amount: code.amountCents === null || code.amountCents === undefined ? null : fromCents(code.amountCents),
    minSubtotal: fromCents(code.minSubtotalCents ?? 0),
    startsAt: iso(code.startsAt),
    endsAt: iso(code.endsAt),
    maxUses: code.maxUses ?? null,
    oncePerCustomer: Boolean(code.oncePerCustomer),
    categories: code.categories ?? [],
    brands: code.brands ?? [],
    pausedAt: iso(code.pausedAt),
    uses,
    createdAt: iso(code.createdAt)!,
  };
  return { ...dto, status: discountStatus(dto) };
}

/** A code as typed in a URL: codes are stored upper case; anything else cannot be one. */
function normalizeCode(code: string): string {
  const upper = code.trim().toUpperCase();
  if (!CODE_PATTERN.test(upper)) throw new NotFoundError(CODE_NOT_FOUND);
  return upper;
}

export async function listDiscountCodes(actor: Admin): Promise<DiscountCodeDTO[]> {
  assertAdmin(actor);
  await connectDb();
  const codes = await DiscountCode.find().sort({ _id: -1 }).limit(500).lean<LeanCode[]>();
  const uses = await Promise.all(codes.map((code) => DiscountRedemption.countDocuments(usesOf(code.code))));
  return codes.map((code, index) => toDiscountDTO(code, uses[index] ?? 0));
}

export async function getDiscountCode(actor: Admin, code: string): Promise<DiscountCodeDTO> {
  assertAdmin(actor);
  await connectDb();
  const stored = await DiscountCode.findOne({ code: normalizeCode(code) }).lean<LeanCode>();
  if (!stored) throw new NotFoundError(CODE_NOT_FOUND);
  return toDiscountDTO(stored, await DiscountRedemption.countDocuments(usesOf(stored.code)));
}

const codeTarget = (code: DiscountCodeDTO) => ({ kind: 'discount-code' as const, id: code.code, label: code.code });
function auditedCode(code: DiscountCodeDTO) {
  const { kind, percent, amount, minSubtotal, startsAt, endsAt, maxUses, oncePerCustomer, categories, brands } = code;
  return { kind, percent, amount, minSubtotal, startsAt, endsAt, maxUses, oncePerCustomer, categories, brands };
}

/** A new code. Codes are not edited afterwards (orders carry them): pause one and create another. */
export async function createDiscountCode(actor: Admin, input: DiscountCodeInput): Promise<DiscountCodeDTO> {
  assertAdmin(actor);
  await connectDb();
  try {
    await DiscountCode.create({
      code: input.code,
      kind: input.kind,
      percent: input.kind === 'percent' ? input.percent : undefined,
      amountCents: input.kind === 'fixed' && input.amount ? toCents(input.amount) : undefined,
      minSubtotalCents: toCents(input.minSubtotal),
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      maxUses: input.maxUses,
      oncePerCustomer: input.oncePerCustomer,
      categories: input.categories,
      brands: input.brands,
    });
  } catch (error) {
    if (isDuplicateKey(error)) throw new ConflictError(CODE_TAKEN);
    throw error;
  }
  const code = await getDiscountCode(actor, input.code);
  await recordAudit(actor, { action: 'discount.create', target: codeTarget(code), after: auditedCode(code) });
  return code;
}

/** Pauses (customers are refused it from now on) or resumes a code; doing what is already done changes nothing. */
export async function setDiscountPaused(actor: Admin, code: string, paused: boolean): Promise<DiscountCodeDTO> {
  const before = await getDiscountCode(actor, code);
  if (Boolean(before.pausedAt) === paused) return before;
  // Only the write that changed it is audited: two admins pausing at once record one pause.
  const { modifiedCount } = await DiscountCode.updateOne(
    { code: before.code, pausedAt: paused ? null : { $ne: null } },
    { $set: { pausedAt: paused ? new Date() : null } },
  );
  const after = await getDiscountCode(actor, code);
  if (modifiedCount === 0) return after;
  await recordAudit(actor, {
    action: paused ? 'discount.pause' : 'discount.resume',
    target: codeTarget(after),
    before: { paused: !paused },
    after: { paused },
  });
  return after;
}

/** A code's uses, newest first, with the order number of each. */
export async function listRedemptions(
  actor: Admin,
  code: string,
  query: { page?: number; limit?: number } = {},
): Promise<Page<RedemptionDTO>> {
  const stored = await getDiscountCode(actor, code);
  const limit = Math.min(Math.max(query.limit ?? DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
  const page = Math.max(query.page ?? 1, 1);
  const filter = usesOf(stored.code);
  const [redemptions, total] = await Promise.all([
    DiscountRedemption.find(filter)
      .sort({ at: -1, _id: -1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean<LeanRedemption[]>(),
    DiscountRedemption.countDocuments(filter),
  ]);
  const orders = redemptions.length
    ? await Order.find({ _id: { $in: redemptions.map((r) => r.orderId) } }, { number: 1 }).lean<
        Array<{ _id: Types.ObjectId; number?: string }>
      >()
    : [];
  const numbers = new Map(orders.map((order) => [String(order._id), order.number ?? null]));
  return {
    items: redemptions.map((r) => ({
      orderId: String(r.orderId),
      orderNumber: numbers.get(String(r.orderId)) ?? null,
      email: r.email,
      amount: fromCents(r.amountCents ?? 0),
      at: new Date(r.at).toISOString(),
    })),
    total,
    page,
    limit,
  };
}
