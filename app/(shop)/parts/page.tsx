import type { Metadata } from 'next';
import { CatalogView } from '@/components/catalog/catalog-view';
import { VehicleRedirect } from '@/components/catalog/vehicle-redirect';
import { CATALOG_DESCRIPTION, catalogMetadata } from '@/lib/catalog';
import { CATALOG_PATH } from '@/lib/catalog/url';

export const metadata: Metadata = catalogMetadata({}, { title: 'All parts', description: CATALOG_DESCRIPTION });

/** The catalog's first page, static from cached reads and remade by their tags; narrowed views live at ./search. */
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
