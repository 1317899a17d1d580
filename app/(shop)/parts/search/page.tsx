import type { Metadata } from 'next';
import { Suspense } from 'react';
import { CatalogFallback } from '@/components/catalog/catalog-fallback';
import { CatalogView } from '@/components/catalog/catalog-view';
import { CATALOG_DESCRIPTION, catalogMetadata } from '@/lib/catalog/seo';
import { CATALOG_PATH, readCatalogParams } from '@/lib/catalog/url';

type CatalogPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: CatalogPageProps): Promise<Metadata> {
  const params = readCatalogParams(await searchParams);
  return catalogMetadata(params, { title: params.q ? `Search: ${params.q}` : 'All parts', description: CATALOG_DESCRIPTION });
}

/**
 * The catalog narrowed by its URL: search, filters, sort, the vehicle fit and the page number. The page
 * around the results is prerendered; the results stream in from the cached catalog reads. The plain
 * list is the static /parts (../page.tsx); the old `/parts?…` URLs are sent here by proxy.ts.
 */
export default function CatalogSearchPage({ searchParams }: CatalogPageProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <Suspense fallback={<CatalogFallback title="All parts" />}>
        <CatalogResults searchParams={searchParams} />
      </Suspense>
    </div>
  );
}

async function CatalogResults({ searchParams }: CatalogPageProps) {
  const params = readCatalogParams(await searchParams);
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">{params.q ? `Results for “${params.q}”` : 'All parts'}</h1>
      <div className="mt-8">
        <CatalogView basePath={CATALOG_PATH} params={params} />
      </div>
    </>
  );
}
