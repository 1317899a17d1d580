import type { Metadata } from 'next';
import { CatalogView } from '@/components/catalog/catalog-view';
import { catalogMetadata } from '@/lib/catalog/seo';
import { CATALOG_PATH, readCatalogParams } from '@/lib/catalog/url';

type CatalogPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: CatalogPageProps): Promise<Metadata> {
  const params = readCatalogParams(await searchParams);
  return catalogMetadata(params, {
    title: params.q ? `Search: ${params.q}` : 'All parts',
    description: 'Every part in the shop: filter by category, brand, price, stock and the vehicle it fits.',
  });
}

/** The catalog: every part, paged, with search, filters, sort and the vehicle fit, all in the URL. */
export default async function CatalogPage({ searchParams }: CatalogPageProps) {
  const params = readCatalogParams(await searchParams);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900">{params.q ? `Results for “${params.q}”` : 'All parts'}</h1>
      <div className="mt-8">
        <CatalogView basePath={CATALOG_PATH} params={params} />
      </div>
    </div>
  );
}
