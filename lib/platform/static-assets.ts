import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { compressBest, pickEncoding, type Encoding } from '@/lib/platform/compression';

/**
 * The build's scripts and styles (`/_next/static/…`: named by their content, never changed) sent
 * compressed once instead of on every response. Compressed anew for every response, the largest
 * script (230 kB) cost the server 5 ms a download, so a new visitor's first page cost some 15 ms of
 * its time against 0.6 ms for the cached page itself. The first request for a file goes to Next.js
 * (and lib/platform/compression.ts) and starts compressing it (compressBest, off the main thread); from then on the
 * compressed bytes are sent from memory. Brotli is also 15% smaller than gzip for these files.
 * Anything else (a range, a conditional request, a client that takes neither encoding, a file not
 * found) stays Next.js's to answer.
 *
 * A method other than GET and HEAD on a static file gets 405 here: Next.js means to answer it so, but
 * renders a `/405` page for it that an App Router build does not have, and answers 500.
 */

const PREFIX = '/_next/static/';
const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
  '.json': 'application/json; charset=UTF-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=UTF-8',
};
/** The memory kept for compressed files (each process keeps its own; a build's files are far fewer). */
const MAX_KEPT_BYTES = 32 * 1024 * 1024;

type Compressed = { type: string } & Record<Encoding, Buffer>;

/** A request URL's path, without its query or fragment. */
export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** The URL paths of the files in a public directory (`/images/hero.svg`), read once at the start. */
export function publicFilePaths(dir: string, prefix = ''): Set<string> {
  const paths = new Set<string>();
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return paths;
  }
  for (const entry of entries) {
    const urlPath = `${prefix}/${entry.name}`;
    if (entry.isFile()) paths.add(urlPath);
    else if (entry.isDirectory()) for (const inner of publicFilePaths(path.join(dir, entry.name), urlPath)) paths.add(inner);
  }
  return paths;
}

function decoded(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** The file under `root` a request path names, or null for anything but a plain relative name. */
function fileFor(root: string, pathname: string): string | null {
  if (!pathname.startsWith(PREFIX)) return null;
  const relative = pathname.slice(PREFIX.length);
  // Build output names are plain: no escapes, no dot segments, no backslashes, no empty segments.
  if (!relative || /[%\\]/.test(relative) || relative.split('/').some((segment) => segment === '' || segment === '.' || segment === '..'))
    return null;
  if (!TYPES[path.extname(relative)]) return null;
  return path.join(root, relative);
}

export type StaticAssets = {
  /** True when it answered the request; false leaves it to Next.js. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  /** Resolves once the compressions started so far are done (tests, and a clean stop). */
  settled(): Promise<void>;
};

/**
 * `root`: the build's `static` directory. `headers`: what every response carries besides its own
 * (the configuration's header rule for every path: nosniff and the like). `publicPaths`: the public
 * directory's files (publicFilePaths), which only answer GET and HEAD too.
 */
export function createStaticAssets(
  root: string,
  headers: Array<{ key: string; value: string }> = [],
  publicPaths: ReadonlySet<string> = new Set(),
): StaticAssets {
  const ready = new Map<string, Compressed>();
  const pending = new Map<string, Promise<void>>();
  let keptBytes = 0;

  const compress = (file: string): void => {
    if (pending.has(file) || keptBytes >= MAX_KEPT_BYTES) return;
    const job = (async () => {
      try {
        const { br, gzip } = await compressBest(await readFile(file));
        if (keptBytes + br.length + gzip.length > MAX_KEPT_BYTES) return;
        keptBytes += br.length + gzip.length;
        ready.set(file, { type: TYPES[path.extname(file)]!, br, gzip });
      } catch {
        // Not a readable file (Next.js answers 404): nothing to keep, and asked again it tries again.
      } finally {
        pending.delete(file);
      }
    })();
    pending.set(file, job);
  };

  return {
    handle(req, res) {
      const pathname = pathOf(req.url ?? '/');
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        if (!pathname.startsWith(PREFIX) && !publicPaths.has(decoded(pathname))) return false;
        const text = 'Method Not Allowed';
        for (const { key, value } of headers) res.setHeader(key, value);
        res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
        res.end(text);
        return true;
      }
      const file = fileFor(root, pathname);
      if (!file) return false;
      if (req.headers.range || req.headers['if-none-match'] || req.headers['if-modified-since']) return false;
      const encoding = pickEncoding(req.headers['accept-encoding']);
      if (!encoding) return false;
      const compressed = ready.get(file);
      if (!compressed) {
        compress(file);
        return false;
      }
      const body = compressed[encoding];
      for (const { key, value } of headers) res.setHeader(key, value);
      res.writeHead(200, {
        'Content-Type': compressed.type,
        'Content-Encoding': encoding,
        'Content-Length': body.length,
        'Cache-Control': 'public, max-age=31536000, immutable',
        Vary: 'Accept-Encoding',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    },
    async settled() {
      await Promise.all(pending.values());
    },
  };
}
