import { NextResponse } from 'next/server';
import { requireAdmin } from '@/lib/auth';
import { getShopSettings, updateShopSettings } from '@/lib/checkout';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { shopSettingsSchema } from '@/lib/validations/checkout-admin';

/** GET /api/admin/settings: the shop's settings (admins). */
export const GET = route(async (req) => NextResponse.json(await getShopSettings(await requireAdmin(req))));

/** PUT /api/admin/settings: `{ ordersEmail }`, the inbox told of each new order ('' for nobody). */
export const PUT = route(async (req) => {
  const actor = await requireAdmin(req);
  return NextResponse.json(await updateShopSettings(actor, await readJson(req, shopSettingsSchema)));
});

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods({ GET, PUT });
