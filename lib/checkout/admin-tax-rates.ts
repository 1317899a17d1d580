import 'server-only';
import { Types } from 'mongoose';
import { assertAdmin } from '@/lib/auth';
import { changedFields, recordAudit } from '@/lib/audit';
import { ratePcmOf } from '@/lib/checkout/tax';
import { connectDb } from '@/lib/platform/db';
import { ConflictError, NotFoundError, isDuplicateKey } from '@/lib/core/errors';
import type { TaxRateInput } from '@/lib/validations/checkout-admin';
import { OBJECT_ID_PATTERN } from '@/lib/core/id-pattern';
import { TaxRate } from '@/models';
import type { TaxRateDoc } from '@/models/shipping';
import { type Admin, ratesChanged } from './admin-common';
import { isoOrNull as iso } from '@/lib/core/utils';

/** The admin's tax rates (issue 29): rates leave in percent, stored in thousandths of a percent. */

export type TaxRateDTO = {
  _id: string;
  country: string;
  region: string;
  /** Percent (20 = 20%). */
  rate: number;
  taxShipping: boolean;
  label: string;
  createdAt: string;
  updatedAt: string;
};
type LeanTaxRate = TaxRateDoc & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };

function toTaxRateDTO(rate: LeanTaxRate): TaxRateDTO {
  return {
    _id: String(rate._id),
    country: rate.country,
    region: rate.region ?? '',
    rate: ratePcmOf(rate) / 1000,
    taxShipping: Boolean(rate.taxShipping),
    label: rate.label ?? 'Tax',
    createdAt: iso(rate.createdAt)!,
    updatedAt: iso(rate.updatedAt)!,
  };
}

const storedTaxRate = (input: TaxRateInput) => ({
  country: input.country,
  region: input.region,
  ratePcm: Math.round(input.rate * 1000),
  taxShipping: input.taxShipping,
  label: input.label || 'Tax',
});

export const TAX_RATE_TAKEN = 'This country and region already have a rate: edit that one';
const taxTarget = (rate: TaxRateDTO) => ({
  kind: 'tax-rate' as const,
  id: rate._id,
  label: rate.region ? `${rate.country} ${rate.region}` : rate.country,
});
const auditedTaxRate = ({ country, region, rate, taxShipping, label }: TaxRateDTO) => ({ country, region, rate, taxShipping, label });

function taxRateId(id: string): Types.ObjectId {
  if (!OBJECT_ID_PATTERN.test(id)) throw new NotFoundError('Tax rate not found');
  return new Types.ObjectId(id);
}

/** Refused by the unique (country, region) index: E11000, or FerretDB v1's SQLite constraint error (code 1) on update. */
function isTaxRateTaken(error: unknown): boolean {
  return isDuplicateKey(error) || (error instanceof Error && /UNIQUE constraint failed: index 'taxrates_/.test(error.message));
}

async function writeTaxRate<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    // The unique (country, region) index decides, also between two admins at once.
    if (isTaxRateTaken(error)) throw new ConflictError(TAX_RATE_TAKEN);
    throw error;
  }
}

export async function listTaxRates(actor: Admin): Promise<TaxRateDTO[]> {
  assertAdmin(actor);
  await connectDb();
  const rates = await TaxRate.find().sort({ country: 1, region: 1 }).limit(2000).lean<LeanTaxRate[]>();
  return rates.map(toTaxRateDTO);
}

async function getTaxRate(id: string): Promise<TaxRateDTO> {
  await connectDb();
  const rate = await TaxRate.findById(taxRateId(id)).lean<LeanTaxRate>();
  if (!rate) throw new NotFoundError('Tax rate not found');
  return toTaxRateDTO(rate);
}

export async function createTaxRate(actor: Admin, input: TaxRateInput): Promise<TaxRateDTO> {
  assertAdmin(actor);
  await connectDb();
  const created = await writeTaxRate(() => TaxRate.create(storedTaxRate(input)));
  await ratesChanged();
  const rate = await getTaxRate(String(created._id));
  await recordAudit(actor, { action: 'tax.create', target: taxTarget(rate), after: auditedTaxRate(rate) });
  return rate;
}

export async function updateTaxRate(actor: Admin, id: string, input: TaxRateInput): Promise<TaxRateDTO> {
  assertAdmin(actor);
  const before = await getTaxRate(id);
  if (await TaxRate.exists({ country: input.country, region: input.region, _id: { $ne: taxRateId(id) } }))
    throw new ConflictError(TAX_RATE_TAKEN);
  const stored = storedTaxRate(input);
  // A rate stored in basis points (before three decimals) is stored in thousandths of a percent from now on.
  const result = await writeTaxRate(() =>
    TaxRate.updateOne({ _id: taxRateId(id) }, { $set: stored, $unset: { rateBps: 1 } }, { runValidators: true }),
  );
  if (!result.matchedCount) throw new NotFoundError('Tax rate not found');
  await ratesChanged();
  // What this request wrote, as for a zone.
  const written = toTaxRateDTO({ ...stored, _id: taxRateId(id) } as LeanTaxRate);
  const changes = changedFields(auditedTaxRate(before), auditedTaxRate(written));
  if (Object.keys(changes.before).length) await recordAudit(actor, { action: 'tax.update', target: taxTarget(written), ...changes });
  return getTaxRate(id);
}

export async function deleteTaxRate(actor: Admin, id: string): Promise<{ deletedCount: number }> {
  assertAdmin(actor);
  const rate = await getTaxRate(id);
  const result = await TaxRate.deleteOne({ _id: taxRateId(id) });
  await ratesChanged();
  if (result.deletedCount) await recordAudit(actor, { action: 'tax.delete', target: taxTarget(rate), before: auditedTaxRate(rate) });
  return { deletedCount: result.deletedCount };
}
