import 'server-only';
import type { Model, SortOrder } from 'mongoose';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page, type PageQuery } from '@/lib/core/pagination';
import { connectDb } from '@/lib/platform/db';

/** One page of a collection in a fixed order (at most 100 a page), mapped to plain objects, with the total. */
export async function findPage<Doc, Lean, T>(
  model: Model<Doc>,
  sort: Record<string, SortOrder>,
  toDTO: (doc: Lean) => T,
  { limit = DEFAULT_PAGE_SIZE, page = 1 }: PageQuery = {},
): Promise<Page<T>> {
  await connectDb();
  const size = Math.min(Math.max(limit, 1), MAX_PAGE_SIZE);
  const [docs, total] = await Promise.all([
    model
      .find()
      .sort(sort)
      .skip((page - 1) * size)
      .limit(size)
      .lean<Lean[]>(),
    model.countDocuments(),
  ]);
  return { items: docs.map(toDTO), total, page, limit: size };
}
