/**
 * /api/auth answers a method an endpoint does not take with JSON 405 and `Allow`, and an endpoint
 * next-auth does not have with JSON 404 (Schemathesis found GET of the credentials callback answering
 * 500, and POST of csrf and session 400).
 */
import * as nextAuthRoute from '@/app/api/auth/[...nextauth]/route';
import { callRoute } from '@/tests/helpers/api';

const call = (method: string, ...segments: string[]) =>
  callRoute(nextAuthRoute[method as 'GET'] as never, `/api/auth/${segments.join('/')}`, {
    method,
    params: { nextauth: segments },
  });

describe('methods of /api/auth', () => {
  it.each([
    ['GET', ['callback', 'credentials'], 'POST, OPTIONS'],
    ['POST', ['csrf'], 'GET, HEAD, OPTIONS'],
    ['POST', ['session'], 'GET, HEAD, OPTIONS'],
    ['POST', ['providers'], 'GET, HEAD, OPTIONS'],
  ])('%s /api/auth/%s answers 405 with Allow %s', async (method, segments, allow) => {
    const res = await call(method, ...segments);
    expect(res).toMatchObject({ status: 405, body: { error: 'Method not allowed' } });
    expect(res.headers.get('allow')).toBe(allow);
  });

  it('answers an endpoint next-auth does not have with JSON 404', async () => {
    for (const method of ['GET', 'POST'])
      expect(await call(method, 'nothing-here')).toMatchObject({ status: 404, body: { error: 'Not found' } });
  });
});
