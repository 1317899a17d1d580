import { NextResponse } from 'next/server';
import { requireAdmin } from '@/lib/auth/caller';
import { parseInput, route, searchParamsOf } from '@/lib/http';
import { listUsers } from '@/lib/users';
import { pageQuerySchema } from '@/lib/validations/common';

/** GET /api/user: the users (admins only), oldest first; `limit` (1..100) and `page` optional. */
export const GET = route(async (req) => {
  await requireAdmin(req);
  const page = await listUsers(parseInput(pageQuerySchema, searchParamsOf(req)));
  const users = page.items.map(({ _id, email, name, role, emailVerified, createdAt }) => ({
    _id,
    email,
    name,
    role,
    emailVerified,
    createdAt,
  }));
  return NextResponse.json(users, { headers: { 'X-Total-Count': String(page.total) } });
});
