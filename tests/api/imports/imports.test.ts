/**
 * The imports API (issue 46 item 10) against the real database: admins only, the upload streamed to disk
 * (413 before anything is stored), the URL host rule, the report's shape, apply only when validated,
 * cancel, the rejected records' CSV and the audit entries.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { Types } from 'mongoose';
import * as applyRoute from '@/app/api/admin/imports/[id]/apply/route';
import { GET as cronRoute } from '@/app/api/cron/[job]/route';
import * as csvRoute from '@/app/api/admin/imports/[id]/rejected.csv/route';
import * as importRoute from '@/app/api/admin/imports/[id]/route';
import * as importsRoute from '@/app/api/admin/imports/route';
import type { UserDTO } from '@/lib/auth/users';
import { dataDir, resetEnv } from '@/lib/platform/env';
import { FORMAT_REQUIRED } from '@/lib/validations/imports';
import { PRICE_TYPE_FORMAT } from '@/lib/validations/import-mappings';
import { ALREADY_ENDED, FILE_REQUIRED, NOT_VALIDATED } from '@/lib/imports';
import { progressOf } from '@/lib/imports/jobs/imports';
import { AuditEntry, ImportJob, ImportRejection } from '@/models';
import { BASE_URL, callRoute, sessionCookieFor } from '@/tests/helpers/api';
import { setEnv } from '@/tests/helpers/env';
import { makeUser } from '@/tests/helpers/factories';

let admin: UserDTO;
let customer: UserDTO;
const BOUNDARY = '----partsmart-test-boundary';
const importsDir = () => path.join(dataDir(), 'imports');
const storedFiles = async () => (await readdir(importsDir()).catch(() => [] as string[])).sort();

/** A multipart body with the fields in order; `file` is [name, content]. */
function multipart(fields: Array<[string, string] | [string, [string, string | Buffer]]>): Buffer {
  const parts = fields.map(([name, value]) => {
    const [disposition, content] =
      typeof value === 'string' ? [`form-data; name="${name}"`, value] : [`form-data; name="${name}"; filename="${value[0]}"`, value[1]];
    return Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`),
      Buffer.from(content),
      Buffer.from('\r\n'),
    ]);
  });
  return Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

/** Posts a body as a stream of `size`-byte chunks (boundaries split anywhere), with no Content-Length unless given; `pulled`: the bytes the route read. */
async function upload(body: Buffer, options: { as?: UserDTO | null; size?: number; headers?: Record<string, string> } = {}) {
  const headers = new Headers({ origin: BASE_URL, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...options.headers });
  const as = options.as === undefined ? admin : options.as;
  if (as) headers.set('cookie', await sessionCookieFor(as));
  const size = options.size ?? 7;
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= body.length) return controller.close();
        controller.enqueue(new Uint8Array(body.subarray(pulled, pulled + size)));
        pulled = Math.min(pulled + size, body.length);
      },
    },
    { highWaterMark: 0 },
  );
  const req = new NextRequest(new URL('/api/admin/imports', BASE_URL), { method: 'POST', headers, body: stream, duplex: 'half' } as never);
  const res = await importsRoute.POST(req, { params: Promise.resolve({}) as never });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers, pulled };
}

const ACES = '<?xml version="1.0"?>\n<ACES version="4.2">\n  <App action="A" id="1"/>\n</ACES>\n';

beforeAll(async () => {
  admin = await makeUser({ admin: true });
  customer = await makeUser();
});

afterEach(() => {
  delete process.env.IMPORT_MAX_MB;
  delete process.env.IMPORT_URL_HOSTS;
  resetEnv();
});

async function queued(overrides: Record<string, unknown> = {}) {
  const { status, body } = await upload(
    multipart([
      ['format', 'aces'],
      ['file', ['apps.xml', ACES]],
    ]),
  );
  expect(status).toBe(202);
  if (Object.keys(overrides).length) await ImportJob.updateOne({ _id: body.id }, { $set: overrides });
  return String(body.id);
}

describe('who may import', () => {
  it('refuses visitors (401) and customers (403) on every route, storing nothing', async () => {
    const id = await queued();
    const files = await storedFiles();
    for (const as of [null, customer]) {
      const expected = as ? 403 : 401;
      expect(
        (
          await upload(
            multipart([
              ['format', 'aces'],
              ['file', ['apps.xml', ACES]],
            ]),
            { as },
          )
        ).status,
      ).toBe(expected);
      expect((await callRoute(importsRoute.GET, '/api/admin/imports', { as })).status).toBe(expected);
      expect((await callRoute(importRoute.GET, `/api/admin/imports/${id}`, { as, params: { id } })).status).toBe(expected);
      expect((await callRoute(csvRoute.GET, `/api/admin/imports/${id}/rejected.csv`, { as, params: { id } })).status).toBe(expected);
      const apply = await callRoute(applyRoute.POST, `/api/admin/imports/${id}/apply`, { method: 'POST', as, params: { id } });
      expect(apply.status).toBe(expected);
      const cancel = await callRoute(importRoute.DELETE, `/api/admin/imports/${id}`, { method: 'DELETE', as, params: { id } });
      expect(cancel.status).toBe(expected);
    }
    expect(await storedFiles()).toEqual(files);
    expect(await ImportJob.countDocuments()).toBe(1);
    expect((await ImportJob.findById(id).lean())?.state).toBe('queued');
  });
});

describe('POST /api/admin/imports (upload)', () => {
  it('streams the file to disk and answers 202 queued at once, audited', async () => {
    const { status, body } = await upload(
      multipart([
        ['format', 'aces'],
        ['priceType', 'ret'],
        ['file', ['apps.xml', ACES]],
      ]),
      { size: 5 },
    );
    expect(status).toBe(202);
    expect(body).toEqual({ id: expect.stringMatching(/^[a-f\d]{24}$/), state: 'queued' });
    const job = (await ImportJob.findById(body.id).lean())!;
    expect(job).toMatchObject({ format: 'aces', fileName: 'apps.xml', state: 'queued', startedBy: { email: admin.email } });
    expect(job.options).toEqual({ priceType: 'RET' });
    expect(await readFile(job.file, 'utf8')).toBe(ACES);
    const audit = await AuditEntry.findOne({ action: 'import.start', 'target.id': String(body.id) }).lean();
    expect(audit?.actorEmail).toBe(admin.email);
  });

  it('reads the format after the file too, a file whose bytes look like the boundary, and keeps only the file’s name', async () => {
    const tricky = Buffer.from(`line one\r\n--${BOUNDARY.slice(0, -2)}\r\n--\r\nend`);
    const { status, body } = await upload(
      multipart([
        ['file', ['C:\\Users\\shop\\parts.csv', tricky]],
        ['format', 'csv'],
      ]),
      { size: 3 },
    );
    expect(status).toBe(202);
    const job = (await ImportJob.findById(body.id).lean())!;
    expect(job.fileName).toBe('parts.csv');
    expect((await readFile(job.file)).equals(tricky)).toBe(true);
  });

  it('refuses a missing or unknown format or a missing file with 400, leaving no file and no job', async () => {
    const before = await storedFiles();
    const jobs = await ImportJob.countDocuments();
    const noFormat = await upload(multipart([['file', ['apps.xml', ACES]]]));
    expect(noFormat).toMatchObject({ status: 400, body: { fieldErrors: { format: [FORMAT_REQUIRED] } } });
    const unknown = await upload(
      multipart([
        ['format', 'xml'],
        ['file', ['apps.xml', ACES]],
      ]),
    );
    expect(unknown).toMatchObject({ status: 400, body: { fieldErrors: { format: [FORMAT_REQUIRED] } } });
    const badPrice = await upload(
      multipart([
        ['format', 'pies'],
        ['priceType', 'RETAIL'],
        ['file', ['items.xml', ACES]],
      ]),
    );
    expect(badPrice).toMatchObject({ status: 400, body: { fieldErrors: { priceType: [PRICE_TYPE_FORMAT] } } });
    const noFile = await upload(multipart([['format', 'aces']]));
    expect(noFile).toMatchObject({ status: 400, body: { fieldErrors: { file: [FILE_REQUIRED] } } });
    const manyFields = Array.from({ length: 21 }, (_, i): [string, string] => [`f${i}`, 'x']);
    expect((await upload(multipart([['format', 'aces'], ...manyFields, ['file', ['apps.xml', ACES]]]))).status).toBe(400);
    const cut = await upload(
      multipart([
        ['format', 'aces'],
        ['file', ['apps.xml', ACES]],
      ]).subarray(0, 150),
    );
    expect(cut.status).toBe(400);
    expect(await storedFiles()).toEqual(before);
    expect(await ImportJob.countDocuments()).toBe(jobs);
  });

  it('answers 413 from Content-Length before reading, and mid-stream past IMPORT_MAX_MB, storing nothing', async () => {
    process.env.IMPORT_MAX_MB = '1';
    resetEnv();
    const before = await storedFiles();
    const jobs = await ImportJob.countDocuments();
    const small = multipart([
      ['format', 'aces'],
      ['file', ['apps.xml', ACES]],
    ]);
    const declared = await upload(small, { headers: { 'content-length': String(1024 * 1024 + 1) } });
    expect(declared.status).toBe(413);
    expect(declared.pulled).toBe(0);
    const big = multipart([
      ['format', 'aces'],
      ['file', ['apps.xml', Buffer.alloc(1024 * 1024 + 1, 0x61)]],
    ]);
    const streamed = await upload(big, { size: 64 * 1024 });
    expect(streamed.status).toBe(413);
    expect(await storedFiles()).toEqual(before);
    expect(await ImportJob.countDocuments()).toBe(jobs);
    // A format refused before the file is judged before the file is read: 400, not 413.
    const refusedFirst = await upload(
      multipart([
        ['format', 'xml'],
        ['file', ['apps.xml', Buffer.alloc(1024 * 1024 + 1, 0x61)]],
      ]),
      { size: 64 * 1024 },
    );
    expect(refusedFirst).toMatchObject({ status: 400, body: { fieldErrors: { format: [FORMAT_REQUIRED] } } });
    // Exactly the limit is accepted.
    const limit = await upload(
      multipart([
        ['format', 'aces'],
        ['file', ['apps.xml', Buffer.alloc(1024 * 1024, 0x61)]],
      ]),
      { size: 64 * 1024 },
    );
    expect(limit.status).toBe(202);
  });

  it('reads a refused upload to its end while it stays within what nginx passes on (IMPORT_MAX_MB + 1 MB), else closes', async () => {
    process.env.IMPORT_MAX_MB = '1';
    resetEnv();
    const front = 2 * 1024 * 1024;
    const file = (bytes: number, field = 'file') =>
      multipart([
        ['format', 'aces'],
        [field, ['apps.xml', Buffer.alloc(bytes, 0x61)]],
      ]);
    // Declared over the limit and within the bound: answered at once, unread (Node reads the rest after the answer).
    const declared = await upload(file(100), { headers: { 'content-length': String(front) } });
    expect(declared).toMatchObject({ status: 413, pulled: 0 });
    expect(declared.headers.get('connection')).toBeNull();
    // Declared at the limit is read and judged by its file.
    expect((await upload(file(100), { headers: { 'content-length': String(1024 * 1024) } })).status).toBe(202);
    // Declared past the bound: the connection closes.
    const declaredPast = await upload(file(100), { headers: { 'content-length': String(front + 1) } });
    expect(declaredPast.status).toBe(413);
    expect(declaredPast.headers.get('connection')).toBe('close');
    // Past the limit mid-stream: the rest is read to its end.
    const over = file(1024 * 1024 + 300 * 1024);
    const streamed = await upload(over, { size: 64 * 1024 });
    expect(streamed).toMatchObject({ status: 413, pulled: over.length });
    expect(streamed.headers.get('connection')).toBeNull();
    // A refusal before the file is stored (the file under another field's name) reads the rest too.
    const misnamed = file(512 * 1024, 'upload');
    const refused = await upload(misnamed, { size: 64 * 1024 });
    expect(refused).toMatchObject({ status: 400, pulled: misnamed.length, body: { error: FILE_REQUIRED } });
    expect(refused.headers.get('connection')).toBeNull();
    // A body ending exactly at the bound is still read to its end; one that goes past it is cut off and closed.
    const envelope = file(0).length;
    const atBound = await upload(file(front - envelope), { size: 64 * 1024 });
    expect(atBound).toMatchObject({ status: 413, pulled: front });
    expect(atBound.headers.get('connection')).toBeNull();
    const past = await upload(file(3 * front), { size: 64 * 1024 });
    expect(past.status).toBe(413);
    expect(past.pulled).toBeLessThan(front + 2 * 64 * 1024);
    expect(past.headers.get('connection')).toBe('close');
  });

  it('refuses a body that is neither multipart nor JSON with 415', async () => {
    const res = await callRoute(importsRoute.POST, '/api/admin/imports', {
      method: 'POST',
      as: admin,
      rawBody: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
  });
});

describe('POST /api/admin/imports (URL)', () => {
  const post = (body: unknown) => callRoute(importsRoute.POST, '/api/admin/imports', { method: 'POST', as: admin, body });

  it('refuses every URL while IMPORT_URL_HOSTS is empty', async () => {
    const res = await post({ url: 'https://files.example.com/aces.xml', format: 'aces' });
    expect(res).toMatchObject({ status: 400, body: { fieldErrors: { url: [expect.stringContaining('IMPORT_URL_HOSTS')] } } });
  });

  it('takes https on a listed host only (case-insensitive), queued without fetching', async () => {
    process.env.IMPORT_URL_HOSTS = ' Files.Example.com ,cdn.example.net';
    resetEnv();
    for (const url of [
      'http://files.example.com/aces.xml',
      'https://evil.example.org/aces.xml',
      'https://files.example.com@evil.example.org/aces.xml',
      'https://user:pw@files.example.com/aces.xml',
      'https://files.example.com.evil.org/aces.xml',
      'not a url',
    ]) {
      expect({ url, status: (await post({ url, format: 'aces' })).status }).toEqual({ url, status: 400 });
    }
    const res = await post({ url: 'https://FILES.example.com/feeds/aces%2042.xml', format: 'aces' });
    expect(res).toMatchObject({ status: 202, body: { state: 'queued' } });
    const job = (await ImportJob.findById(res.body.id).lean())!;
    expect(job).toMatchObject({ url: 'https://files.example.com/feeds/aces%2042.xml', fileName: 'aces 42.xml', state: 'queued' });
    expect((await post({ url: 'https://files.example.com/a.xml', format: 'aces', extra: 1 })).status).toBe(400);
    // A malformed escape in the name is kept as sent, never a 500.
    const odd = await post({ url: 'https://files.example.com/%E0%A4%A.xml', format: 'aces' });
    expect(odd.status).toBe(202);
    expect((await ImportJob.findById(odd.body.id).lean())?.fileName).toBe('%E0%A4%A.xml');
  });
});

describe('an import', () => {
  it('answers the report with the first 1,000 rejections, all of them in the CSV; 404 for unknown or malformed ids', async () => {
    const id = await queued({ state: 'validated', counts: { read: 1200, add: 100, change: 50, remove: 0, unchanged: 49, rejected: 1001 } });
    await ImportRejection.insertMany(
      Array.from({ length: 1001 }, (_, i) => ({
        _id: `${id}:validate:${i + 1}`,
        jobId: id,
        phase: 'validate',
        n: i + 1,
        record: `App ${i + 1}`,
        reason: i === 0 ? '=HYPERLINK("x") "quoted"' : 'Unknown BaseVehicle',
      })),
    );
    const res = await callRoute(importRoute.GET, `/api/admin/imports/${id}`, { as: admin, params: { id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      format: 'aces',
      state: 'validated',
      counts: { read: 1200, rejected: 1001 },
      progress: { done: 0 },
    });
    expect(res.body.rejected).toHaveLength(1000);
    expect(res.body.rejected[999]).toEqual({ record: 'App 1000', reason: 'Unknown BaseVehicle' });
    const csv = await callRoute(csvRoute.GET, `/api/admin/imports/${id}/rejected.csv`, { as: admin, params: { id } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = String(csv.body).trimEnd().split('\r\n');
    expect(lines).toHaveLength(1002);
    expect(lines[0]).toBe('record,reason');
    expect(lines[1]).toBe(`"App 1","'=HYPERLINK(""x"") ""quoted"""`);
    expect(lines[1001]).toBe('"App 1001","Unknown BaseVehicle"');
    for (const missing of [String(new Types.ObjectId()), 'nope', '../../etc']) {
      expect((await callRoute(importRoute.GET, `/api/admin/imports/x`, { as: admin, params: { id: missing } })).status).toBe(404);
      expect((await callRoute(csvRoute.GET, `/api/admin/imports/x`, { as: admin, params: { id: missing } })).status).toBe(404);
      const apply = await callRoute(applyRoute.POST, '/api/admin/imports/x/apply', { method: 'POST', as: admin, params: { id: missing } });
      expect(apply.status).toBe(404);
      const cancel = await callRoute(importRoute.DELETE, '/api/admin/imports/x', { method: 'DELETE', as: admin, params: { id: missing } });
      expect(cancel.status).toBe(404);
    }
  });

  it('lists imports newest first', async () => {
    const first = await queued();
    const second = await queued();
    const res = await callRoute(importsRoute.GET, '/api/admin/imports', { as: admin });
    const ids = (res.body as Array<{ id: string }>).map((item) => item.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(res.body[0]).not.toHaveProperty('rejected');
  });

  it('applies only a validated import (409 otherwise), audited', async () => {
    const id = await queued();
    const apply = () => callRoute(applyRoute.POST, `/api/admin/imports/${id}/apply`, { method: 'POST', as: admin, params: { id } });
    for (const state of ['queued', 'validating', 'applying', 'applied', 'failed', 'cancelled']) {
      await ImportJob.updateOne({ _id: id }, { $set: { state } });
      expect({ state, answer: await apply() }).toMatchObject({ state, answer: { status: 409, body: { error: NOT_VALIDATED } } });
    }
    await ImportJob.updateOne({ _id: id }, { $set: { state: 'validated' } });
    const res = await apply();
    expect(res).toMatchObject({ status: 202, body: { state: 'applying', applied: { read: 0 } } });
    expect((await ImportJob.findById(id).lean())?.applied?.from).toBe(0);
    expect(await AuditEntry.countDocuments({ action: 'import.apply', 'target.id': id })).toBe(1);
    expect((await apply()).status).toBe(409);
  });

  it('starts apply once when Apply is sent several times at once', async () => {
    const id = await queued({ state: 'validated' });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        callRoute(applyRoute.POST, `/api/admin/imports/${id}/apply`, { method: 'POST', as: admin, params: { id } }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409, 409, 409, 409]);
    expect(await AuditEntry.countDocuments({ action: 'import.apply', 'target.id': id })).toBe(1);
    // Even a job put back to validated is applied once.
    await ImportJob.updateOne({ _id: id }, { $set: { state: 'validated' } });
    const again = await callRoute(applyRoute.POST, `/api/admin/imports/${id}/apply`, { method: 'POST', as: admin, params: { id } });
    expect(again.status).toBe(409);
  });

  it('cancels an import that has not ended, removing its file; an ended one is 409', async () => {
    const id = await queued();
    const file = (await ImportJob.findById(id).lean())!.file;
    const cancel = () => callRoute(importRoute.DELETE, `/api/admin/imports/${id}`, { method: 'DELETE', as: admin, params: { id } });
    const res = await cancel();
    expect(res).toMatchObject({ status: 200, body: { state: 'cancelled', cancelledAt: expect.any(String) } });
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await AuditEntry.countDocuments({ action: 'import.cancel', 'target.id': id })).toBe(1);
    expect(await cancel()).toMatchObject({ status: 409, body: { error: ALREADY_ENDED } });
    await ImportJob.updateOne({ _id: id }, { $set: { state: 'applied' } });
    expect((await cancel()).status).toBe(409);
  });
});

describe('GET /api/cron/imports', () => {
  it('runs the queued imports (Vercel Cron), refusing a call without the secret', async () => {
    const restore = setEnv({ CRON_SECRET: 'cron-secret-for-the-imports-0123456789' });
    try {
      const id = await queued();
      const call = (authorization?: string) =>
        callRoute(cronRoute, '/api/cron/imports', { params: { job: 'imports' }, headers: authorization ? { authorization } : {} });
      expect((await call()).status).toBe(401);
      expect((await ImportJob.findById(id).lean())?.state).toBe('queued');
      const res = await call('Bearer cron-secret-for-the-imports-0123456789');
      expect(res.status).toBe(200);
      expect(res.body.result.ran).toContain(`${id}:validate`);
      // Whatever the format's importer makes of the file, the job has left the queue.
      expect((await ImportJob.findById(id).lean())?.state).not.toBe('queued');
    } finally {
      restore();
    }
  });
});

describe('the progress figures', () => {
  const now = Date.parse('2026-11-29T04:00:10.000Z');
  const progress = (state: 'applying' | 'applied', done: number, total: number | null, from = 500) =>
    progressOf({ state, progress: { done, total, from, startedAt: new Date('2026-11-29T04:00:00.000Z') } }, now);

  it('gives records per second since the phase started (from its checkpoint) and the seconds left, rounded up', () => {
    expect(progress('applying', 1500, 3500)).toEqual({ done: 1500, total: 3500, perSecond: 100, secondsLeft: 20 });
    expect(progress('applying', 1500, 3540)).toMatchObject({ secondsLeft: 21 });
    expect(progress('applying', 1500, null)).toMatchObject({ perSecond: 100, secondsLeft: null });
  });

  it('gives none once the import rests', () => {
    expect(progress('applied', 3500, 3500)).toMatchObject({ perSecond: null, secondsLeft: null });
  });
});
