import { count, create, insertMultiple, search as oramaSearch } from '@orama/orama';
import MiniSearch from 'minisearch';
import { parseArgs } from 'node:util';
import { scaleParts } from '@/db/scale';
import { MemoryIndex } from '@/lib/catalog/search/memory-index';
import { processTerm, prefixAllowed, tokenize, typosAllowed } from '@/lib/catalog/search/text';
import type { IndexedPart } from '@/lib/catalog/search/types';
import { searchQuerySchema } from '@/lib/validations/search';

/**
 * `npm run bench:search`: the two maintained in-process search libraries the catalog issue names,
 * MiniSearch and Orama, on the generated catalog (100,000 parts by default, the same generator as
 * `npm run seed:scale`): index build time, heap after the build, and the median and p95 of the
 * catalog's queries. Also the shop's own index (lib/catalog/search/memory-index.ts: MiniSearch plus columns
 * for filters, facets and sorted lists). Run with `node --expose-gc` (the npm script does) so the
 * heap figures are measured after a collection.
 */
const { values: flags } = parseArgs({ options: { parts: { type: 'string', default: '100000' }, runs: { type: 'string', default: '30' } } });
const PARTS = Number(flags.parts);
const RUNS = Number(flags.runs);

const gc = (globalThis as { gc?: () => void }).gc;
function heapMb(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed / 1024 ** 2;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

type Query = { label: string; text?: string; category?: string; inStock?: boolean; sort?: 'price-asc' };
const QUERIES: Query[] = [
  { label: 'q=brake pads', text: 'brake pads' },
  { label: 'q=radiatr (typo)', text: 'radiatr' },
  { label: 'brakes, in stock, by price', category: 'brakes', inStock: true, sort: 'price-asc' },
  { label: 'q=filter, filters, in stock', text: 'filter', category: 'filters', inStock: true },
];

type Engine = { name: string; build(parts: IndexedPart[]): void; run(query: Query): number };

function miniSearchEngine(): Engine {
  let index: MiniSearch<IndexedPart & { oem: string }>;
  let byId = new Map<string, IndexedPart>();
  return {
    name: 'MiniSearch 7 (every part a document)',
    build(parts) {
      index = new MiniSearch({
        idField: '_id',
        fields: ['name', 'brand', 'category', 'partNumber', 'oem'],
        tokenize,
        processTerm,
        searchOptions: { boost: { name: 3, brand: 2 }, fuzzy: typosAllowed, prefix: prefixAllowed, combineWith: 'AND' },
      });
      index.addAll(parts.map((part) => ({ ...part, oem: part.oemNumbers.join(' ') })));
      byId = new Map(parts.map((part) => [part._id, part]));
    },
    run(query) {
      // MiniSearch has no filters on fields it does not index, facets or sorted lists: done by hand here.
      const keep = (part: IndexedPart) =>
        (!query.category || part.category === query.category) && (!query.inStock || part.availableQuantity > 0);
      let hits = query.text ? index.search(query.text).map((hit) => byId.get(String(hit.id))!) : [...byId.values()];
      hits = hits.filter(keep);
      if (query.sort) hits.sort((a, b) => a.price - b.price);
      const facets = new Map<string, number>();
      for (const part of hits) facets.set(part.brand, (facets.get(part.brand) ?? 0) + 1);
      return hits.length;
    },
  };
}

function oramaEngine(): Engine {
  const schema = {
    name: 'string',
    brand: 'string',
    category: 'enum',
    categoryText: 'string',
    partNumber: 'string',
    oem: 'string',
    price: 'number',
    inStock: 'boolean',
    createdAt: 'number',
  } as const;
  let db = create({ schema });
  return {
    name: 'Orama 3',
    build(parts) {
      db = create({ schema });
      void insertMultiple(
        db,
        parts.map((part) => ({
          id: part._id,
          name: part.name,
          brand: part.brand,
          category: part.category,
          categoryText: part.category,
          partNumber: part.partNumber,
          oem: part.oemNumbers.join(' '),
          price: part.price,
          inStock: part.availableQuantity > 0,
          createdAt: part.createdAt,
        })),
        5000,
      );
      if (count(db) !== parts.length) throw new Error(`Orama indexed ${String(count(db))} of ${parts.length}`);
    },
    run(query) {
      const result = oramaSearch(db, {
        term: query.text ?? '',
        properties: ['name', 'brand', 'categoryText', 'partNumber', 'oem'],
        tolerance: query.text && query.text.length >= 5 ? 1 : 0,
        where: {
          ...(query.category ? { category: { eq: query.category } } : {}),
          ...(query.inStock ? { inStock: true } : {}),
        },
        ...(query.sort ? { sortBy: { property: 'price', order: 'ASC' as const } } : {}),
        facets: { brand: {}, category: {} },
        limit: 24,
      });
      if (result instanceof Promise) throw new Error('Orama answered asynchronously');
      return result.count;
    },
  };
}

function shopEngine(): Engine {
  const index = new MemoryIndex();
  return {
    name: 'the shop (MiniSearch + columns)',
    build(parts) {
      index.build(parts);
    },
    run(query) {
      return index.search(
        searchQuerySchema.parse({
          q: query.text,
          category: query.category,
          inStock: query.inStock ? 'true' : undefined,
          sort: query.sort,
        }),
      ).total;
    },
  };
}

function toIndexed(row: ReturnType<typeof scaleParts> extends Generator<infer R> ? R : never): IndexedPart {
  return {
    _id: String(row._id),
    name: row.name as string,
    brand: row.brand as string,
    category: row.category as string,
    partNumber: row.partNumber as string,
    oemNumbers: row.oemNumbers as string[],
    price: row.price as number,
    availableQuantity: row.availableQuantity,
    createdAt: row.createdAt.getTime(),
    updatedAt: (row.updatedAt as Date).getTime(),
    fitment: row.fitment as IndexedPart['fitment'],
  };
}

function main(): void {
  if (!gc) console.warn('[bench:search] run with node --expose-gc for exact heap figures');
  const parts = Array.from(scaleParts(PARTS), toIndexed);
  console.log(`[bench:search] ${parts.length.toLocaleString('en-US')} generated parts, ${RUNS} runs of each query\n`);
  const rows: string[] = [];
  for (const make of [miniSearchEngine, oramaEngine, shopEngine]) {
    const engine = make();
    const before = heapMb();
    const started = performance.now();
    engine.build(parts);
    const buildMs = performance.now() - started;
    const heap = heapMb() - before;
    const cells: string[] = [];
    for (const query of QUERIES) {
      const times: number[] = [];
      let hits = 0;
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        hits = engine.run(query);
        times.push(performance.now() - t0);
      }
      cells.push(`${query.label}: ${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)} ms (${hits} hits)`);
    }
    rows.push(
      `${engine.name}\n  build ${(buildMs / 1000).toFixed(1)} s, heap ${heap.toFixed(0)} MB\n  median / p95: ${cells.join('\n                ')}`,
    );
    console.log(rows.at(-1));
  }
}

main();
