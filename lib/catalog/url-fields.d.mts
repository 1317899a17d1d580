/** Types of lib/catalog/url-fields.mjs (plain JavaScript that next.config.mjs loads too). */
import type { CatalogParam } from '@/lib/catalog/url';

export const CATALOG_URL_FIELDS: Record<CatalogParam, string | null>;
