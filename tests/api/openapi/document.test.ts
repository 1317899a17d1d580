/**
 * The OpenAPI document: a valid OpenAPI 3.1 document (swagger-parser), with an operation for every
 * method of every route under app/api and nothing else, each request described by the zod schema the
 * route parses with.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { GET as openapiRoute } from '@/app/api/openapi.json/route';
import { POST as webhookRoute } from '@/app/api/webhooks/stripe/route';
import { METHODS } from '@/lib/platform/http';
import { buildOpenApiDocument } from '@/lib/api-reference/document';
import { placeOrderSchema } from '@/lib/validations/orders';
import { callRoute } from '@/tests/helpers/api';

type Operation = {
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

const API_DIR = path.join(process.cwd(), 'app/api');
const routeDirs = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeDirs(full);
    return entry.name === 'route.ts' ? [path.relative(API_DIR, dir)] : [];
  });

const doc = buildOpenApiDocument() as unknown as Document;

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('has an operation for exactly the methods each route implements', async () => {
    const dirs = routeDirs(API_DIR).filter((dir) => !dir.startsWith('[...path]') && !dir.startsWith('auth/'));
    expect(dirs.length).toBeGreaterThanOrEqual(30);
    for (const dir of dirs) {
      const mod = (await import(path.join(API_DIR, dir, 'route.ts'))) as Record<string, unknown>;
      const res = await callRoute(mod.OPTIONS as never, `/api/${dir}`, { method: 'OPTIONS' });
      const implemented = METHODS.filter((method) => (res.headers.get('allow') ?? '').split(', ').includes(method));
      const pathKey = `/api/${dir.replace(/\[(\w+)\]/g, '{$1}')}`;
      expect({ pathKey, methods: Object.keys(doc.paths[pathKey] ?? {}).sort() }).toEqual({
        pathKey,
        methods: implemented.map((method) => method.toLowerCase()).sort(),
      });
    }
  });

  it('describes a body with the schema the route parses it with, security and every answer', () => {
    const placeOrder = doc.paths['/api/order']!.post!;
    const schema = placeOrder.requestBody!.content['application/json']!.schema;
    expect(Object.keys(schema.properties ?? {}).sort()).toEqual(Object.keys(placeOrderSchema.shape).sort());
    expect([...(schema.required ?? [])].sort()).toEqual(['address', 'partId', 'phone', 'quantity']);
    expect(placeOrder.security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(Object.keys(placeOrder.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '404', '409', '413', '415', '503']),
    );
    expect(doc.paths['/api/parts']!.get!.security).toBeUndefined();
    expect(doc.paths['/api/user/{email}']!.put!.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/parts/{id}']!.get!.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
  });

  it('is served at /api/openapi.json', async () => {
    const served = await callRoute(openapiRoute, '/api/openapi.json');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/json');
    expect(served.body).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it('lists the status the webhook answers on a shop without Stripe (Schemathesis found it undocumented)', async () => {
    const res = await callRoute(webhookRoute, '/api/webhooks/stripe', { method: 'POST', body: {}, headers: { 'stripe-signature': 'x' } });
    expect(res.status).toBe(404);
    expect(Object.keys(doc.paths['/api/webhooks/stripe']!.post!.responses)).toContain(String(res.status));
  });
});
