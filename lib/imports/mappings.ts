import 'server-only';
import { recordAudit } from '@/lib/audit';
import { assertAdmin, type Actor } from '@/lib/auth';
import { connectDb } from '@/lib/platform/db';
import type { CategorySlug } from '@/content/categories';
import type { ImportMappingsInput } from '@/lib/validations/import-mappings';
import { ImportMappings } from '@/models';

/** The admin's import tables (issue 46): brand ids to brands, part types to categories, PCdb position ids to names (ACES),
 * and the price type to import. */

export const IMPORT_MAPPINGS_ID = 'pies';
/** The price type imported until the admin chooses another. */
export const DEFAULT_PRICE_TYPE = 'RET';

export type ImportMappingsDTO = ImportMappingsInput;

type Admin = Pick<Actor, '_id' | 'email' | 'isAdmin'>;

async function readMappings(): Promise<ImportMappingsDTO> {
  await connectDb();
  const stored = await ImportMappings.findById(IMPORT_MAPPINGS_ID).lean();
  return {
    priceType: stored?.priceType ?? DEFAULT_PRICE_TYPE,
    brands: (stored?.brands ?? []).map(({ aaiaId, brand }) => ({ aaiaId, brand })),
    categories: (stored?.categories ?? []).map(({ partTypeId, category }) => ({ partTypeId, category: category as CategorySlug })),
    positions: (stored?.positions ?? []).map(({ positionId, name }) => ({ positionId, name })),
  };
}

export async function getImportMappings(actor: Admin): Promise<ImportMappingsDTO> {
  assertAdmin(actor);
  return readMappings();
}

/** Replaces the tables and the price type; the change is audited with what it was before. */
export async function updateImportMappings(actor: Admin, input: ImportMappingsInput): Promise<ImportMappingsDTO> {
  const before = await getImportMappings(actor);
  await ImportMappings.updateOne({ _id: IMPORT_MAPPINGS_ID }, { $set: input }, { upsert: true });
  const after = await readMappings();
  if (JSON.stringify(before) !== JSON.stringify(after))
    await recordAudit(actor, {
      action: 'import-mappings.update',
      target: { kind: 'settings', id: IMPORT_MAPPINGS_ID, label: 'Import mappings' },
      before,
      after,
    });
  return after;
}

/** The tables as an import reads them: each brand id (upper case) to its brand, each part type to its category, each
 * position id to its name. */
export type MappingTables = {
  priceType: string;
  brands: Map<string, string>;
  categories: Map<number, CategorySlug>;
  positions: Map<number, string>;
};

export async function loadMappingTables(): Promise<MappingTables> {
  const mappings = await readMappings();
  return {
    priceType: mappings.priceType,
    brands: new Map(mappings.brands.map((row) => [row.aaiaId.toUpperCase(), row.brand])),
    categories: new Map(mappings.categories.map((row) => [row.partTypeId, row.category])),
    positions: new Map(mappings.positions.map((row) => [row.positionId, row.name])),
  };
}
