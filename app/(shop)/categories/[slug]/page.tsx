import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CATEGORIES, findCategory } from '@/content/categories';
import { CatalogView } from '@/components/catalog/catalog-view';
import { CategoryHeader } from '@/components/catalog/category-header';
import { VehicleRedirect } from '@/components/catalog/vehicle-redirect';
import { catalogMetadata } from '@/lib/catalog';
import { categoryPath } from '@/lib/catalog/url';

type CategoryPageProps = { params: Promise<{ slug: string }> };

export function generateStaticParams(): Array<{ slug: string }> {
  return CATEGORIES.map((category) => ({ slug: category.slug }));
}

export async function generateMetadata({ params }: CategoryPageProps): Promise<Metadata> {
  const category = findCategory((await params).slug);
  if (!category) return {};
  return catalogMetadata({ category: category.slug }, { title: `${category.name} parts`, description: category.description });
}

/** A category's own page, static like /parts; narrowed views live at ./search. */
export default async function CategoryPage({ params }: CategoryPageProps) {
  const category = findCategory((await params).slug);
  if (!category) notFound();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <VehicleRedirect />
      <CategoryHeader category={category} />
      <div className="mt-8">
        <CatalogView basePath={categoryPath(category.slug)} params={{}} category={category.slug} />
      </div>
    </div>
  );
}
