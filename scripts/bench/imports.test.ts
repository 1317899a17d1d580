import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importFile, importReport, type ImportFigures } from './imports';

// A stand-in for the shop's HTTP edge: the bench's client is what is tested here, not the importer.
type Handler = (req: IncomingMessage, body: Buffer, res: ServerResponse) => void;

async function serve(handler: Handler): Promise<{ base: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handler(req, Buffer.concat(chunks), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const admin = { email: 'bench-admin@example.com', cookie: 'session=admin' };
const dir = mkdtempSync(path.join(tmpdir(), 'bench-imports-'));
const file = path.join(dir, 'aces-4.2-3-apps.xml');
const FILE_TEXT = '<ACES version="4.2">three apps</ACES>\n';
writeFileSync(file, FILE_TEXT);
const target = { label: 'ACES (3 Apps)', file, format: 'aces' as const, aces: true };
const options = { sampler: null, pagePath: '/parts/p1', log: () => {} };
let running: Server | null = null;

afterEach(() => running?.close());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the bench import client', () => {
  it('stops with the route that is missing when the shop has no import API', async () => {
    const { base, server } = await serve((_req, _body, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<!DOCTYPE html><title>404: This page could not be found.</title>');
    });
    running = server;
    await expect(importFile(base, admin, target, options)).rejects.toThrow(
      'POST /api/admin/imports answered 404 with a page: the import API of issue 46 (item 10) is not in this build',
    );
  });

  it('uploads the file as the admin, validates, applies, and times both with the part page loaded meanwhile', async () => {
    const counts = { read: 3, add: 2, change: 0, remove: 0, unchanged: 0, rejected: 1 };
    const seen: string[] = [];
    let upload = '';
    let polls = 0;
    let state = 'none';
    const { base, server } = await serve((req, body, res) => {
      const route = `${req.method} ${req.url}`;
      if (req.url?.startsWith('/parts/') || req.url?.startsWith('/api/parts')) return json(res, 200, []);
      if (req.url === '/api/bench-memory/process') return json(res, 200, { heapUsed: 1, heapTotal: 2, external: 3 });
      seen.push(`${route} ${req.headers.cookie} ${req.headers.origin === base}`);
      if (route === 'POST /api/admin/imports') {
        upload = body.toString();
        state = 'validating';
        return json(res, 202, { id: 'imp1', state: 'queued' });
      }
      if (route === 'GET /api/admin/imports/imp1') {
        // Two polls in each running state before it moves on.
        if (++polls % 3 === 0) state = state === 'validating' ? 'validated' : state === 'applying' ? 'applied' : state;
        return json(res, 200, { id: 'imp1', format: 'aces', state, progress: { done: 1, total: 3 }, counts, rejected: [] });
      }
      if (route === 'POST /api/admin/imports/imp1/apply' && state === 'validated') {
        state = 'applying';
        return json(res, 202, { id: 'imp1', state });
      }
      json(res, 409, { error: `unexpected ${route} in state ${state}` });
    });
    running = server;
    const figures = await importFile(base, admin, target, options);
    expect(seen[0]).toBe('POST /api/admin/imports session=admin true');
    expect(upload).toContain('name="format"\r\n\r\naces');
    expect(upload).toContain('filename="aces-4.2-3-apps.xml"');
    expect(upload).toContain(FILE_TEXT);
    expect(seen).toContain('POST /api/admin/imports/imp1/apply session=admin true');
    expect(figures).toMatchObject({ counts, bytes: FILE_TEXT.length, rss: null, pageErrors: 0 });
    expect(figures.validateSeconds).toBeGreaterThanOrEqual(0.9);
    expect(figures.applySeconds).toBeGreaterThanOrEqual(0.9);
    expect(figures.pageTimes.length).toBeGreaterThan(0);
  }, 30_000);

  it('ends with a clear error when an import fails', async () => {
    const { base, server } = await serve((req, _body, res) =>
      req.method === 'POST'
        ? json(res, 202, { id: 'imp2', state: 'queued' })
        : json(res, 200, { id: 'imp2', state: 'failed', error: 'line 3: the file ends inside <App>' }),
    );
    running = server;
    await expect(importFile(base, admin, target, options)).rejects.toThrow('import imp2 ended failed: line 3: the file ends inside <App>');
  }, 30_000);
});

describe('the import report', () => {
  const figures = (over: Partial<ImportFigures>): ImportFigures => ({
    ...target,
    bytes: 70 * 1024 ** 2,
    counts: { read: 2_000_000, add: 2_000_000, change: 0, remove: 0, unchanged: 0, rejected: 0 },
    validateSeconds: 300,
    applySeconds: 600,
    rss: { before: 300 * 1024 ** 2, peak: 499 * 1024 ** 2, after: 320 * 1024 ** 2 },
    pageTimes: Array.from({ length: 100 }, (_, n) => (n < 95 ? 100 : 900)),
    pageErrors: 0,
    ...over,
  });

  it('holds the issue targets at their limits: 20 minutes, 200 MB of extra RSS, a p95 of 300 ms', () => {
    expect(importReport([figures({})]).checks).toEqual([
      'PASS  VCdb, PIES and 2,000,000 Apps validated and applied in 15.0 min (< 20 min)',
      "PASS  ACES (3 Apps), 70 MB: the app's RSS +199 MB at its peak (< 200 MB)",
      'PASS  part page p95 during the imports 100 ms over 100 answers (< 300)',
    ]);
    const over = figures({
      applySeconds: 900,
      rss: { before: 300 * 1024 ** 2, peak: 500 * 1024 ** 2, after: 300 * 1024 ** 2 },
      pageTimes: Array.from({ length: 100 }, (_, n) => (n < 94 ? 100 : 300)),
    });
    expect(importReport([over]).checks.map((check) => check.slice(0, 4))).toEqual(['FAIL', 'FAIL', 'FAIL']);
  });

  it("measures the RSS over the same server's serving peak before the file when the run took one, not over a moment's RSS", () => {
    const rss = {
      before: 250 * 1024 ** 2,
      peak: 499 * 1024 ** 2,
      after: 300 * 1024 ** 2,
      serving: 300 * 1024 ** 2,
      restarted: 400 * 1024 ** 2,
    };
    expect(importReport([figures({ rss })]).checks.slice(1, 3)).toEqual([
      "PASS  ACES (3 Apps), 70 MB: the app's RSS +199 MB over the same server serving the same pages before it (< 200 MB)",
      'PASS  ACES (3 Apps): its peak 99 MB over a server restarted on the catalog it left (< 200 MB)',
    ]);
    const over = importReport([figures({ rss: { ...rss, serving: 299 * 1024 ** 2, restarted: 299 * 1024 ** 2 } })]).checks;
    expect(over.slice(1, 3).map((check) => check.slice(0, 4))).toEqual(['FAIL', 'FAIL']);
    expect(importReport([figures({ rss })]).lines.join('\n')).toMatch(/serving before/);
  });
});
