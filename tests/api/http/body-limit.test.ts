/**
 * A refused body leaves the connection usable: a body over the limit is read to its end and thrown
 * away up to a bound (so a keep-alive client's next request finds a clean connection); past the bound
 * the 413 says `Connection: close`. The keep-alive behaviour against `next start` is in
 * e2e/api-body-limit.spec.ts.
 */
import { POST as registerRoute } from '@/app/api/register/route';
import { connectDb } from '@/lib/platform/db';
import { PayloadTooLargeError } from '@/lib/core/errors';
import { DRAIN_LIMIT_BYTES, errorResponse, JSON_BODY_LIMIT_BYTES, readBodyBytes } from '@/lib/platform/http';
import { User } from '@/models';
import { callRoute } from '@/tests/helpers/api';

/** A chunked body of `size` bytes; `pulled()` says how many bytes the reader took. */
function body(size: number, chunk = 16 * 1024) {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close();
      const n = Math.min(chunk, size - sent);
      sent += n;
      controller.enqueue(new Uint8Array(n).fill(120));
    },
  });
  return { stream, pulled: () => sent };
}

const request = (stream: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  new Request('http://localhost:3000/api/register', { method: 'POST', body: stream, headers, duplex: 'half' } as RequestInit);

async function refusal(promise: Promise<unknown>): Promise<PayloadTooLargeError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PayloadTooLargeError);
  return error as PayloadTooLargeError;
}

describe('a body over the limit', () => {
  it('is read to its end and discarded when the rest is within the bound: the connection stays open', async () => {
    const { stream, pulled } = body(JSON_BODY_LIMIT_BYTES + DRAIN_LIMIT_BYTES / 2);
    const error = await refusal(readBodyBytes(request(stream), JSON_BODY_LIMIT_BYTES));
    expect(pulled()).toBe(JSON_BODY_LIMIT_BYTES + DRAIN_LIMIT_BYTES / 2);
    expect(error.closeConnection).toBe(false);
    expect(errorResponse(error).headers.get('connection')).toBeNull();
  });

  it('past the bound stops reading and answers Connection: close', async () => {
    const { stream, pulled } = body(JSON_BODY_LIMIT_BYTES + DRAIN_LIMIT_BYTES * 4);
    const error = await refusal(readBodyBytes(request(stream), JSON_BODY_LIMIT_BYTES));
    expect(pulled()).toBeLessThan(JSON_BODY_LIMIT_BYTES + DRAIN_LIMIT_BYTES + 64 * 1024);
    expect(error.closeConnection).toBe(true);
    const res = errorResponse(error);
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
  });

  it('declared past the bound by Content-Length is refused unread, with Connection: close', async () => {
    const { stream, pulled } = body(64 * 1024);
    const headers = { 'content-length': String(JSON_BODY_LIMIT_BYTES + DRAIN_LIMIT_BYTES + 1) };
    const error = await refusal(readBodyBytes(request(stream, headers), JSON_BODY_LIMIT_BYTES));
    // The stream fills its queue with one chunk by itself; nothing more is pulled.
    expect(pulled()).toBeLessThanOrEqual(16 * 1024);
    expect(error.closeConnection).toBe(true);
  });

  it('a route answers 413 JSON and stores nothing', async () => {
    const email = 'big-body@example.com';
    const padding = 'x'.repeat(JSON_BODY_LIMIT_BYTES);
    const res = await callRoute(registerRoute, '/api/register', {
      method: 'POST',
      body: { name: 'Big', email, password: 'secret123', padding },
    });
    expect(res).toMatchObject({ status: 413, body: { error: 'The request body is larger than 100 kB' } });
    expect(res.headers.get('connection')).toBeNull();
    await connectDb();
    expect(await User.countDocuments({ email })).toBe(0);
  });

  it('a body within the limit is read whole', async () => {
    const { stream } = body(JSON_BODY_LIMIT_BYTES);
    expect((await readBodyBytes(request(stream), JSON_BODY_LIMIT_BYTES)).byteLength).toBe(JSON_BODY_LIMIT_BYTES);
  });
});
