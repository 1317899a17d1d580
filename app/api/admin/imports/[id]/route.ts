import { NextResponse } from 'next/server';
import { requireAdmin } from '@/lib/auth';
import { cancelImport, getImport } from '@/lib/imports';
import { otherMethods, route } from '@/lib/platform/http';

type Params = { id: string };

/** GET /api/admin/imports/{id}: the import's state, progress, counts and first 1,000 rejected records (admins). */
export const GET = route<Params>(async (req, { id }) =>
  NextResponse.json(await getImport(await requireAdmin(req), id), { headers: { 'Cache-Control': 'no-store' } }),
);

/** DELETE /api/admin/imports/{id}: cancels the import; a running phase stops at its next batch (admins). */
export const DELETE = route<Params>(async (req, { id }) => NextResponse.json(await cancelImport(await requireAdmin(req), id)));

export const { POST, PUT, PATCH, OPTIONS } = otherMethods({ GET, DELETE });
