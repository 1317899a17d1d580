import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { CATEGORIES } from '@/content/categories';
import { CatalogView } from '@/components/catalog/catalog-view';
import { catalogMetadata } from '@/lib/catalog/seo';
import { categoryPath, CATALOG_PATH, readCatalogParams } from '@/lib/catalog/url';

type CategoryPageProps = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const findCategory = (slug: string) => CATEGORIES.find((category) => category.slug === slug);

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

/** A category's own page: its description and the catalog narrowed to it. */
export default async function CategoryPage({ params, searchParams }: CategoryPageProps) {
  const category = findCategory((await params).slug);
  if (!category) notFound();
  // The category is the page's, not a field of its URL.
  const fields = readCatalogParams(await searchParams);
  delete fields.category;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-600">
        <Link href="/" className="hover:text-slate-900">
          Home
        </Link>{' '}
        /{' '}
        <Link href={CATALOG_PATH} className="hover:text-slate-900">
          Parts
        </Link>{' '}
        / <span className="text-slate-900">{category.name}</span>
      </nav>
      <h1 className="text-3xl font-bold text-slate-900">{category.name}</h1>
      <p className="mt-2 max-w-3xl text-slate-600">{category.description}</p>
      <div className="mt-8">
        <CatalogView basePath={categoryPath(category.slug)} params={fields} category={category.slug} />
      </div>
    </div>
  );
}
