import type { Metadata } from 'next';
import { CatalogView } from '@/components/catalog/catalog-view';
import { CATALOG_DESCRIPTION, catalogMetadata } from '@/lib/catalog-seo';
import { CATALOG_PATH } from '@/lib/catalog-url';

export const metadata: Metadata = catalogMetadata({}, { title: 'All parts', description: CATALOG_DESCRIPTION });

/**
 * The catalog as everyone first sees it: every part, first page. The same for every visitor, so it is
 * cached whole; a URL with search, filters, sort or a page number goes to /parts/filtered (next.config.mjs).
 */
export default function CatalogPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900">All parts</h1>
      <div className="mt-8">
        <CatalogView basePath={CATALOG_PATH} params={{}} />
      </div>
    </div>
  );
}
