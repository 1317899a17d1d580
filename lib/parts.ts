import { Types } from 'mongoose';
import { revalidateCatalog } from '@/lib/cache';
import { TAGS } from '@/lib/constants';
import { connectDb } from '@/lib/db';
import { findPage, type Page, type PageQuery } from '@/lib/pagination';
import { ForbiddenError, NotFoundError } from '@/lib/errors';
import { applyStockMove, recordOpeningStock } from '@/lib/stock';
import type { PartInput, PartUpdate } from '@/lib/validations/parts';
import { Part } from '@/models';
import type { PartDoc } from '@/models/part';

export type PartDTO = {
  _id: string;
  name: string;
  description: string;
  price: number;
  img: string;
  category: string | null;
  availableQuantity: number;
  minimumQuantity: number;
  createdAt: string;
  updatedAt: string;
};

type LeanPart = PartDoc & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };

export function toPartDTO(part: LeanPart): PartDTO {
  return {
    _id: String(part._id),
    name: part.name,
    description: part.description,
    price: part.price,
    img: part.img,
    category: part.category ?? null,
    availableQuantity: part.availableQuantity,
    minimumQuantity: part.minimumQuantity,
    createdAt: new Date(part.createdAt).toISOString(),
    updatedAt: new Date(part.updatedAt).toISOString(),
  };
}

const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/** Parts, newest first. */
export function listParts(query: PageQuery = {}): Promise<Page<PartDTO>> {
  return findPage(Part, NEWEST_FIRST, toPartDTO, query);
}

export async function getPart(id: string): Promise<PartDTO> {
  if (!Types.ObjectId.isValid(id) || !/^[a-f\d]{24}$/i.test(id)) throw new NotFoundError('Part not found');
  await connectDb();
  const part = await Part.findById(id).lean<LeanPart>();
  if (!part) throw new NotFoundError('Part not found');
  return toPartDTO(part);
}

/** Every part's id and last change, for the sitemap. */
export async function listPartIds(): Promise<Array<{ _id: string; updatedAt: string }>> {
  await connectDb();
  const parts = await Part.find({}, { updatedAt: 1 }).sort(NEWEST_FIRST).limit(50000).lean<LeanPart[]>();
  return parts.map((part) => ({ _id: String(part._id), updatedAt: new Date(part.updatedAt).toISOString() }));
}

type Admin = { email: string; isAdmin: boolean };

function assertAdmin(actor: Admin): void {
  if (!actor.isAdmin) throw new ForbiddenError('Admins only');
}

function revalidatePart(id: string): void {
  revalidateCatalog(TAGS.parts, TAGS.part(id));
}

/** Adds a product (admins). Its opening stock enters the ledger as a `restock` move by that admin, in the same step. */
export async function createPart(actor: Admin, input: PartInput): Promise<PartDTO> {
  assertAdmin(actor);
  await connectDb();
  const { availableQuantity, ...fields } = input;
  const partId = new Types.ObjectId();
  const stock = await recordOpeningStock({ partId, quantity: availableQuantity, reason: 'restock', by: actor.email });
  await Part.create({ _id: partId, ...fields, ...stock });
  revalidatePart(String(partId));
  return getPart(String(partId));
}

/**
 * Changes any field of a product (admins). A new stock level is never written over the old one:
 * the difference from the level the admin saw (expectedAvailableQuantity, else the current one)
 * goes through the ledger as a `restock` (up) or `edit` (down) move, so orders placed meanwhile stay.
 */
export async function updatePart(actor: Admin, id: string, input: PartUpdate): Promise<PartDTO> {
  assertAdmin(actor);
  const current = await getPart(id);
  const { availableQuantity, expectedAvailableQuantity, ...fields } = input;
  if (Object.keys(fields).length) await Part.updateOne({ _id: id }, { $set: fields });
  if (availableQuantity !== undefined) {
    const delta = availableQuantity - (expectedAvailableQuantity ?? current.availableQuantity);
    if (delta !== 0) await applyStockMove({ partId: id, delta, reason: delta > 0 ? 'restock' : 'edit', by: actor.email });
  }
  revalidatePart(id);
  return getPart(id);
}

/** Deletes a product (admins). Its orders and stock history stay as records. */
export async function deletePart(actor: Admin, id: string): Promise<{ acknowledged: true; deletedCount: number }> {
  assertAdmin(actor);
  const part = await getPart(id);
  const result = await Part.deleteOne({ _id: part._id });
  revalidatePart(id);
  return { acknowledged: true, deletedCount: result.deletedCount };
}
