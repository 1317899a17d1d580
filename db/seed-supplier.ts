import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { IMPORT_MAPPINGS_ID, runLocalImport, type ImportDTO, type LocalImport } from '@/lib/imports';
import { openStock } from '@/lib/stock';
import { connectDb } from '@/lib/platform/db';
import { ImportMappings, JobMark, Part } from '@/models';

/** The synthetic demo supplier (db/demo-supplier/README.md), loaded through the importer as a shop owner would load theirs. */

export const DEMO_SUPPLIER_DIR = path.join(process.cwd(), 'db', 'demo-supplier');
/** Noted once the supplier is loaded: `npm run seed` does not import it again. */
const LOADED_MARK = 'demo-supplier';

type Tables = { brands: Record<string, string>; categories: Record<string, string>; positions: Record<string, string>; priceType: string };
export type SupplierReport = {
  loaded: boolean;
  imports: Array<Pick<ImportDTO, 'format' | 'fileName' | 'state' | 'counts'>>;
  stocked: number;
};

/** In load order: the vehicle list, the parts, then each brand's fitment. */
const FILES: Array<Pick<LocalImport, 'format' | 'file'>> = [
  { format: 'vcdb', file: 'vcdb.zip' },
  { format: 'pies', file: 'pies-7.2.xml' },
  { format: 'aces', file: 'aces-4.2-kestrel-motive.xml' },
  { format: 'aces', file: 'aces-4.2-ardent-line.xml' },
];

/** The supplier's brand, part type and position tables, unless the shop keeps its own already. */
export async function ensureMappings(tables: Tables): Promise<void> {
  const brands = Object.entries(tables.brands).map(([aaiaId, brand]) => ({ aaiaId, brand }));
  const categories = Object.entries(tables.categories).map(([partTypeId, category]) => ({ partTypeId: Number(partTypeId), category }));
  const positions = Object.entries(tables.positions).map(([positionId, name]) => ({ positionId: Number(positionId), name }));
  await ImportMappings.updateOne(
    { _id: IMPORT_MAPPINGS_ID },
    { $setOnInsert: { priceType: tables.priceType, brands, categories, positions } },
    { upsert: true },
  );
}

/** A demo part's stock: 4 to 40, the same on every machine. */
const demoStock = (partNumber: string) => 4 + (createHash('sha256').update(partNumber).digest().readUInt32BE(0) % 37);

/** Loads the demo supplier once per database: its files through the importer, then opening stock for its parts. */
export async function seedSupplier(dir = DEMO_SUPPLIER_DIR): Promise<SupplierReport> {
  await connectDb();
  if (await JobMark.exists({ _id: LOADED_MARK })) return { loaded: false, imports: [], stocked: 0 };
  const tables = JSON.parse(readFileSync(path.join(dir, 'tables.json'), 'utf8')) as Tables;
  await ensureMappings(tables);
  const imports: SupplierReport['imports'] = [];
  for (const { format, file } of FILES) {
    const report = await runLocalImport({ format, file: path.join(dir, file), options: {}, by: 'demo seed' });
    imports.push({ format: report.format, fileName: report.fileName, state: report.state, counts: report.counts });
    if (report.state !== 'applied') throw new Error(`The demo supplier's ${file} ended ${report.state}: ${report.failure?.reason ?? ''}`);
  }
  const brands = Object.keys(tables.brands);
  const parts = await Part.find({ brandAAIAID: { $in: brands }, stockSeq: 0 }, { partNumber: 1 }).lean();
  const stocked = await openStock(
    parts.map((part) => ({ partId: part._id, quantity: demoStock(part.partNumber ?? '') })),
    'seed',
  );
  await JobMark.create({ _id: LOADED_MARK, upTo: new Date() });
  return { loaded: true, imports, stocked };
}
