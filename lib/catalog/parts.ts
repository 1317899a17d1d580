import 'server-only';
import { Types } from 'mongoose';
import { asWritten, changedFields, recordAudit } from '@/lib/audit';
import { assertAdmin, type Actor } from '@/lib/auth';
import { catalogChanged } from '@/lib/catalog/changes';
import { connectDb } from '@/lib/platform/db';
import { NotFoundError, ValidationError, isDuplicateKey } from '@/lib/core/errors';
import { parseObjectId } from '@/lib/core/ids';
import { interchangeWithKeys, normalizePartNumber } from '@/lib/catalog/part-numbers';
import { applyStockMove, recordOpeningStock } from '@/lib/stock';
import type { FitWarningDTO, PartDTO } from '@/lib/catalog/types';
import { isMinimumAboveAvailable, MINIMUM_ABOVE_AVAILABLE, type PartInput, type PartUpdate } from '@/lib/validations/parts';
import { checkFitment } from '@/lib/vehicles';
import { readByIds } from '@/lib/platform/by-id';
import { Order, OrderIntent, Part, PartFitWarnings } from '@/models';
import type { PartDoc } from '@/models/part';
import { readFitment, readFitments, removeFitment, replaceFitment, type FitmentRowDoc } from './fitment-store';
import { fitmentRowDTO } from './fitment';

/** Parts: reads and admin changes; every change is audited, expires its pages and goes to the catalog log for every search index. */
export type { PartDTO };

export type LeanPart = PartDoc & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };

export function toPartDTO(part: LeanPart, fitment: readonly FitmentRowDoc[], fitWarnings: readonly FitWarningDTO[] = []): PartDTO {
  return {
    _id: String(part._id),
    name: part.name,
    description: part.description,
    price: part.price,
    img: part.img,
    category: part.category ?? null,
    brand: part.brand ?? null,
    partNumber: part.partNumber ?? null,
    oemNumbers: part.oemNumbers ?? [],
    interchange: (part.interchange ?? []).map(({ brand, number, kind }) => ({ brand: brand ?? null, number, kind })),
    position: (part.position as PartDTO['position']) ?? null,
    fitment: fitment.map(fitmentRowDTO),
    fitWarnings: fitWarnings.map(({ year, make, model, engine }) => ({ year, make, model, engine: engine ?? null })),
    attributes: (part.attributes ?? []).map((row) => ({ name: row.name, value: row.value, uom: row.uom ?? null })),
    kitComponents: (part.kitComponents ?? []).map((row) => ({
      partNumber: row.partNumber,
      brand: row.brand ?? null,
      quantity: row.quantity,
      description: row.description ?? null,
    })),
    availableQuantity: part.availableQuantity,
    minimumQuantity: part.minimumQuantity,
    unit: (part.unit as PartDTO['unit']) ?? 'piece',
    weightKg: part.weightKg ?? null,
    coreCharge: part.coreCharge || null,
    archived: Boolean(part.archivedAt),
    createdAt: new Date(part.createdAt).toISOString(),
    updatedAt: new Date(part.updatedAt).toISOString(),
  };
}

/** A part for the shop: archived parts are not found (their page answers 404). */
export async function getPart(id: string): Promise<PartDTO> {
  const part = await getPartAnyState(id);
  if (part.archived) throw new NotFoundError('Part not found');
  return part;
}

/** A part whatever its state (the admins' edit page shows archived parts too). */
export async function getPartAnyState(id: string): Promise<PartDTO> {
  const partId = parseObjectId(id, 'Part not found');
  await connectDb();
  const [part, fitment, warnings] = await Promise.all([
    Part.findById(partId).lean<LeanPart>(),
    readFitment(partId),
    PartFitWarnings.findById(partId).lean(),
  ]);
  if (!part) throw new NotFoundError('Part not found');
  return toPartDTO(part, fitment.rows, (warnings?.vehicles ?? []) as FitWarningDTO[]);
}

/** Parts by id, in the order asked, skipping missing and archived ones: the search module's ids become pages. */
export async function getPartsByIds(ids: readonly string[]): Promise<PartDTO[]> {
  await connectDb();
  const partIds = ids.map((id) => parseObjectId(id, 'Part not found'));
  const [parts, fitments, warnings] = await Promise.all([
    Promise.all(partIds.map((id) => Part.findById(id).lean<LeanPart>())),
    readFitments(partIds),
    readByIds<{ _id: Types.ObjectId; vehicles: FitWarningDTO[] }>(PartFitWarnings, partIds),
  ]);
  const warned = new Map(warnings.map((doc) => [String(doc._id), doc.vehicles]));
  return parts
    .filter((part): part is LeanPart => Boolean(part && !part.archivedAt))
    .map((part) => toPartDTO(part, fitments.get(String(part._id))!.rows, warned.get(String(part._id))));
}

type Admin = Pick<Actor, '_id' | 'email' | 'isAdmin'>;

/** What every change of a part does besides the write: pages expire, instances learn of it. */
async function changed(id: string, { listsChange }: { listsChange: boolean }): Promise<void> {
  await catalogChanged([id], { lists: listsChange, search: true });
}

/** Parts written without this module (the demo seed, a data import): every instance learns of them. */
export async function announcePartChanges(ids: readonly string[]): Promise<void> {
  for (const id of ids) await changed(id, { listsChange: true });
}

/** The catalog fields as stored: fitment checked against the vehicle list, the part and interchange numbers' match keys. */
async function catalogFields(input: Partial<PartInput>) {
  const fields: Record<string, unknown> = { ...input };
  // The form's qualifiers are plain text; stored, each is a Qdb qualifier without its id.
  if (input.fitment)
    fields.fitment = (await checkFitment(input.fitment)).map(({ qualifiers, ...row }) => ({
      ...row,
      qualifiers: qualifiers?.length ? qualifiers.map((text) => ({ text })) : undefined,
    }));
  if (input.interchange) fields.interchange = interchangeWithKeys(input.interchange);
  if ('partNumber' in input) fields.partNumberKey = input.partNumber ? normalizePartNumber(input.partNumber) : undefined;
  return fields;
}

type StoredRow = FitmentRowDoc;

/** What the form shows of a row: a row it sends back as it was is the stored row. */
const shownOf = (row: StoredRow) =>
  JSON.stringify(
    [row.make, row.model, row.yearFrom, row.yearTo, row.engine, row.notes, row.position, row.quantity].map((value) => value ?? null),
  ) + JSON.stringify((row.qualifiers ?? []).map((qualifier) => qualifier.text));

/** Rows sent back unchanged keep what the form does not show (VCdb and Qdb ids, the import's source), so a FULL import still replaces them. */
function keepHiddenFields(stored: readonly StoredRow[], rows: StoredRow[]): StoredRow[] {
  const unused = new Map<string, StoredRow[]>();
  for (const row of stored) unused.set(shownOf(row), [...(unused.get(shownOf(row)) ?? []), row]);
  return rows.map((row) => unused.get(shownOf(row))?.shift() ?? row);
}

const PART_NUMBER_TAKEN = 'This part number is already used by another part';
const CLEARABLE_FIELDS = ['brand', 'partNumber', 'position'] as const;

/** The unique index on the normalised number decides (no lookup first: FerretDB v1 would scan every part for it). */
async function writeOrRefuse<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isDuplicateKey(error)) throw new ValidationError(PART_NUMBER_TAKEN, { partNumber: [PART_NUMBER_TAKEN] });
    throw error;
  }
}

/** Adds a product (admins). Its opening stock enters the ledger as a `restock` move by that admin, in the same step. */
export async function createPart(actor: Admin, input: PartInput): Promise<PartDTO> {
  assertAdmin(actor);
  await connectDb();
  const { availableQuantity, ...rest } = input;
  const { fitment, ...fields } = await catalogFields(rest);
  const partId = new Types.ObjectId();
  // The rows first: a part is never shown without the rows it was saved with.
  if (fitment) await replaceFitment(partId, fitment as StoredRow[]);
  const stock = await recordOpeningStock({ partId, quantity: availableQuantity, reason: 'restock', by: actor.email });
  await writeOrRefuse(() => Part.create({ _id: partId, ...fields, ...stock })).catch(async (error: unknown) => {
    await removeFitment(partId);
    throw error;
  });
  const part = await getPart(String(partId));
  await recordAudit(actor, {
    action: 'part.create',
    target: target(part),
    after: { ...auditedFields(part), availableQuantity: part.availableQuantity },
  });
  await changed(part._id, { listsChange: true });
  return part;
}

/** Changes a product (admins). Stock is moved by the difference from the level the admin saw, through the ledger, so orders
 * placed meanwhile stay. */
export async function updatePart(actor: Admin, id: string, input: PartUpdate): Promise<PartDTO> {
  assertAdmin(actor);
  const current = await getPart(id);
  const { availableQuantity, expectedAvailableQuantity, ...rest } = input;
  const delta = availableQuantity === undefined ? 0 : availableQuantity - (expectedAvailableQuantity ?? current.availableQuantity);
  // The create rule, against the stored part: an edit of the stock or the minimum must leave the part buyable.
  const after = { availableQuantity: current.availableQuantity + delta, minimumQuantity: input.minimumQuantity ?? current.minimumQuantity };
  if ((availableQuantity !== undefined || input.minimumQuantity !== undefined) && isMinimumAboveAvailable(after)) {
    throw new ValidationError(MINIMUM_ABOVE_AVAILABLE, { minimumQuantity: [MINIMUM_ABOVE_AVAILABLE] });
  }
  const { fitment, ...fields } = await catalogFields(rest);
  // Looked up only when the number changes (a scan on FerretDB, whose unique index refuses an update without a duplicate-key code).
  const key = fields.partNumberKey as string | undefined;
  if (
    key &&
    key !== normalizePartNumber(current.partNumber ?? '') &&
    (await Part.exists({ partNumberKey: key, _id: { $ne: current._id } }))
  ) {
    throw new ValidationError(PART_NUMBER_TAKEN, { partNumber: [PART_NUMBER_TAKEN] });
  }
  // A blank optional field (sent as '', parsed to undefined) is cleared; a field left out stays as it is.
  const unset: Record<string, ''> = {};
  for (const key of CLEARABLE_FIELDS) {
    if (key in fields && fields[key] === undefined) {
      unset[key] = '';
      delete fields[key];
    }
  }
  if ('partNumber' in unset) {
    unset.partNumberKey = '';
    delete fields.partNumberKey;
  }
  const written = Object.keys(fields).length + Object.keys(unset).length > 0;
  if (written) {
    const update = { ...(Object.keys(fields).length ? { $set: fields } : {}), ...(Object.keys(unset).length ? { $unset: unset } : {}) };
    await writeOrRefuse(() => Part.updateOne({ _id: current._id }, update));
  }
  if (fitment) {
    await replaceFitment(current._id, keepHiddenFields((await readFitment(current._id)).rows, fitment as StoredRow[]));
    fields.fitment = fitment;
  }
  const touched = written || Boolean(fitment);
  if (delta !== 0) {
    // A correction below zero answers 409 with the neutral message ("Only 3 pieces are in stock..."): orders took them meanwhile.
    const move = await applyStockMove({ partId: id, delta, reason: delta > 0 ? 'restock' : 'edit', by: actor.email });
    await recordAudit(actor, {
      action: delta > 0 ? 'stock.restock' : 'stock.correction',
      target: target(current),
      before: { availableQuantity: move.availableQuantity - delta },
      after: { availableQuantity: move.availableQuantity },
    });
  }
  const updated = await getPart(id);
  if (touched) {
    const { before, after: changedAfter } = changedFields(auditedFields(current), auditedFields(asWritten(current, fields, unset)));
    if (Object.keys(before).length)
      await recordAudit(actor, { action: 'part.update', target: target(updated), before, after: changedAfter });
  }
  // A new name, price, category, brand or fitment can move the part in or out of lists, or within them.
  await changed(id, { listsChange: touched });
  return updated;
}

/** Orders or intents holding any of these parts, in their first line's fields or in `lines`. */
const holding = (ids: Types.ObjectId[]) => ({ $or: [{ partId: { $in: ids } }, { 'lines.partId': { $in: ids } }] });

/** How many unpaid, uncancelled orders refer to a part (the delete dialog says so). */
export async function countOpenOrders(partIds: readonly string[]): Promise<Map<string, number>> {
  await connectDb();
  const orders = await Order.find(
    { ...holding(partIds.map((id) => parseObjectId(id))), paid: false, cancelledAt: null },
    { partId: 1, 'lines.partId': 1 },
  ).lean<Array<{ partId: Types.ObjectId; lines?: Array<{ partId: Types.ObjectId }> | null }>>();
  const counts = new Map<string, number>();
  for (const order of orders) {
    const held = new Set([String(order.partId), ...(order.lines ?? []).map((line) => String(line.partId))]);
    for (const id of partIds) if (held.has(id)) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** Deletes a product (admins); one that orders refer to is archived instead, so order and stock records stay. */
export async function deletePart(actor: Admin, id: string): Promise<{ acknowledged: true; deletedCount: number; archived: boolean }> {
  assertAdmin(actor);
  const part = await getPart(id);
  const partId = parseObjectId(id);
  // Archived first, so a placement that reads the part from now on refuses it. One that read it before
  // wrote its intent before that: the intents are looked at before the orders, since an order is stored
  // before its intent is cleared.
  await Part.updateOne({ _id: partId }, { $set: { archivedAt: new Date() } });
  const referenced = Boolean((await OrderIntent.exists(holding([partId]))) || (await Order.exists(holding([partId]))));
  if (referenced) {
    await recordAudit(actor, { action: 'part.archive', target: target(part), before: { archived: false }, after: { archived: true } });
  } else {
    await Part.deleteOne({ _id: partId });
    await removeFitment(partId);
    await recordAudit(actor, { action: 'part.delete', target: target(part), before: auditedFields(part) });
  }
  await changed(id, { listsChange: true });
  return { acknowledged: true, deletedCount: 1, archived: referenced };
}

const target = (part: Pick<PartDTO, '_id' | 'name'>) => ({ kind: 'part' as const, id: part._id, label: part.name });

/** The fields an audit entry records for a part (everything an admin can edit, stock aside). */
function auditedFields(part: PartDTO) {
  const {
    name,
    description,
    price,
    img,
    category,
    brand,
    partNumber,
    oemNumbers,
    interchange,
    position,
    fitment,
    minimumQuantity,
    weightKg,
    coreCharge,
  } = part;
  return {
    name,
    description,
    price,
    img,
    category,
    brand,
    partNumber,
    oemNumbers,
    interchange,
    position,
    fitment,
    minimumQuantity,
    weightKg,
    coreCharge,
  };
}
