import 'server-only';
import { tagCatalogRead } from '@/lib/platform/cache';
import { connectDb } from '@/lib/platform/db';
import { isBuildWithoutDatabase } from '@/lib/platform/env';
import { normalizePartNumber } from '@/lib/catalog/part-numbers';
import { TAGS } from '@/lib/catalog/tags';
import type { KitComponentDTO } from '@/lib/catalog/types';
import { Part } from '@/models';

/**
 * The shop's part for each kit component (its id, or null when the shop sells none): the same normalised number,
 * and the same brand when both name one. Cached under the catalog's tag, which a part added or removed expires.
 */
export async function kitComponentPartIds(components: KitComponentDTO[]): Promise<Array<string | null>> {
  'use cache';
  tagCatalogRead(TAGS.catalog);
  if (!components.length || isBuildWithoutDatabase()) return components.map(() => null);
  await connectDb();
  const keys = components.map((component) => normalizePartNumber(component.partNumber));
  const parts = await Part.find({ partNumberKey: { $in: keys }, archivedAt: null }, { _id: 1, partNumberKey: 1, brand: 1 }).lean();
  const sameBrand = (a?: string | null, b?: string | null) => !a || !b || a.toLowerCase() === b.toLowerCase();
  return components.map((component, index) => {
    const part = parts.find((candidate) => candidate.partNumberKey === keys[index] && sameBrand(candidate.brand, component.brand));
    return part ? String(part._id) : null;
  });
}
