import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import compression from 'compression';

/**
 * What the shop's server sends compressed, and how (scripts/serve.ts, in front of Next.js, whose own
 * response compression is off in next.config.mjs: it knows gzip only and compresses every response anew).
 * - Every compressible response goes out gzipped per response (the `compression` middleware; streamed
 *   pages flush as they go), or as brotli to a client that takes nothing else.
 * - A long text sent whole (`res.end(html)`: a page or its data from the cache, the same string for
 *   every visitor) is kept with its bytes: UTF-8 at once, a quick brotli for the first browser that
 *   takes it, brotli at its best and gzip once it is sent again (off the main thread). Those bytes are
 *   sent as they are. Gzipping `/` (77 kB) for every response halved the requests a second a browser's
 *   visits could get; and its best brotli is 10 kB, against 14.7 kB of gzip: the page fits the first
 *   round trip of a new connection.
 */

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to send for an Accept-Encoding header: the first of `preferred` it takes (brotli, else
 * gzip), else none (q=0 refuses one).
 */
export function pickEncoding(header: string | undefined, preferred: readonly Encoding[] = ['br', 'gzip']): Encoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weight = (name: Encoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
  return preferred.find((name) => weight(name) > 0) ?? null;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** `bytes` in brotli and gzip at their smallest, off the main thread (some 80 ms of a worker for 77 kB). */
export async function compressBest(bytes: Buffer): Promise<Record<Encoding, Buffer>> {
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gzip: gz };
}

/** Texts at least this long are kept with their bytes (a cached page; smaller answers cost little to encode). */
const KEPT_TEXT_MIN = 16 * 1024;
const KEPT_BYTES_MAX = 16 * 1024 * 1024;
/** The longest text given a quick brotli on the main thread (some 1 ms per 77 kB). */
const QUICK_BROTLI_MAX = 512 * 1024;

/** `best`: br and gzip are compressBest's; before that br may be a quick one (quickBrotli). */
type KeptText = { utf8: Buffer; br?: Buffer; gzip?: Buffer; best?: boolean };

export type KeptTexts = {
  /** The text's entry, kept (and its best compression started on its second send) within the budget. */
  get(text: string): KeptText;
  /**
   * Gives the entry a brotli at once if it has none: quality 5, about 1 ms for 77 kB on the main thread
   * and 12% larger than the best, against 25% for per-response gzip (`/`: 11.6 kB, in the first round
   * trip of a new connection, where 14.7 kB of gzip is not). The best replaces it from the second send.
   */
  quickBrotli(text: string, entry: KeptText): void;
  /** Resolves once the compressions started so far are done (tests). */
  settled(): Promise<void>;
};

/**
 * The bytes of the long texts sent lately, by text, the least recently used out past `maxBytes` (the
 * text and all its bytes counted). A text from the cache is the same string every time, whose hash V8
 * keeps: finding its bytes costs a lookup. One compression runs at a time; a text sent while another
 * is being compressed tries again on its next send, so many pages each sent twice (a crawler) cost no
 * more than one worker.
 */
export function createKeptTexts(maxBytes = KEPT_BYTES_MAX): KeptTexts {
  const kept = new Map<string, KeptText>();
  let size = 0;
  let compressing: Promise<void> | null = null;
  const sizeOf = (text: string, entry: KeptText) => text.length + entry.utf8.length + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0);
  const trim = () => {
    for (const [oldest, entry] of kept) {
      if (size <= maxBytes) break;
      kept.delete(oldest);
      size -= sizeOf(oldest, entry);
    }
  };
  /** Changes a kept entry's bytes, counted again, and marks it used. */
  const resize = (text: string, entry: KeptText, change: () => void) => {
    size -= sizeOf(text, entry);
    change();
    size += sizeOf(text, entry);
    kept.delete(text);
    kept.set(text, entry);
    trim();
  };
  const compress = (text: string, entry: KeptText) => {
    compressing = compressBest(entry.utf8)
      .then((compressed) => {
        if (kept.get(text) !== entry) return; // pushed out meanwhile
        resize(text, entry, () => Object.assign(entry, compressed, { best: true }));
      })
      .catch(() => {
        // zlib failed (out of memory): the text goes out compressed per response, as any other.
      })
      .finally(() => {
        compressing = null;
      });
  };
  return {
    get(text) {
      let entry = kept.get(text);
      if (entry) {
        kept.delete(text);
        kept.set(text, entry);
        if (!entry.best && !compressing) compress(text, entry);
        return entry;
      }
      entry = { utf8: Buffer.from(text, 'utf8') };
      if (sizeOf(text, entry) > maxBytes) return entry;
      kept.set(text, entry);
      size += sizeOf(text, entry);
      trim();
      return entry;
    },
    quickBrotli(text, entry) {
      // A text not kept, or so long it would hold the main thread (over 7 ms), is left to the middleware.
      if (entry.br || entry.utf8.length > QUICK_BROTLI_MAX || kept.get(text) !== entry) return;
      resize(text, entry, () => {
        entry.br = zlib.brotliCompressSync(entry.utf8, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.utf8.length },
        });
      });
    },
    async settled() {
      while (compressing) await compressing;
    },
  };
}

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * The middleware's own test of the type (`compressible`), after a type Next.js set as a one-value list
 * (its route handlers do: `['application/json']`, which the test takes for no type at all) is made a
 * plain value, as it goes out anyway.
 */
function compressibleType(req: unknown, res: ServerResponse): boolean {
  const type = res.getHeader('Content-Type');
  if (Array.isArray(type) && type.length === 1) res.setHeader('Content-Type', type[0]!);
  return compression.filter(req as never, res as never);
}
const nodeEnd = http.ServerResponse.prototype.end as (this: ServerResponse, ...args: unknown[]) => ServerResponse;

/**
 * The kept compressed bytes `res` may send for `text`, with their encoding (a brotli made at once if
 * there is none yet); null to let the middleware decide.
 */
function keptEncoding(req: IncomingMessage, res: ServerResponse, texts: KeptTexts, text: string, entry: KeptText): Encoding | null {
  if (req.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304) return null;
  if (res.getHeader('Content-Encoding') || NO_TRANSFORM.test(String(res.getHeader('Cache-Control') ?? ''))) return null;
  if (!compressibleType(req, res)) return null;
  const encoding = pickEncoding(req.headers['accept-encoding']);
  if (encoding === 'br') texts.quickBrotli(text, entry);
  return encoding && entry[encoding] ? encoding : null;
}

function addVary(res: ServerResponse): void {
  const vary = String(res.getHeader('Vary') ?? '');
  if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(vary))
    res.setHeader('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

export type ResponseCompression = {
  /** Sets `res` up to go out compressed; call it before anything is written to `res`. */
  apply(req: IncomingMessage, res: ServerResponse): void;
  /** Resolves once the compressions started so far are done (tests). */
  settled(): Promise<void>;
};

export function createResponseCompression(texts: KeptTexts = createKeptTexts()): ResponseCompression {
  // Per response, speed over the last bytes. Gzip first: level 3 makes 30 kB of /api/parts 10.2 kB, and
  // the server answered 20% more of them than as brotli 3 (9.9 kB), itself twice as many as the
  // middleware's brotli 4 with its 4 MB window. Brotli for a client that takes nothing else.
  const middleware = compression({
    filter: compressibleType as never,
    level: 3,
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
  });
  return {
    apply(req, res) {
      // The middleware reads the method and Accept-Encoding, here with gzip as the one it may choose.
      const perResponse = pickEncoding(req.headers['accept-encoding'], ['gzip', 'br']) ?? 'identity';
      middleware({ method: req.method, headers: { 'accept-encoding': perResponse } } as never, res as never, () => {});
      const compressingEnd = res.end as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
      res.end = function end(this: ServerResponse, ...args: unknown[]) {
        const [chunk, encoding] = args;
        const utf8 = typeof encoding !== 'string' || /^utf-?8$/i.test(encoding);
        if (typeof chunk !== 'string' || chunk.length < KEPT_TEXT_MIN || !utf8 || this.headersSent) return compressingEnd.apply(this, args);
        const entry = texts.get(chunk);
        const callback = args.slice(typeof encoding === 'string' ? 2 : 1);
        const method = keptEncoding(req, this, texts, chunk, entry);
        if (!method) return compressingEnd.call(this, entry.utf8, ...callback);
        const body = entry[method]!;
        this.setHeader('Content-Encoding', method);
        this.setHeader('Content-Length', body.length);
        addVary(this);
        return nodeEnd.call(this, body, ...callback);
      } as ServerResponse['end'];
    },
    settled: () => texts.settled(),
  };
}
