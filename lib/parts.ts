import { Types } from 'mongoose';
import { connectDb } from '@/lib/db';
import { NotFoundError } from '@/lib/errors';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@/lib/constants';
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

export type Page<T> = { items: T[]; total: number; page: number; limit: number };

/** Parts, newest first. */
export async function listParts({ limit = DEFAULT_PAGE_SIZE, page = 1 } = {}): Promise<Page<PartDTO>> {
  await connectDb();
  const size = Math.min(Math.max(limit, 1), MAX_PAGE_SIZE);
  const [parts, total] = await Promise.all([
    Part.find()
      .sort(NEWEST_FIRST)
      .skip((page - 1) * size)
      .limit(size)
      .lean<LeanPart[]>(),
    Part.countDocuments(),
  ]);
  return { items: parts.map(toPartDTO), total, page, limit: size };
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
