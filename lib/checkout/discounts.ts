import 'server-only';
import type { Types } from 'mongoose';
import { discountApplies, type DiscountRule, type MoneyLine, goodsCents } from '@/lib/orders';
import { connectDb } from '@/lib/platform/db';
import { ConflictError, ValidationError, isDuplicateKey } from '@/lib/core/errors';
import { formatPrice, fromCents } from '@/lib/core/money';
import { DiscountCode, DiscountRedemption } from '@/models';
import type { DiscountCodeDoc } from '@/models/discount';

/** Discount codes (DESIGN.md section 6a): caps and once-per-customer rest on unique keys, whatever the concurrency. */

export type UsableCode = DiscountRule & { code: string; maxUses: number | null; oncePerCustomer: boolean };

export const CODE_TEXT = {
  unknown: 'This code is not valid',
  notYet: 'This code is not active yet',
  expired: 'This code has expired',
  paused: 'This code is paused',
  usedUp: 'This code has been used up',
  usedByYou: 'You have already used this code',
  noLines: 'This code does not apply to the parts in your cart',
  minimum: (cents: number) => `This code needs a subtotal of at least ${formatPrice(fromCents(cents))}`,
} as const;

export const normalizeCode = (code: string) => code.trim().toUpperCase();

const codeError = (message: string) => new ValidationError(message, { discountCode: [message] });

type LeanCode = DiscountCodeDoc & { _id: Types.ObjectId };

/** The code as usable on these lines by this email, or why not: 400 unknown or not applicable, 409 used up. */
export async function usableCode(
  rawCode: string,
  lines: MoneyLine[],
  { email, now = new Date() }: { email?: string | null; now?: Date } = {},
): Promise<UsableCode> {
  await connectDb();
  const code = normalizeCode(rawCode);
  const found = code ? await DiscountCode.findOne({ code }).lean<LeanCode>() : null;
  if (!found) throw codeError(CODE_TEXT.unknown);
  if (found.pausedAt) throw codeError(CODE_TEXT.paused);
  if (found.startsAt && found.startsAt > now) throw codeError(CODE_TEXT.notYet);
  if (found.endsAt && found.endsAt <= now) throw codeError(CODE_TEXT.expired);
  const rule: UsableCode = {
    code,
    kind: found.kind as UsableCode['kind'],
    percent: found.percent ?? null,
    amountCents: found.amountCents ?? null,
    categories: found.categories ?? [],
    brands: found.brands ?? [],
    maxUses: found.maxUses ?? null,
    oncePerCustomer: found.oncePerCustomer,
  };
  if (goodsCents(lines) < found.minSubtotalCents) throw codeError(CODE_TEXT.minimum(found.minSubtotalCents));
  if (rule.kind !== 'free-shipping' && !lines.some((line) => discountApplies(rule, line))) throw codeError(CODE_TEXT.noLines);
  if (email && rule.oncePerCustomer && (await DiscountRedemption.exists({ _id: emailKey(code, email) }))) {
    throw new ConflictError(CODE_TEXT.usedByYou).withField('discountCode');
  }
  if (rule.maxUses !== null && (await DiscountRedemption.countDocuments({ code, slot: true })) >= rule.maxUses) {
    throw new ConflictError(CODE_TEXT.usedUp).withField('discountCode');
  }
  return rule;
}

const emailKey = (code: string, email: string) => `${code}@${email.trim().toLowerCase()}`;
const slotKey = (code: string, n: number) => `${code}#${n}`;

/** How many random slots just above the uses counted a checkout tries, and how far above. */
const SLOT_TRIES = 8;
const SLOT_WINDOW = 64;
/** How many of the free slots a full search tries (it runs only when the window had none). */
const SLOT_SEARCH = 50;

/** Takes slot `n` of a capped code for the order: false when another order holds it. */
async function takeSlot(key: string, base: object): Promise<boolean> {
  try {
    await DiscountRedemption.create({ _id: key, ...base, slot: true });
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

/** Takes a free slot 1..maxUses: random slots just above the count spread racing checkouts; a full search for
 * slots given back runs only when that window is full. False when every slot is taken. */
async function takeFreeSlot(code: string, maxUses: number, base: object): Promise<boolean> {
  const used = await DiscountRedemption.countDocuments({ code, slot: true });
  for (let i = 0; i < SLOT_TRIES && used < maxUses; i++) {
    const n = used + 1 + Math.floor(Math.random() * Math.min(SLOT_WINDOW, maxUses - used));
    if (await takeSlot(slotKey(code, n), base)) return true;
  }
  const slots = await DiscountRedemption.find({ code, slot: true }, { _id: 1 }).lean();
  const taken = new Set(slots.map((doc) => Number(String(doc._id).slice(code.length + 1))));
  const free: number[] = [];
  for (let n = 1; n <= maxUses && free.length < SLOT_SEARCH; n++) if (!taken.has(n)) free.push(n);
  for (let i = free.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [free[i], free[j]] = [free[j]!, free[i]!];
  }
  for (const n of free) if (await takeSlot(slotKey(code, n), base)) return true;
  return false;
}

/** Records this order's use: the once-per-customer key, then for a capped code a slot insert only one checkout wins (409 when none). */
export async function redeemCode(rule: UsableCode, order: { orderId: Types.ObjectId; email: string; amountCents: number }): Promise<void> {
  await connectDb();
  const base = { code: rule.code, orderId: order.orderId, email: order.email.toLowerCase(), amountCents: order.amountCents };
  if (rule.oncePerCustomer) {
    try {
      await DiscountRedemption.create({ _id: emailKey(rule.code, order.email), ...base, slot: false });
    } catch (error) {
      if (isDuplicateKey(error)) throw new ConflictError(CODE_TEXT.usedByYou).withField('discountCode');
      throw error;
    }
  }
  try {
    if (rule.maxUses === null) {
      await DiscountRedemption.create({ _id: `${rule.code}#${String(order.orderId)}`, ...base, slot: true });
      return;
    }
    if (!(await takeFreeSlot(rule.code, rule.maxUses, base))) throw new ConflictError(CODE_TEXT.usedUp).withField('discountCode');
  } catch (error) {
    await releaseCodes(order.orderId);
    throw error;
  }
}

/** Gives back an order's uses of codes: a refused checkout, a cancelled order. */
export async function releaseCodes(orderId: Types.ObjectId): Promise<void> {
  await connectDb();
  await DiscountRedemption.deleteMany({ orderId });
}
