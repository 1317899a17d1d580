import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { CATEGORIES, findCategory } from '@/content/categories';
import { CatalogFallback } from '@/components/catalog/catalog-fallback';
import { CatalogView } from '@/components/catalog/catalog-view';
import { CategoryHeader } from '@/components/catalog/category-header';
import { catalogMetadata } from '@/lib/catalog/seo';
import { categoryPath, readCatalogParams } from '@/lib/catalog/url';

type CategoryPageProps = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export function generateStaticParams(): Array<{ slug: string }> {
  return CATEGORIES.map((category) => ({ slug: category.slug }));
}

export async function generateMetadata({ params, searchParams }: CategoryPageProps): Promise<Metadata> {
  const category = findCategory((await params).slug);
  if (!category) return {};
  return catalogMetadata(
    { ...readCatalogParams(await searchParams), category: category.slug },
    { title: `${category.name} parts`, description: category.description },
  );
}

/**
 * A category narrowed further: its description (prerendered) and the catalog narrowed to it, streamed
 * in from the cached catalog reads with the URL's search, filters, sort and page.
 */
export default async function CategorySearchPage({ params, searchParams }: CategoryPageProps) {
  const category = findCategory((await params).slug);
  if (!category) notFound();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <CategoryHeader category={category} />
      <Suspense fallback={<CatalogFallback />}>
        <CategoryResults slug={category.slug} searchParams={searchParams} />
      </Suspense>
    </div>
  );
}

async function CategoryResults({ slug, searchParams }: { slug: string; searchParams: CategoryPageProps['searchParams'] }) {
  // The category is the page's, not a field of its URL.
  const fields = readCatalogParams(await searchParams);
  delete fields.category;
  return (
    <div className="mt-8">
      <CatalogView basePath={categoryPath(slug)} params={fields} category={slug} />
    </div>
  );
}
