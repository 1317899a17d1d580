import { measureFirstLoad } from './bench/first-load';

/** First-load JavaScript a browser fetches (Next 16's build no longer prints it): `tsx scripts/first-load-js.ts [baseUrl] [path...]`. */
const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);

async function main(): Promise<void> {
  for (const load of await measureFirstLoad(base, paths.length ? paths : ['/'])) {
    console.log(`${load.path}: ${load.scripts} scripts, ${load.rawKb.toFixed(1)} kB (${load.gzipKb.toFixed(1)} kB gzipped)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
