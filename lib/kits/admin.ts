import 'server-only';
import { Types } from 'mongoose';
import type { CategorySlug } from '@/content/categories';
import { assertAdmin, type Actor } from '@/lib/auth';
import { changedFields, recordAudit } from '@/lib/audit';
import { connectDb } from '@/lib/platform/db';
import { ConflictError, NotFoundError, isDuplicateKey } from '@/lib/core/errors';
import { OBJECT_ID_PATTERN } from '@/lib/core/id-pattern';
import { isoOrNull as iso } from '@/lib/core/utils';
import type { KitInput, KitLineInput, KitOptionInput, KitPatchInput } from '@/lib/validations/kits';
import { JobKit } from '@/models';
import type { JobKitDoc } from '@/models/job-kit';

/** The admin's job kits (issue 46, Build item 7): admins only, every change audited. */

export type Admin = Pick<Actor, '_id' | 'email' | 'isAdmin'>;

/** What a line takes: a PCdb part type, or a category and a word of the part's name; and where on the car. */
export type KitOption = {
  partTypeId: number | null;
  category: CategorySlug | null;
  keyword: string | null;
  position: string | null;
};

/** A line's own kind is its first option; `alternatives` are tried after it, in order (a line stored without is one option). */
export type KitLine = KitOption & {
  label: string;
  quantity: number;
  perCylinder: boolean;
  alternatives: KitOption[];
};

export type JobKitDTO = { _id: string; name: string; lines: KitLine[]; position: number; createdAt: string; updatedAt: string };

export const KIT_TAKEN = 'A job with this name already exists: edit that one';
const KIT_NOT_FOUND = 'Job not found';
/** Enough for any shop's jobs; the storefront shows them all. */
const MAX_KITS = 100;

type LeanKit = JobKitDoc & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };

const optionOf = (option: Partial<KitOptionInput>): KitOption => ({
  partTypeId: option.partTypeId ?? null,
  category: option.category ?? null,
  keyword: option.keyword ?? null,
  position: option.position ?? null,
});

const lineOf = (line: Partial<KitLineInput>): KitLine => ({
  label: line.label ?? '',
  ...optionOf(line),
  quantity: line.quantity ?? 1,
  perCylinder: Boolean(line.perCylinder),
  alternatives: (line.alternatives ?? []).map(optionOf),
});

/** Leaves out nulls, false and empty lists, as the model keeps absent fields. */
const present = <T extends object>(fields: T) =>
  Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== null && value !== false && !(Array.isArray(value) && !value.length)),
  );

export function toKitDTO(kit: LeanKit): JobKitDTO {
  return {
    _id: String(kit._id),
    name: kit.name,
    lines: (kit.lines ?? []).map((line) => lineOf(line as Partial<KitLineInput>)),
    position: kit.position ?? 0,
    createdAt: iso(kit.createdAt)!,
    updatedAt: iso(kit.updatedAt)!,
  };
}

/** What a kit stores for its name and lines. */
export function storedKit(input: Pick<KitInput, 'name' | 'lines'>) {
  return {
    name: input.name,
    nameKey: input.name.toLowerCase(),
    lines: input.lines.map((line) => {
      const { alternatives, ...fields } = lineOf(line);
      return present({ ...fields, alternatives: alternatives.map(present) });
    }),
  };
}

const kitTarget = (kit: JobKitDTO) => ({ kind: 'job-kit' as const, id: kit._id, label: kit.name });
const audited = ({ name, lines, position }: JobKitDTO) => ({ name, lines, position });

function kitId(id: string): Types.ObjectId {
  if (!OBJECT_ID_PATTERN.test(id)) throw new NotFoundError(KIT_NOT_FOUND);
  return new Types.ObjectId(id);
}

/** Refused by the unique name index: E11000, or FerretDB v1's SQLite constraint error on update. */
async function writeKit<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isDuplicateKey(error) || (error instanceof Error && /UNIQUE constraint failed: index 'jobkits_/.test(error.message)))
      throw new ConflictError(KIT_TAKEN).withField('name');
    throw error;
  }
}

/** Every job, in the admin's order (the storefront's too). */
export async function readKits(): Promise<JobKitDTO[]> {
  await connectDb();
  const kits = await JobKit.find().sort({ position: 1, createdAt: 1 }).limit(MAX_KITS).lean<LeanKit[]>();
  return kits.map(toKitDTO);
}

export async function listKits(actor: Admin): Promise<JobKitDTO[]> {
  assertAdmin(actor);
  return readKits();
}

async function getKit(id: string): Promise<JobKitDTO> {
  await connectDb();
  const kit = await JobKit.findById(kitId(id)).lean<LeanKit>();
  if (!kit) throw new NotFoundError(KIT_NOT_FOUND);
  return toKitDTO(kit);
}

export async function createKit(actor: Admin, input: KitInput): Promise<JobKitDTO> {
  assertAdmin(actor);
  await connectDb();
  const created = await writeKit(() => JobKit.create({ ...storedKit(input), position: input.position ?? 0 }));
  const kit = await getKit(String(created._id));
  await recordAudit(actor, { action: 'kit.create', target: kitTarget(kit), after: audited(kit) });
  return kit;
}

export async function updateKit(actor: Admin, id: string, patch: KitPatchInput): Promise<JobKitDTO> {
  assertAdmin(actor);
  const before = await getKit(id);
  const merged = { name: patch.name ?? before.name, lines: patch.lines ?? before.lines };
  const set = { ...storedKit(merged as KitInput), position: patch.position ?? before.position };
  const result = await writeKit(() => JobKit.updateOne({ _id: kitId(id) }, { $set: set }, { runValidators: true }));
  if (!result.matchedCount) throw new NotFoundError(KIT_NOT_FOUND);
  const after = await getKit(id);
  const changes = changedFields(audited(before), audited(after));
  if (Object.keys(changes.before).length) await recordAudit(actor, { action: 'kit.update', target: kitTarget(after), ...changes });
  return after;
}

export async function deleteKit(actor: Admin, id: string): Promise<{ deletedCount: number }> {
  assertAdmin(actor);
  const kit = await getKit(id);
  const result = await JobKit.deleteOne({ _id: kitId(id) });
  if (result.deletedCount) await recordAudit(actor, { action: 'kit.delete', target: kitTarget(kit), before: audited(kit) });
  return { deletedCount: result.deletedCount };
}
