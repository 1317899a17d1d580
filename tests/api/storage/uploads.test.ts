import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { POST as uploadRoute } from '@/app/api/uploads/route';
import { GET as serveUpload } from '@/app/uploads/[name]/route';
import { dataDir, resetEnv } from '@/lib/platform/env';
import type { UserDTO } from '@/lib/auth/users';
import { callRoute } from '@/tests/helpers/api';
import { makeUser } from '@/tests/helpers/factories';

// The smallest valid images of each accepted type.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000 1f15c4890000000d49444154789c6300010000050001 0d0a2db40000000049454e44ae426082'.replace(
    / /g,
    '',
  ),
  'hex',
);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([26, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.alloc(14)]);

const uploadsDir = () => path.join(dataDir(), 'uploads');
const storedFiles = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : []);

async function upload(as: UserDTO | null, content: Buffer | string | null, name = 'photo.png', type = 'image/png') {
  const form = new FormData();
  if (content !== null) form.set('image', new File([typeof content === 'string' ? content : new Uint8Array(content)], name, { type }));
  return callRoute(uploadRoute, '/api/uploads', { method: 'POST', rawBody: form, as });
}

let customer: UserDTO;
beforeAll(async () => {
  customer = await makeUser();
});

describe('POST /api/uploads (files on disk)', () => {
  it('answers 401 to a visitor and stores nothing', async () => {
    const before = storedFiles().length;
    expect((await upload(null, PNG)).status).toBe(401);
    expect(storedFiles().length).toBe(before);
  });

  it.each([
    ['PNG', PNG, 'png'],
    ['GIF', GIF, 'gif'],
    ['JPEG', JPEG, 'jpg'],
    ['WebP', WEBP, 'webp'],
  ])('stores a %s image and serves it at /uploads/...', async (_label, bytes, ext) => {
    const res = await upload(customer, bytes, 'whatever.bin', 'application/octet-stream');
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.data.url).toMatch(new RegExp(`^/uploads/[a-f0-9-]{36}\\.${ext}$`));
    const name = res.body.data.url.split('/').pop();
    expect(storedFiles()).toContain(name);

    const served = await callRoute(serveUpload, res.body.data.url, { params: { name } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(`image/${ext === 'jpg' ? 'jpeg' : ext}`);
  });

  it('refuses a file that is not an image, whatever its name and type say (415)', async () => {
    const before = storedFiles().length;
    const res = await upload(customer, '<svg onload="alert(1)"></svg>', 'evil.png', 'image/png');
    expect(res.status).toBe(415);
    expect(res.body.error).toBe('Only JPEG, PNG, WebP or GIF images can be uploaded');
    expect(storedFiles().length).toBe(before);
  });

  it('refuses an image over 5 MB (413) and a missing file (400)', async () => {
    const before = storedFiles().length;
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(customer, big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toBe('The image is larger than 5 MB');
    const missing = await upload(customer, null);
    expect(missing.status).toBe(400);
    expect(storedFiles().length).toBe(before);
  });

  it('serves nothing for names it did not make', async () => {
    for (const name of ['../auth-secret', 'x.png', '11111111-2222-3333-4444-555555555555.svg']) {
      expect((await callRoute(serveUpload, `/uploads/${name}`, { params: { name } })).status).toBe(404);
    }
  });
});

describe('POST /api/uploads (Cloudinary)', () => {
  // A stand-in for Cloudinary's API at the edge of the internet; the SDK's real upload code runs.
  let server: http.Server;
  const received: Array<{ url: string; body: string }> = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ url: req.url ?? '', body: Buffer.concat(chunks).toString('latin1') });
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            public_id: 'partsmart/abc',
            secure_url: 'https://res.cloudinary.com/demo-cloud/image/upload/v1/partsmart/abc.png',
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    // Set before the SDK first loads: it picks http or https for the upload host at load time.
    process.env.CLOUDINARY_URL = `cloudinary://key123:secret456@demo-cloud?upload_prefix=http://127.0.0.1:${port}`;
    resetEnv();
  });

  afterAll(async () => {
    delete process.env.CLOUDINARY_URL;
    resetEnv();
    await new Promise((resolve) => server.close(resolve));
  });

  it('uploads through the Cloudinary SDK, signed, and answers its https URL without storing a file', async () => {
    const before = storedFiles().length;
    const res = await upload(customer, PNG);
    expect(res.status).toBe(201);
    expect(res.body.data.url).toBe('https://res.cloudinary.com/demo-cloud/image/upload/v1/partsmart/abc.png');
    expect(received).toHaveLength(1);
    expect(received[0]!.url).toBe('/v1_1/demo-cloud/image/upload');
    expect(received[0]!.body).toContain('name="api_key"');
    expect(received[0]!.body).toContain('key123');
    expect(received[0]!.body).toContain('name="signature"');
    expect(received[0]!.body).not.toContain('secret456');
    expect(storedFiles().length).toBe(before);
  });

  it('still refuses a non-image before calling Cloudinary', async () => {
    const res = await upload(customer, 'plain text', 'a.png');
    expect(res.status).toBe(415);
    expect(received).toHaveLength(1);
  });
});
