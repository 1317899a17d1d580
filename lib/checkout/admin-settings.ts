import 'server-only';
import { assertAdmin } from '@/lib/auth';
import { recordAudit } from '@/lib/audit';
import { SHOP_SETTINGS_ID } from '@/lib/checkout/settings';
import { connectDb } from '@/lib/platform/db';
import type { ShopSettingsInput } from '@/lib/validations/checkout-admin';
import { ShopSettings } from '@/models';
import { type Admin, ratesChanged } from './admin-common';
import { isoOrNull as iso } from '@/lib/core/utils';

/** The shop's settings an admin edits (issue 29). */

export type ShopSettingsDTO = { ordersEmail: string; shippingSeededAt: string | null };

export async function getShopSettings(actor: Admin): Promise<ShopSettingsDTO> {
  assertAdmin(actor);
  await connectDb();
  const settings = await ShopSettings.findById(SHOP_SETTINGS_ID).lean();
  return { ordersEmail: settings?.ordersEmail ?? '', shippingSeededAt: iso(settings?.shippingSeededAt) };
}

export async function updateShopSettings(actor: Admin, input: ShopSettingsInput): Promise<ShopSettingsDTO> {
  const before = await getShopSettings(actor);
  // An upsert: the document may not exist yet (the defaults' seeding inserts it once, lib/checkout/defaults.ts).
  await ShopSettings.updateOne({ _id: SHOP_SETTINGS_ID }, { $set: { ordersEmail: input.ordersEmail } }, { upsert: true });
  await ratesChanged();
  const after = await getShopSettings(actor);
  if (before.ordersEmail !== after.ordersEmail)
    await recordAudit(actor, {
      action: 'settings.update',
      target: { kind: 'settings', id: SHOP_SETTINGS_ID, label: 'Shop settings' },
      before: { ordersEmail: before.ordersEmail },
      after: { ordersEmail: after.ordersEmail },
    });
  return after;
}
