import 'server-only';
import { tagCatalogRead } from '@/lib/platform/cache';
import { connectDb } from '@/lib/platform/db';
import { isBuildWithoutDatabase } from '@/lib/platform/env';
import { ShopSettings } from '@/models';
import { SHIPPING_TAG } from './shipping';

/** The one settings document's id. */
export const SHOP_SETTINGS_ID = 'shop';

/** The owner's inbox for new orders ('' when unset), cached under the checkout settings' tag so a settings change expires it. */
export async function ordersInbox(): Promise<string> {
  'use cache';
  tagCatalogRead(SHIPPING_TAG);
  if (isBuildWithoutDatabase()) return '';
  await connectDb();
  const settings = await ShopSettings.findById(SHOP_SETTINGS_ID, { ordersEmail: 1 }).lean();
  return settings?.ordersEmail ?? '';
}
