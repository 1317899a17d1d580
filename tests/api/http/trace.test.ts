/**
 * TRACE (a method a fetch Request cannot carry, so Next.js answered it 500) is refused
 * with 405 and `Allow` by the server before Next.js sees them: JSON under /api, plain text elsewhere.
 * The request reaches the real server code (scripts/serve.ts) over a real connection.
 */
import http from 'node:http';
import { guardRequests } from '@/scripts/serve';
import { listen } from '@/tests/helpers/listen';

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function send(base: string, method: string, path: string, agent?: http.Agent, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      { method, agent, headers: body ? { 'content-length': Buffer.byteLength(body) } : {} },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('a TRACE request', () => {
  let server: Awaited<ReturnType<typeof listen>>;
  const reached: string[] = [];

  beforeAll(async () => {
    server = await listen(
      guardRequests(
        (req, res) => {
          reached.push(`${req.method} ${req.url}`);
          res.end('next');
        },
        { trustedHops: 0 },
      ),
    );
  });
  afterAll(() => server.stop());

  it('on a page answers 405 with Allow, and never reaches Next.js', async () => {
    for (const path of ['/', '/parts', '/logo.svg', '/parts?q=x']) {
      const answer = await send(server.base, 'TRACE', path);
      expect({ path, status: answer.status, allow: answer.headers.allow, type: answer.headers['content-type'] }).toEqual({
        path,
        status: 405,
        allow: 'GET, HEAD',
        type: 'text/plain; charset=utf-8',
      });
    }
    expect(reached).toEqual([]);
  });

  it('under /api answers JSON 405 with Allow', async () => {
    for (const path of ['/api/parts', '/api/no-such-route', '/api']) {
      const answer = await send(server.base, 'TRACE', path);
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
      expect(answer.headers['content-type']).toBe('application/json');
      expect(JSON.parse(answer.body)).toEqual({ error: 'Method not allowed' });
    }
    expect(reached).toEqual([]);
  });

  it('with a body closes its connection, and the next request on a new one is served', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(server.base, 'TRACE', '/api/parts', agent, 'x'.repeat(1000));
      expect(refused.status).toBe(405);
      expect(refused.headers.connection).toBe('close');
      const next = await send(server.base, 'GET', '/parts', agent);
      expect(next).toMatchObject({ status: 200, body: 'next' });
    } finally {
      agent.destroy();
    }
  });

  it('other methods reach Next.js', async () => {
    reached.length = 0;
    for (const method of ['GET', 'POST', 'OPTIONS', 'DELETE']) expect((await send(server.base, method, '/api/parts')).body).toBe('next');
    expect(reached).toEqual(['GET /api/parts', 'POST /api/parts', 'OPTIONS /api/parts', 'DELETE /api/parts']);
  });
});
