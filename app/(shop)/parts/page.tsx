import type { Metadata } from 'next';
import { CatalogView } from '@/components/catalog/catalog-view';
import { VehicleRedirect } from '@/components/catalog/vehicle-redirect';
import { CATALOG_DESCRIPTION, catalogMetadata } from '@/lib/catalog';
import { CATALOG_PATH } from '@/lib/catalog/url';

export const metadata: Metadata = catalogMetadata({}, { title: 'All parts', description: CATALOG_DESCRIPTION });

/**
 * The catalog's first page, every part: a static page from the cached catalog reads, made again when a
 * part it shows or the list changes (their tags). Searched, filtered, sorted or paged, the catalog is
 * at /parts/search (./search/page.tsx). A browser with a chosen vehicle goes on to that vehicle's list.
 */
export default function CatalogPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <VehicleRedirect />
      <h1 className="text-3xl font-bold text-slate-900">All parts</h1>
      <div className="mt-8">
        <CatalogView basePath={CATALOG_PATH} params={{}} />
      </div>
    </div>
  );
}
