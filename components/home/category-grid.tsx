import { CATEGORIES } from '@/content/categories';
import { CatalogLink } from '@/components/catalog/catalog-link';
import { categoryPath } from '@/lib/catalog/url';

/** The home page's way into the catalog: one tile per category page. */
export function CategoryGrid() {
  return (
    <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 pt-16 sm:px-6">
      <h2 id="categories-heading" className="text-3xl font-bold text-slate-900">
        Shop by category
      </h2>
      <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {CATEGORIES.map((category) => (
          <li key={category.slug}>
            <CatalogLink basePath={categoryPath(category.slug)} className="tile">
              {category.name}
            </CatalogLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
