import { NextResponse } from 'next/server';
import { otherMethods, route } from '@/lib/platform/http';
import { buildOpenApiDocument } from '@/lib/api-reference';

let document: string | undefined;

/** GET /api/openapi.json: the API's OpenAPI 3.1 document, built once per process from the zod schemas. */
export const GET = route(async () => {
  document ??= JSON.stringify(buildOpenApiDocument());
  return new NextResponse(document, { headers: { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=300' } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
