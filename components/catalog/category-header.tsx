import Link from 'next/link';
import type { Category } from '@/content/categories';
import { CatalogLink } from '@/components/catalog/catalog-link';
import { CATALOG_PATH } from '@/lib/catalog/url';

/** A category page's breadcrumb, name and description. */
export function CategoryHeader({ category }: { category: Category }) {
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-600">
        <Link href="/" className="hover:text-slate-900">
          Home
        </Link>{' '}
        /{' '}
        <CatalogLink basePath={CATALOG_PATH} className="hover:text-slate-900">
          Parts
        </CatalogLink>{' '}
        / <span className="text-slate-900">{category.name}</span>
      </nav>
      <h1 className="text-3xl font-bold text-slate-900">{category.name}</h1>
      <p className="mt-2 max-w-3xl text-slate-600">{category.description}</p>
    </>
  );
}
