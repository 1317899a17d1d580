import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { createKeptTexts, createResponseCompression, pickEncoding, type ResponseCompression } from '@/lib/platform/compression';

const PAGE = `<!doctype html><ul>${Array.from({ length: 1_000 }, (_, i) => `<li>Brake pads ${(i * 7_919) % 10_007} ▾ “ceramic” café 😀</li>`).join('')}</ul>`;
const JSON_TEXT = JSON.stringify({ parts: Array.from({ length: 60 }, (_, i) => ({ name: `Part ${i}`, price: i * 3 })) });

const best = {
  br: (bytes: Buffer) =>
    zlib.brotliCompressSync(bytes, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  gzip: (bytes: Buffer) => zlib.gzipSync(bytes, { level: 9 }),
};

const quickBrotli = (bytes: Buffer) =>
  zlib.brotliCompressSync(bytes, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function request(base: string, target: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${target}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded({ headers, body }: Answer): string {
  const encoding = headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('pickEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['BR', 'br'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['gzip;q=0', null],
    ['br;q=abc', null],
  ])('%p -> %p', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });

  it('takes the first of the preferred encodings the client takes', () => {
    expect(pickEncoding('gzip, deflate, br', ['gzip', 'br'])).toBe('gzip');
    expect(pickEncoding('br', ['gzip', 'br'])).toBe('br');
    expect(pickEncoding('gzip;q=0, br', ['gzip', 'br'])).toBe('br');
  });
});

describe('kept texts', () => {
  it("keeps a long text's bytes for its next answer, the least recently used out past its budget", () => {
    const texts = createKeptTexts(3 * 2 * 20_000);
    const [a, b, c] = ['a', 'b', 'c'].map((letter) => `${letter}▾`.repeat(10_000));
    const first = texts.get(a!).utf8;
    expect(first.equals(Buffer.from(a!, 'utf8'))).toBe(true);
    expect(texts.get(`${'a▾'.repeat(5_000)}${'a▾'.repeat(5_000)}`).utf8).toBe(first); // an equal text built anew
    texts.get(b!);
    texts.get(a!); // a used last: b goes first
    texts.get(c!);
    expect(texts.get(a!).utf8).toBe(first);
    const secondB = texts.get(b!).utf8;
    expect(secondB.equals(Buffer.from(b!, 'utf8'))).toBe(true);
    expect(texts.get(b!).utf8).toBe(secondB);
    // A text over the whole budget is encoded, not kept, and gets no quick brotli (the middleware compresses it).
    const huge = 'x'.repeat(100_000);
    expect(texts.get(huge).utf8).not.toBe(texts.get(huge).utf8);
    const hugeEntry = texts.get(huge);
    texts.quickBrotli(huge, hugeEntry);
    expect(hugeEntry.br).toBeUndefined();
    const keptEntry = texts.get(a!);
    texts.quickBrotli(a!, keptEntry);
    expect(zlib.brotliDecompressSync(keptEntry.br!).equals(keptEntry.utf8)).toBe(true);
  });

  it('compresses a text on its second send, one text at a time, and counts the compressed bytes in its budget', async () => {
    const texts = createKeptTexts(1024 * 1024);
    const [a, b] = ['a', 'b'].map((letter) => `${letter}${PAGE}`);
    expect(texts.get(a!).br).toBeUndefined();
    texts.get(a!); // second send: a is being compressed
    texts.get(b!);
    texts.get(b!); // a is still being compressed: b waits for a later send
    await texts.settled();
    const entry = texts.get(a!);
    expect(entry.br!.equals(best.br(entry.utf8))).toBe(true);
    expect(entry.gzip!.equals(best.gzip(entry.utf8))).toBe(true);
    expect(texts.get(b!).br).toBeUndefined(); // this send starts it
    await texts.settled();
    expect(texts.get(b!).br).toBeDefined();

    // Each text with its bytes takes some 102 kB with brotli and gzip (97 kB without): 2 fit 250 kB, not 3.
    const small = createKeptTexts(250_000);
    const [x, y, z] = ['x', 'y', 'z'].map((letter) => `${letter}${PAGE}`);
    for (const text of [x!, y!]) {
      small.get(text);
      small.get(text);
      await small.settled();
    }
    expect(small.get(x!).br).toBeDefined();
    const kept = small.get(y!);
    small.get(z!); // x (least recently used) goes out
    expect(small.get(y!)).toBe(kept);
    expect(small.get(x!).br).toBeUndefined();
  });
});

describe('responses compressed (scripts/serve.ts in front of Next.js)', () => {
  let compression: ResponseCompression;
  let server: http.Server;
  let base: string;
  let clientGotFirstPart: () => void = () => {};

  beforeAll(async () => {
    compression = createResponseCompression(createKeptTexts());
    server = http.createServer((req, res) => {
      compression.apply(req, res);
      // As Next.js does: the headers set, then the whole body ended.
      const send = (type: string, body: string | Buffer, headers: Record<string, string> = {}) => {
        for (const [name, value] of Object.entries({ 'Content-Type': type, ...headers })) res.setHeader(name, value);
        res.end(body);
      };
      switch (req.url) {
        case '/page':
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.setHeader('Content-Length', Buffer.byteLength(PAGE));
          return res.end(PAGE);
        case '/json':
          return send('application/json', JSON_TEXT);
        case '/json-as-list':
          // As Next.js's route handlers set it.
          res.setHeader('Content-Type', ['application/json']);
          return res.end(JSON_TEXT);
        case '/small':
          return send('application/json', '{"ok":true}');
        case '/png':
          return send('image/png', Buffer.alloc(40_000, 7));
        case '/no-transform':
          return send('text/html', PAGE, { 'Cache-Control': 'no-transform' });
        case '/encoded':
          return send('text/html', PAGE, { 'Content-Encoding': 'identity, x-custom' });
        case '/latin1':
          res.setHeader('Content-Type', 'text/plain');
          return res.end('é'.repeat(20_000), 'latin1');
        case '/stream': {
          // A streamed page: its first part must reach the browser before the rest is rendered.
          res.writeHead(200, { 'Content-Type': 'text/html' });
          res.write(`<p>first part ${'x'.repeat(2_000)}</p>`);
          (res as unknown as { flush(): void }).flush();
          new Promise<void>((resolve) => {
            clientGotFirstPart = resolve;
          })
            .then(() => res.end(`<p>the rest ${'y'.repeat(2_000)}</p>`))
            .catch(() => res.destroy());
          return;
        }
        default:
          res.statusCode = 404;
          res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends a page as a quick brotli at once, and after its second send its best brotli and gzip kept in memory', async () => {
    const browser = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };
    const gzipFirst = await request(base, '/page', { 'Accept-Encoding': 'gzip' });
    expect(gzipFirst.headers['content-encoding']).toBe('gzip'); // per response, until the best is kept
    expect(decoded(gzipFirst)).toBe(PAGE);
    const first = await request(base, '/page', browser);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.body.equals(quickBrotli(Buffer.from(PAGE, 'utf8')))).toBe(true);
    expect(decoded(first)).toBe(PAGE);
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    await compression.settled();
    const kept = await request(base, '/page', browser);
    expect(kept.headers['content-encoding']).toBe('br');
    expect(kept.body.equals(best.br(Buffer.from(PAGE, 'utf8')))).toBe(true);
    expect(kept.body.length).toBeLessThan(gzipFirst.body.length);
    expect(Number(kept.headers['content-length'])).toBe(kept.body.length);
    expect(kept.headers.vary).toBe('Accept-Encoding');
    expect(decoded(kept)).toBe(PAGE);

    const gzipOnly = await request(base, '/page', { 'Accept-Encoding': 'gzip' });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(gzipOnly.body.equals(best.gzip(Buffer.from(PAGE, 'utf8')))).toBe(true);
    expect(decoded(gzipOnly)).toBe(PAGE);

    // Uncompressed, what reaches Node's own end() is the page's kept bytes, the same Buffer every time, not the text.
    const nodeEnd = http.ServerResponse.prototype.end;
    const handedToNode: unknown[] = [];
    const spy = jest.spyOn(http.ServerResponse.prototype, 'end').mockImplementation(function (
      this: http.ServerResponse,
      ...args: unknown[]
    ) {
      handedToNode.push(args[0]);
      return (nodeEnd as (...endArgs: unknown[]) => http.ServerResponse).apply(this, args);
    });
    try {
      for (const headers of [{}, { 'Accept-Encoding': 'identity' }, { 'Accept-Encoding': 'br;q=0, gzip;q=0' }] as Record<
        string,
        string
      >[]) {
        const plain = await request(base, '/page', headers);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.body.equals(Buffer.from(PAGE, 'utf8'))).toBe(true);
        expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
      }
    } finally {
      spy.mockRestore();
    }
    expect(handedToNode).toHaveLength(3);
    expect(Buffer.isBuffer(handedToNode[0])).toBe(true);
    expect(handedToNode[1]).toBe(handedToNode[0]);
    expect(handedToNode[2]).toBe(handedToNode[0]);

    const head = await request(base, '/page', browser, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('compresses other answers per response, above 1 kB, and streams a page part by part', async () => {
    const json = await request(base, '/json', { 'Accept-Encoding': 'br' });
    expect(json.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(json))).toEqual(JSON.parse(JSON_TEXT));
    const gz = await request(base, '/json', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(JSON_TEXT);
    const listed = await request(base, '/json-as-list', { 'Accept-Encoding': 'gzip, br' });
    expect(listed.headers['content-encoding']).toBe('gzip');
    expect(listed.headers['content-type']).toBe('application/json');
    expect(decoded(listed)).toBe(JSON_TEXT);
    const small = await request(base, '/small', { 'Accept-Encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('{"ok":true}');

    const streamed = await new Promise<string>((resolve, reject) => {
      const req = http.request(`${base}/stream`, { headers: { 'Accept-Encoding': 'br' } }, (res) => {
        expect(res.headers['content-encoding']).toBe('br');
        const unbrotli = zlib.createBrotliDecompress();
        let text = '';
        unbrotli.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes('first part')) clientGotFirstPart();
        });
        unbrotli.on('end', () => resolve(text));
        unbrotli.on('error', reject);
        res.pipe(unbrotli);
      });
      req.on('error', reject);
      req.end();
    });
    expect(streamed).toBe(`<p>first part ${'x'.repeat(2_000)}</p><p>the rest ${'y'.repeat(2_000)}</p>`);
  });

  it('leaves alone an image, an answer that forbids transforming it, one already encoded and a text in another charset', async () => {
    const browser = { 'Accept-Encoding': 'gzip, br' };
    for (let send = 0; send < 2; send++) {
      await request(base, '/no-transform', browser);
      await request(base, '/encoded', browser);
      await compression.settled();
    }
    const png = await request(base, '/png', browser);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body.equals(Buffer.alloc(40_000, 7))).toBe(true);
    const noTransform = await request(base, '/no-transform', browser);
    expect(noTransform.headers['content-encoding']).toBeUndefined();
    expect(noTransform.body.toString('utf8')).toBe(PAGE);
    const encoded = await request(base, '/encoded', browser);
    expect(encoded.headers['content-encoding']).toBe('identity, x-custom');
    expect(encoded.body.toString('utf8')).toBe(PAGE);
    const latin1 = await request(base, '/latin1', {});
    expect(latin1.body.equals(Buffer.alloc(20_000, 0xe9))).toBe(true);
  });
});
