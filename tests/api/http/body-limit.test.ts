/**
 * A refused body leaves the connection usable: a body over the limit is read to its end and thrown away while it
 * stays within what the shipped nginx passes on (FRONT_BODY_LIMIT_BYTES), so nginx never meets a connection closed
 * under a body it is still sending; past that bound the 413 says `Connection: close`. The keep-alive behaviour against
 * `next start` is in e2e/api-body-limit.spec.ts, the one through nginx in the cluster test.
 */
import { POST as registerRoute } from '@/app/api/register/route';
import { connectDb } from '@/lib/platform/db';
import { PayloadTooLargeError } from '@/lib/core/errors';
import { drainBody, errorResponse, FRONT_BODY_LIMIT_BYTES, JSON_BODY_LIMIT_BYTES, readBodyBytes } from '@/lib/platform/http';
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
  it('is read to its end and discarded when it ends exactly at the bound: the connection stays open', async () => {
    const { stream, pulled } = body(FRONT_BODY_LIMIT_BYTES);
    const error = await refusal(readBodyBytes(request(stream), JSON_BODY_LIMIT_BYTES));
    expect(pulled()).toBe(FRONT_BODY_LIMIT_BYTES);
    expect(error.closeConnection).toBe(false);
    expect(errorResponse(error).headers.get('connection')).toBeNull();
  });

  it('declared over the limit but within the bound is read and discarded too', async () => {
    const size = JSON_BODY_LIMIT_BYTES * 3;
    const { stream, pulled } = body(size);
    const error = await refusal(readBodyBytes(request(stream, { 'content-length': String(size) }), JSON_BODY_LIMIT_BYTES));
    expect(pulled()).toBe(size);
    expect(error.closeConnection).toBe(false);
  });

  it('one byte past the bound stops reading and answers Connection: close', async () => {
    const { stream, pulled } = body(FRONT_BODY_LIMIT_BYTES + 1);
    const error = await refusal(readBodyBytes(request(stream), JSON_BODY_LIMIT_BYTES));
    expect(pulled()).toBe(FRONT_BODY_LIMIT_BYTES + 1);
    expect(error.closeConnection).toBe(true);
    const res = errorResponse(error);
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
  });

  it('far past the bound stops reading soon after it', async () => {
    const { stream, pulled } = body(FRONT_BODY_LIMIT_BYTES * 4);
    const error = await refusal(readBodyBytes(request(stream), JSON_BODY_LIMIT_BYTES));
    expect(pulled()).toBeLessThan(FRONT_BODY_LIMIT_BYTES + 64 * 1024);
    expect(error.closeConnection).toBe(true);
  });

  it('a route may drain further: its own bound decides', async () => {
    const { stream, pulled } = body(FRONT_BODY_LIMIT_BYTES * 2);
    const error = await refusal(readBodyBytes(request(stream), JSON_BODY_LIMIT_BYTES, 'too large', FRONT_BODY_LIMIT_BYTES * 2));
    expect(pulled()).toBe(FRONT_BODY_LIMIT_BYTES * 2);
    expect(error.closeConnection).toBe(false);
  });

  it('declared past the bound by Content-Length is refused unread, with Connection: close', async () => {
    const { stream, pulled } = body(64 * 1024);
    const headers = { 'content-length': String(FRONT_BODY_LIMIT_BYTES + 1) };
    const error = await refusal(readBodyBytes(request(stream, headers), JSON_BODY_LIMIT_BYTES));
    // The stream fills its queue with one chunk by itself; nothing more is pulled.
    expect(pulled()).toBeLessThanOrEqual(16 * 1024);
    expect(error.closeConnection).toBe(true);
  });

  it('declared exactly at the bound is read, not refused unread', async () => {
    const { stream, pulled } = body(FRONT_BODY_LIMIT_BYTES);
    const headers = { 'content-length': String(FRONT_BODY_LIMIT_BYTES) };
    const error = await refusal(readBodyBytes(request(stream, headers), JSON_BODY_LIMIT_BYTES));
    expect(pulled()).toBe(FRONT_BODY_LIMIT_BYTES);
    expect(error.closeConnection).toBe(false);
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

describe('drainBody', () => {
  const chunks = (...sizes: number[]) => {
    const queue = sizes.map((n) => new Uint8Array(n));
    let taken = 0;
    return {
      next: async (): Promise<IteratorResult<Uint8Array>> => {
        const value = queue.shift();
        if (!value) return { done: true, value: undefined };
        taken += value.byteLength;
        return { done: false, value };
      },
      taken: () => taken,
    };
  };

  it('counts what was read before it: a body ending at the bound is clean, one byte more is not', async () => {
    const atBound = chunks(40, 60);
    expect(await drainBody(atBound.next, 100, 200)).toBe(true);
    expect(atBound.taken()).toBe(100);
    const past = chunks(40, 61, 500);
    expect(await drainBody(past.next, 100, 200)).toBe(false);
    expect(past.taken()).toBe(101);
  });

  it('a client that stops sending part-way leaves it unclean', async () => {
    let calls = 0;
    const next = async (): Promise<IteratorResult<Uint8Array>> => {
      if (++calls > 1) throw new TypeError('terminated');
      return { done: false, value: new Uint8Array(10) };
    };
    expect(await drainBody(next, 0, 1000)).toBe(false);
    expect(calls).toBe(2);
  });
});
