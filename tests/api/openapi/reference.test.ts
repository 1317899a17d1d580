/**
 * The API reference at /api/docs: a page whose scripts and style sheets are all files of its own
 * route (no inline script or style, a CSP that allows nothing else), served from Swagger UI's package.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GET as pageRoute } from '@/app/api/docs/route';
import { GET as assetRoute } from '@/app/api/docs/[asset]/route';
import { callRoute } from '@/tests/helpers/api';

const asset = (name: string) => callRoute<string>(assetRoute, `/api/docs/${name}`, { params: { asset: name } });

describe('the API reference', () => {
  it('is a page with no inline script or style, under a CSP that allows only its own origin', async () => {
    const res = await callRoute<string>(pageRoute, '/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = Object.fromEntries(
      res.headers
        .get('content-security-policy')!
        .split('; ')
        .map((rule) => [rule.split(' ')[0], rule.split(' ').slice(1).join(' ')]),
    );
    expect(csp).toEqual({
      'default-src': "'none'",
      'script-src': "'self'",
      'style-src': "'self'",
      'img-src': "'self' data:",
      'connect-src': "'self'",
      'base-uri': "'none'",
      'form-action': "'none'",
      'frame-ancestors': "'none'",
    });
    expect(res.body).not.toMatch(/<script(?![^>]*\ssrc=)/);
    expect(res.body).not.toMatch(/<style|\sstyle=|\son\w+=/);
  });

  it('serves every script and style sheet the page names, with its type', async () => {
    const page = (await callRoute<string>(pageRoute, '/api/docs')).body;
    const named = [...page.matchAll(/(?:src|href)="\/api\/docs\/([^"]+)"/g)].map((match) => match[1]!);
    expect(named.sort()).toEqual(['reference.js', 'swagger-ui-bundle.js', 'swagger-ui.css']);
    for (const name of named) {
      const res = await asset(name);
      expect({ name, status: res.status, type: res.headers.get('content-type') }).toEqual({
        name,
        status: 200,
        type: name.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8',
      });
    }
    const bundle = readFileSync(path.join(process.cwd(), 'node_modules/swagger-ui-dist/swagger-ui-bundle.js'), 'utf8');
    expect((await asset('swagger-ui-bundle.js')).body).toBe(bundle);
    expect((await asset('reference.js')).body).toMatch(/SwaggerUIBundle\(\{ url: '\/api\/openapi\.json',.*validatorUrl: null/);
  });

  it.each(['index.html', 'swagger-ui.js.map', '..%2Fpackage.json', 'constructor', '__proto__'])('answers 404 for %s', async (name) => {
    const res = await asset(name);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found' });
  });
});
