import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The first-load JavaScript of a page of the production build (Next 16 no longer prints it):
 * the root main files plus every chunk the page's client reference manifest lists for its
 * layout, page, loading, error and not-found entries. Usage: tsx scripts/first-load-js.ts [route].
 */
const route = process.argv[2] ?? '/(shop)/(home)/page';
const next = path.resolve('.next');
if (!existsSync(path.join(next, 'BUILD_ID'))) throw new Error('No production build: run `npm run build` first.');

const buildManifest = JSON.parse(readFileSync(path.join(next, 'build-manifest.json'), 'utf8')) as { rootMainFiles: string[] };
const manifestFile = path.join(next, 'server', 'app', `${route}_client-reference-manifest.js`);
const sandbox = { __RSC_MANIFEST: {} as Record<string, { entryJSFiles: Record<string, string[]> }> };
new Function('globalThis', 'self', readFileSync(manifestFile, 'utf8'))(sandbox, sandbox);
const entries = sandbox.__RSC_MANIFEST[route]?.entryJSFiles ?? {};

const files = new Set(buildManifest.rootMainFiles);
for (const [entry, chunks] of Object.entries(entries)) if (!entry.endsWith('/global-error')) chunks.forEach((c) => files.add(c));

let raw = 0;
let gzip = 0;
for (const file of files) {
  const content = readFileSync(path.join(next, file));
  raw += content.length;
  gzip += gzipSync(content, { level: 9 }).length;
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
console.log(`${route}: ${files.size} files, first-load JS ${kb(raw)} (${kb(gzip)} gzipped)`);
