import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SEED } from './demo-supplier/data';
import { writeDemo, writeScale } from './demo-supplier/write';

/** `npx tsx scripts/demo-supplier.ts`: writes the synthetic demo supplier into db/demo-supplier; `--scale DIR`: the bench's large one. */
const HELP = `Usage: npx tsx scripts/demo-supplier.ts [--out DIR] [--scale DIR]
  --out DIR     where the demo files go (default db/demo-supplier)
  --scale DIR   instead, the bench's supplier (200,000 parts, 20,000 base vehicles, 200,000 and 2,000,000 Apps; about 1 GB): never commit it`;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' }, scale: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help) return console.log(HELP);
  const started = performance.now();
  const dir = path.resolve(values.scale ?? values.out ?? 'db/demo-supplier');
  mkdirSync(dir, { recursive: true });
  if (values.scale) await writeScale(dir, console.log);
  else {
    const written = await writeDemo(dir);
    console.log(`[demo-supplier] ${written.parts} parts, ${written.vehicles} base vehicles, ${written.apps.join(' + ')} Apps`);
  }
  console.log(`[demo-supplier] seed ${SEED}, written to ${dir} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
