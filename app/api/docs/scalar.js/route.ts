import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { NextResponse } from 'next/server';
import { otherMethods, route } from '@/lib/platform/http';

let bundle: Promise<Buffer> | undefined;

/** GET /api/docs/scalar.js: the browser bundle of @scalar/api-reference, for /api/docs only. */
export const GET = route(async () => {
  bundle ??= readFile(path.join(process.cwd(), 'node_modules/@scalar/api-reference/dist/browser/standalone.js'));
  return new NextResponse(new Uint8Array(await bundle), {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
