import { NextResponse } from 'next/server';
import { requireAdmin } from '@/lib/auth';
import { deleteKit, updateKit } from '@/lib/kits';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { kitPatchSchema } from '@/lib/validations/kits';

type Params = { id: string };

/** PATCH /api/admin/kits/{id}: changes a job's name, lines or position (admins). */
export const PATCH = route<Params>(async (req, { id }) => {
  const actor = await requireAdmin(req);
  return NextResponse.json(await updateKit(actor, id, await readJson(req, kitPatchSchema)));
});

/** DELETE /api/admin/kits/{id}: removes a job (admins). */
export const DELETE = route<Params>(async (req, { id }) => NextResponse.json(await deleteKit(await requireAdmin(req), id)));

export const { GET, POST, PUT, OPTIONS } = otherMethods({ PATCH, DELETE });
