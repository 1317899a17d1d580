import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CATEGORIES, findCategory } from '@/content/categories';
import { CatalogView } from '@/components/catalog/catalog-view';
import { CategoryHeader } from '@/components/catalog/category-header';
import { catalogMetadata } from '@/lib/catalog';
import { categoryPath, paramsOfKey, PLACEHOLDER_KEY } from '@/lib/catalog/url';

type NarrowedCategoryProps = { params: Promise<{ slug: string; filters: string }> };

/** For each category, a key of no fields (a 404): the build has no database, Cache Components wants one. */
export function generateStaticParams(): Array<{ slug: string; filters: string }> {
  return CATEGORIES.map((category) => ({ slug: category.slug, filters: PLACEHOLDER_KEY }));
}

/** The category and the fields of the key, or null (the page is then a 404). The category is the page's, not a field. */
async function narrowed(params: NarrowedCategoryProps['params']) {
  const { slug, filters } = await params;
  const category = findCategory(slug);
  const fields = paramsOfKey(filters);
  if (!category || !fields || fields.category) return null;
  return { category, fields };
}

export async function generateMetadata({ params }: NarrowedCategoryProps): Promise<Metadata> {
  const page = await narrowed(params);
  if (!page) return {};
  const { category, fields } = page;
  return catalogMetadata({ ...fields, category: category.slug }, { title: `${category.name} parts`, description: category.description });
}

/** A narrowed category, reached through proxy.ts with the fields as one key: rendered on first visit, then cached. */
export default async function NarrowedCategoryPage({ params }: NarrowedCategoryProps) {
  const page = await narrowed(params);
  if (!page) notFound();
  const { category, fields } = page;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <CategoryHeader category={category} />
      <div className="mt-8">
        <CatalogView basePath={categoryPath(category.slug)} params={fields} category={category.slug} />
      </div>
    </div>
  );
}
