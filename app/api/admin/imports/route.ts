import { NextResponse } from 'next/server';
import { requireAdmin } from '@/lib/auth';
import { listImports, startImport } from '@/lib/imports';
import { otherMethods, route } from '@/lib/platform/http';

/** GET /api/admin/imports: the imports, newest first (admins). */
export const GET = route(async (req) => NextResponse.json(await listImports(await requireAdmin(req))));

/** POST /api/admin/imports: a supplier's file (multipart `file` + `format`) or JSON `{ url, format }`; 202 `{ id, state }` (admins). */
export const POST = route(async (req) => {
  const actor = await requireAdmin(req);
  return NextResponse.json(await startImport(actor, req), { status: 202 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
