import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CatalogView } from '@/components/catalog/catalog-view';
import { CATALOG_DESCRIPTION, catalogMetadata } from '@/lib/catalog';
import { CATALOG_PATH, paramsOfKey, PLACEHOLDER_KEY } from '@/lib/catalog/url';

type NarrowedPageProps = { params: Promise<{ filters: string }> };

/** The build has no database: it prerenders a key of no fields (Cache Components wants one), a 404. */
export function generateStaticParams(): Array<{ filters: string }> {
  return [{ filters: PLACEHOLDER_KEY }];
}

export async function generateMetadata({ params }: NarrowedPageProps): Promise<Metadata> {
  const fields = paramsOfKey((await params).filters);
  if (!fields) return {};
  return catalogMetadata(fields, { title: fields.q ? `Search: ${fields.q}` : 'All parts', description: CATALOG_DESCRIPTION });
}

/** The catalog narrowed by its URL, reached through proxy.ts with the fields as one key (lib/catalog/url.ts); cached under its tags. */
export default async function NarrowedCatalogPage({ params }: NarrowedPageProps) {
  const fields = paramsOfKey((await params).filters);
  if (!fields) notFound();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900">{fields.q ? `Results for “${fields.q}”` : 'All parts'}</h1>
      <div className="mt-8">
        <CatalogView basePath={CATALOG_PATH} params={fields} />
      </div>
    </div>
  );
}
