import { listUsers } from '@/lib/accounts';
import { requireActor } from '@/lib/auth';
import { otherMethods, pageResponse, parseInput, route, searchParamsOf } from '@/lib/platform/http';
import { pageQuerySchema } from '@/lib/validations/common';

/** GET /api/user: the users (admins only), oldest first; `limit` (1..100) and `page` optional. */
export const GET = route(async (req) => {
  const actor = await requireActor(req);
  const page = await listUsers(actor, parseInput(pageQuerySchema, searchParamsOf(req)));
  // The public fields of an account: no password hash, no session version.
  const items = page.items.map(({ _id, email, name, role, emailVerified, createdAt }) => ({
    _id,
    email,
    name,
    role,
    emailVerified,
    createdAt,
  }));
  return pageResponse({ ...page, items });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
