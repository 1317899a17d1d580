import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { NotFoundError } from '@/lib/core/errors';

/** Swagger UI at /api/docs, every file from our origin so the page's CSP allows no inline script or style. */

/** What the page may load: its own files, the document, and the data: images of Swagger UI's style sheet. */
export const REFERENCE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

// No validator badge: Swagger UI would load it as an image from validator.swagger.io.
const START_SCRIPT = `window.addEventListener('DOMContentLoaded', function () {
  window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#reference', deepLinking: true, validatorUrl: null });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>PartsMart API</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css">
  </head>
  <body>
    <main id="reference"></main>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/reference.js"></script>
  </body>
</html>
`;

const JAVASCRIPT = 'text/javascript; charset=utf-8';

// Each path spelled out, so that the build's file tracing takes exactly these files of the package.
const ASSETS: Record<string, { type: string; read: () => Promise<Buffer> | string }> = {
  'swagger-ui-bundle.js': {
    type: JAVASCRIPT,
    read: () => readFile(path.join(process.cwd(), 'node_modules/swagger-ui-dist/swagger-ui-bundle.js')),
  },
  'swagger-ui.css': {
    type: 'text/css; charset=utf-8',
    read: () => readFile(path.join(process.cwd(), 'node_modules/swagger-ui-dist/swagger-ui.css')),
  },
  'reference.js': { type: JAVASCRIPT, read: () => START_SCRIPT },
};
export const REFERENCE_ASSETS = Object.keys(ASSETS) as [string, ...string[]];

/** The reference page. */
export function referencePage(): Response {
  return new Response(PAGE, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': REFERENCE_CSP,
      'Cache-Control': 'public, max-age=300',
    },
  });
}

const bodies = new Map<string, Promise<Uint8Array<ArrayBuffer> | string>>();

/** One of the page's files (read once per process; a failed read is tried again); any other name is not found. */
export async function referenceAsset(name: string): Promise<Response> {
  const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
  if (!asset) throw new NotFoundError();
  let body = bodies.get(name);
  if (!body) {
    body = Promise.resolve(asset.read()).then((content) => (typeof content === 'string' ? content : new Uint8Array(content)));
    bodies.set(name, body);
    body.catch(() => bodies.delete(name));
  }
  return new Response(await body, { headers: { 'Content-Type': asset.type, 'Cache-Control': 'public, max-age=86400' } });
}
