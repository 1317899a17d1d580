import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createStaticAssets, publicFilePaths, type StaticAssets } from '@/lib/platform/static-assets';

/** A real server: the static assets first, and a stand-in for Next.js that says it answered. */
async function serverWith(assets: StaticAssets): Promise<{ base: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (assets.handle(req, res)) return;
    res.writeHead(200, { 'Content-Type': 'text/plain', 'X-Answered-By': 'next' });
    res.end('next');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A raw request (fetch would decompress, and may not send the path as written). */
function get(base: string, target: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${target}`, { method, headers, path: target }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the build static files, compressed once', () => {
  let dir: string;
  let root: string;
  let assets: StaticAssets;
  let server: { base: string; close: () => Promise<void> };
  const script = `console.log(${JSON.stringify('a part '.repeat(4000))});\n`;
  const style = `.card{color:#123456}\n`.repeat(500);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'static-assets-'));
    root = path.join(dir, 'static');
    mkdirSync(path.join(root, 'chunks'), { recursive: true });
    writeFileSync(path.join(root, 'chunks', 'app.js'), script);
    writeFileSync(path.join(root, 'chunks', 'app.css'), style);
    writeFileSync(path.join(root, 'chunks', 'photo.png'), 'not compressible');
    writeFileSync(path.join(dir, 'secret.js'), 'the server secret');
    mkdirSync(path.join(dir, 'public', 'images', 'parts'), { recursive: true });
    writeFileSync(path.join(dir, 'public', 'logo.svg'), '<svg/>');
    writeFileSync(path.join(dir, 'public', 'images', 'parts', 'pad set.svg'), '<svg/>');
    assets = createStaticAssets(root, [{ key: 'X-Content-Type-Options', value: 'nosniff' }], publicFilePaths(path.join(dir, 'public')));
    server = await serverWith(assets);
  });

  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves the first request to Next.js, then sends brotli or gzip from memory, byte for byte the file', async () => {
    const first = await get(server.base, '/_next/static/chunks/app.js', { 'accept-encoding': 'gzip, br' });
    expect(first.headers['x-answered-by']).toBe('next');
    await assets.settled();

    const br = await get(server.base, '/_next/static/chunks/app.js?v=1', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['x-answered-by']).toBeUndefined();
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'application/javascript; charset=UTF-8',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
      'content-length': String(br.body.length),
    });
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(Buffer.byteLength(script) / 10);

    const gz = await get(server.base, '/_next/static/chunks/app.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);

    const head = await get(server.base, '/_next/static/chunks/app.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(br.body.length));
    expect(head.body.length).toBe(0);
  });

  it('gives the style sheet its own type', async () => {
    await get(server.base, '/_next/static/chunks/app.css', { 'accept-encoding': 'br' });
    await assets.settled();
    const css = await get(server.base, '/_next/static/chunks/app.css', { 'accept-encoding': 'br' });
    expect(css.headers['content-type']).toBe('text/css; charset=UTF-8');
    expect(zlib.brotliDecompressSync(css.body).toString()).toBe(style);
  });

  it('reads the public directory as URL paths, and an absent one as none', () => {
    expect([...publicFilePaths(path.join(dir, 'public'))].sort()).toEqual(['/images/parts/pad set.svg', '/logo.svg']);
    expect(publicFilePaths(path.join(dir, 'absent')).size).toBe(0);
  });

  it('answers 405 with Allow for another method on a build or public file (Next.js answers 500), and leaves other paths alone', async () => {
    for (const [target, method] of [
      ['/_next/static/chunks/app.js', 'POST'],
      ['/_next/static/chunks/app.js', 'OPTIONS'],
      ['/_next/static/chunks/missing.js', 'PUT'],
      ['/logo.svg', 'DELETE'],
      ['/logo.svg?x=1', 'POST'],
      ['/images/parts/pad%20set.svg', 'PATCH'],
    ]) {
      const res = await get(server.base, target!, {}, method);
      expect([target, method, res.status, res.headers.allow, res.headers['x-content-type-options']]).toEqual([
        target,
        method,
        405,
        'GET, HEAD',
        'nosniff',
      ]);
      expect(res.body.toString()).toBe('Method Not Allowed');
    }
    for (const [target, method] of [
      ['/api/parts', 'POST'],
      ['/logo.svgx', 'POST'],
      ['/images', 'POST'],
      ['/logo.svg', 'GET'],
    ]) {
      expect((await get(server.base, target!, {}, method)).headers['x-answered-by']).toBe('next');
    }
  });

  it('leaves to Next.js what it must answer itself: no encoding taken, a range, a conditional request', async () => {
    await get(server.base, '/_next/static/chunks/app.js', { 'accept-encoding': 'br' });
    await assets.settled();
    const cases: Array<[Record<string, string>, string]> = [
      [{}, 'GET'],
      [{ 'accept-encoding': 'identity' }, 'GET'],
      [{ 'accept-encoding': 'br', range: 'bytes=0-10' }, 'GET'],
      [{ 'accept-encoding': 'br', 'if-none-match': '"x"' }, 'GET'],
      [{ 'accept-encoding': 'br', 'if-modified-since': new Date().toUTCString() }, 'GET'],
    ];
    for (const [headers, method] of cases) {
      const res = await get(server.base, '/_next/static/chunks/app.js', headers, method);
      expect([method, headers, res.headers['x-answered-by']]).toEqual([method, headers, 'next']);
    }
  });

  it('never reads outside the build directory, nor a name it does not compress, nor a missing file', async () => {
    const targets = [
      '/_next/static/../secret.js',
      '/_next/static/chunks/../../secret.js',
      '/_next/static/%2e%2e/secret.js',
      '/_next/static/chunks/..%2f..%2fsecret.js',
      '/_next/static/chunks\\..\\..\\secret.js',
      '/_next/static//secret.js',
      '/_next/static/./chunks/app.js',
      '/_next/static/',
      '/_next/static/chunks/photo.png',
      '/_next/static/chunks/missing.js',
      '/_next/staticx/chunks/app.js',
      '/secret.js',
    ];
    for (let round = 0; round < 2; round++) {
      for (const target of targets) {
        const res = await get(server.base, target, { 'accept-encoding': 'br' });
        expect([target, res.headers['x-answered-by']]).toEqual([target, 'next']);
        expect(res.body.toString()).not.toContain('the server secret');
      }
      await assets.settled();
    }
  });
});
