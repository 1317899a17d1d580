import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { findCategory } from '@/content/categories';
export { generateStaticParams } from '../page';
import { CatalogFallback } from '@/components/catalog/catalog-fallback';
import { CatalogView } from '@/components/catalog/catalog-view';
import { CategoryHeader } from '@/components/catalog/category-header';
import { catalogMetadata } from '@/lib/catalog-seo';
import { categoryPath, readCatalogParams } from '@/lib/catalog-url';

type FilteredCategoryPageProps = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params, searchParams }: FilteredCategoryPageProps): Promise<Metadata> {
  const category = findCategory((await params).slug);
  if (!category) return {};
  return catalogMetadata(
    { ...readCatalogParams(await searchParams), category: category.slug },
    { title: `${category.name} parts`, description: category.description },
  );
}

/** A category page with search, filters, sort or a page number in its URL (next.config.mjs rewrites it here). */
export default async function FilteredCategoryPage({ params, searchParams }: FilteredCategoryPageProps) {
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

async function CategoryResults({ slug, searchParams }: { slug: string; searchParams: FilteredCategoryPageProps['searchParams'] }) {
  // The category is the page's, not a field of its URL.
  const fields = readCatalogParams(await searchParams);
  delete fields.category;
  return (
    <div className="mt-8">
      <CatalogView basePath={categoryPath(slug)} params={fields} category={slug} />
    </div>
  );
}
