/**
 * Every path under /api answers JSON: a path no route claims is 404 `{ error: 'Not found' }`, and a
 * method a route does not implement is 405 with `Allow` naming the ones it does.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import * as catchAll from '@/app/api/[...path]/route';
import { METHODS } from '@/lib/platform/http';
import { callRoute } from '@/tests/helpers/api';

type Module = Record<string, unknown>;
const API_DIR = path.join(process.cwd(), 'app/api');

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === 'route.ts' ? [full] : [];
  });
}

const routes = routeFiles(API_DIR)
  .filter((file) => !file.includes('[...path]'))
  .map((file) => path.relative(API_DIR, path.dirname(file)));

async function load(dir: string): Promise<Module> {
  return (await import(path.join(API_DIR, dir, 'route.ts'))) as Module;
}

async function allowOf(mod: Module, dir: string): Promise<string[]> {
  const res = await callRoute(mod.OPTIONS as never, `/api/${dir}`, { method: 'OPTIONS' });
  expect(res.status).toBe(204);
  return (res.headers.get('allow') ?? '').split(', ');
}

describe('methods under /api', () => {
  it('finds the route files', () => {
    expect(routes.length).toBeGreaterThanOrEqual(29);
    expect(routes).toEqual(expect.arrayContaining(['parts', 'parts/[id]', 'order/[id]', 'auth/[...nextauth]']));
  });

  it.each(routes)('/api/%s exports every method and OPTIONS', async (dir) => {
    const mod = await load(dir);
    for (const method of [...METHODS, 'OPTIONS']) expect(typeof mod[method]).toBe('function');
  });

  it.each(routes.filter((dir) => dir !== 'auth/[...nextauth]'))(
    '/api/%s answers a method it lacks with JSON 405 and Allow',
    async (dir) => {
      const mod = await load(dir);
      const allow = await allowOf(mod, dir);
      expect(allow).toContain('OPTIONS');
      const refused = METHODS.filter((method) => !allow.includes(method));
      for (const method of refused) {
        const res = await callRoute(mod[method] as never, `/api/${dir}`, { method, origin: null });
        expect({ method, status: res.status, body: res.body }).toEqual({ method, status: 405, body: { error: 'Method not allowed' } });
        expect(res.headers.get('allow')).toBe(allow.join(', '));
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      }
    },
  );

  it.each([
    ['parts', 'GET, POST, HEAD, OPTIONS'],
    ['parts/[id]', 'GET, PUT, DELETE, HEAD, OPTIONS'],
    ['order/[id]', 'GET, PUT, PATCH, DELETE, HEAD, OPTIONS'],
    ['register', 'POST, OPTIONS'],
    ['review/[id]', 'DELETE, OPTIONS'],
    ['auth/[...nextauth]', 'GET, POST, HEAD, OPTIONS'],
  ])('/api/%s allows %s', async (dir, expected) => {
    const mod = await load(dir);
    expect((await allowOf(mod, dir)).join(', ')).toBe(expected);
    const res = await callRoute(mod.PATCH as never, `/api/${dir}`, { method: 'PATCH', origin: null });
    expect(res.status).toBe(expected.includes('PATCH') ? 401 : 405);
  });

  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const)('an unknown path answers %s with JSON 404', async (method) => {
    const res = await callRoute(catchAll[method] as never, '/api/no/such/thing', { method });
    expect(res).toMatchObject({ status: 404, body: { error: 'Not found' } });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
