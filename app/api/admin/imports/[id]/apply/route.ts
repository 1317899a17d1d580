import { NextResponse } from 'next/server';
import { requireAdmin } from '@/lib/auth';
import { applyImport } from '@/lib/imports';
import { otherMethods, route } from '@/lib/platform/http';

type Params = { id: string };

/** POST /api/admin/imports/{id}/apply: makes a validated import live in the background; 409 unless validated (admins). */
export const POST = route<Params>(async (req, { id }) =>
  NextResponse.json(await applyImport(await requireAdmin(req), id), { status: 202 }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
