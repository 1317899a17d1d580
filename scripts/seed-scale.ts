import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeSeed, seedDemo } from '@/db/seed';
import { seedScale } from '@/db/scale';
import { connectDb, disconnectDb } from '@/lib/platform/db';
import { Part, Review, StockMove } from '@/models';
import { prepareEnvironment } from './app-runner';
import { benchSeedEnv } from './bench/accounts';

/** `npm run seed:scale -- --parts 100000 --reviews 5000 [--data-dir .data/scale] [--batch 1000] [--force]`: the bench's big catalog. */
const { values: flags } = parseArgs({
  options: {
    parts: { type: 'string', default: '100000' },
    reviews: { type: 'string', default: '5000' },
    batch: { type: 'string', default: '1000' },
    'data-dir': { type: 'string', default: path.join('.data', 'scale') },
    force: { type: 'boolean', default: false },
  },
});

function count(name: string, value: string, min: number): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min) throw new Error(`--${name} must be a whole number from ${min}`);
  return parsed;
}

async function main(): Promise<void> {
  const parts = count('parts', flags.parts, 0);
  const reviews = count('reviews', flags.reviews, 0);
  const batch = count('batch', flags.batch, 1);
  process.env.SHOP_DATA_DIR = path.resolve(flags['data-dir']);
  // The benchmark signs in with these: the data directory's demo accounts get them.
  for (const [name, value] of Object.entries(benchSeedEnv())) process.env[name] ??= value;

  // A batch job, not a request: counting 100,000 parts on FerretDB takes longer than a page's query may.
  process.env.MONGODB_MAX_TIME_MS ??= '120000';
  const db = await prepareEnvironment();
  try {
    await connectDb();
    // countDocuments, not estimatedDocumentCount: FerretDB v1.24 drops the connection on the latter (a `count` command).
    const existing = await Part.countDocuments();
    if (existing > 0 && !flags.force) {
      throw new Error(`${process.env.SHOP_DATA_DIR} already has ${existing} parts: use another --data-dir, or --force to add more`);
    }
    const started = performance.now();
    // The demo catalog and accounts first: looking its parts up by name is quick while the catalog is small.
    describeSeed(await seedDemo());
    let lastLog = 0;
    const report = await seedScale({
      parts,
      reviews,
      batch,
      onProgress: (progress) => {
        if (performance.now() - lastLog < 5000) return;
        lastLog = performance.now();
        console.log(
          `[seed:scale] ${progress.parts} parts, ${progress.reviews} reviews written (${((performance.now() - started) / 1000).toFixed(0)} s)`,
        );
      },
    });
    const [partCount, moveCount, reviewCount] = await Promise.all([
      Part.countDocuments(),
      StockMove.countDocuments(),
      Review.countDocuments(),
    ]);
    console.log(
      `[seed:scale] wrote ${report.parts} parts, ${report.stockMoves} opening stock moves and ${report.reviews} reviews in ${(report.ms / 1000).toFixed(1)} s ` +
        `(${Math.round(report.parts / Math.max(report.ms / 1000, 0.001))} parts/s); total ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    console.log(`[seed:scale] ${process.env.SHOP_DATA_DIR} now holds ${partCount} parts, ${moveCount} stock moves, ${reviewCount} reviews`);
  } finally {
    await disconnectDb();
    await db.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
