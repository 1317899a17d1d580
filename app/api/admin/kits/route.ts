import { NextResponse } from 'next/server';
import { requireAdmin } from '@/lib/auth';
import { createKit, listKits } from '@/lib/kits';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { kitSchema } from '@/lib/validations/kits';

/** GET /api/admin/kits: the job kits, in the storefront's order (admins). */
export const GET = route(async (req) => NextResponse.json(await listKits(await requireAdmin(req))));

/** POST /api/admin/kits: a new job (admins); 409 when one has the same name. */
export const POST = route(async (req) => {
  const actor = await requireAdmin(req);
  return NextResponse.json(await createKit(actor, await readJson(req, kitSchema)), { status: 201 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
