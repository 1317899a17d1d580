import { requireAdmin } from '@/lib/auth';
import { rejectedCsv } from '@/lib/imports';
import { otherMethods, route } from '@/lib/platform/http';

type Params = { id: string };

/** GET /api/admin/imports/{id}/rejected.csv: every record the validation rejected, with the reason (admins). */
export const GET = route<Params>(async (req, { id }) => {
  const csv = await rejectedCsv(await requireAdmin(req), id);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="import-${id}-rejected.csv"`,
      'Cache-Control': 'no-store',
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
