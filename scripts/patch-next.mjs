// Run after every install (package.json "postinstall"): one change to Next.js's app-page runtime.
//
// On every request of a dynamic page (a part page, /parts/[id]), the runtime's route module calls
// getServerUtils (next/dist/server/server-utils.js), which builds the route's regular expressions
// and matcher again from the page's path: about 35 µs of a cached part page's 1 ms of CPU here, about
// half of its gap to a static page (npm run bench). Its result depends only on the page and the
// build's manifests, and the request handling reads it without changing it, so the patched runtime
// keeps it per page on the route module, made on the page's first request.
//
// Found: patched. Already patched: left alone. Not found (another Next.js version): a warning, the
// install goes on unpatched, and tests/next-patch.test.ts fails until this file knows that version.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The runtimes a `next build` (Turbopack) of this app uses in production. */
export const RUNTIMES = [
  'node_modules/next/dist/compiled/next-server/app-page-turbo.runtime.prod.js',
  'node_modules/next/dist/compiled/next-server/app-page-turbo-experimental.runtime.prod.js',
];

// Next.js 16.4.5, minified: `A = getServerUtils({...})`, the function written in place.
export const CALL_START = 'A=function({page:e,i18n:t,basePath:r,rewrites:n,pageIsDynamic:i,trailingSlash:s,caseSensitive:o}){';
export const CALL_END =
  '}({page:E,i18n:y,basePath:g,rewrites:v,pageIsDynamic:C,trailingSlash:process.env.__NEXT_TRAILING_SLASH,caseSensitive:!!h.caseSensitive})';
/** The marker the patched text carries: the route module's map of server utilities per page. */
export const MARKER = '__shopServerUtils';
/** CALL_START with the call looked up in, and stored to, the route module's map first (CALL_END gains the closing parenthesis). */
const PATCHED_START = `A=(this.${MARKER}??=new Map).get(E)??(u=>(this.${MARKER}.set(E,u),u))(${CALL_START.slice('A='.length)}`;

const count = (text, part) => text.split(part).length - 1;

/**
 * The runtime's text with getServerUtils's result kept per page, and what was done:
 * 'patched', 'already' (the marker is there) or 'missing' (the code is not the one this patch knows).
 * @param {string} source
 * @returns {{ text: string; state: 'patched' | 'already' | 'missing' }}
 */
export function patchRuntime(source) {
  if (source.includes(MARKER)) return { text: source, state: 'already' };
  if (count(source, CALL_START) !== 1 || count(source, CALL_END) !== 1 || source.indexOf(CALL_START) > source.indexOf(CALL_END))
    return { text: source, state: 'missing' };
  return { text: source.replace(CALL_START, PATCHED_START).replace(CALL_END, `${CALL_END})`), state: 'patched' };
}

/** Patches the runtimes installed under `root` (npm runs lifecycle scripts in the package's directory). */
function main(root = process.cwd()) {
  for (const relative of RUNTIMES) {
    const file = path.join(root, relative);
    let source;
    try {
      source = readFileSync(file, 'utf8');
    } catch {
      console.warn(`[patch-next] ${relative} not found: not patched`);
      continue;
    }
    const { text, state } = patchRuntime(source);
    if (state === 'patched') writeFileSync(file, text);
    if (state === 'missing')
      console.warn(`[patch-next] ${relative}: not the code this patch knows (another Next.js version?): not patched`);
    else console.log(`[patch-next] ${relative}: ${state === 'patched' ? 'patched' : 'already patched'}`);
  }
}

if (process.argv[1]?.endsWith(`${path.sep}patch-next.mjs`)) main();
