import type { Metadata } from 'next';
import Link from 'next/link';
import { connection } from 'next/server';
import { PartPurchase } from '@/components/parts/part-purchase';
import { StockFacts } from '@/components/parts/stock-facts';
import { ShopImage } from '@/components/ui/shop-image';
import { getSessionUser, getViewer } from '@/lib/auth/viewer';
import { SITE_NAME } from '@/lib/constants';
import { appUrl } from '@/lib/env';
import { formatPrice } from '@/lib/money';
import { getCachedPart } from '@/lib/catalog';
import { orNotFound } from '@/lib/not-found';
import type { PartDTO } from '@/lib/parts';
import { previewText } from '@/lib/utils';

type PartPageProps = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: PartPageProps): Promise<Metadata> {
  await connection();
  const part = await orNotFound(getCachedPart((await params).id));
  const description = previewText(part.description, 155);
  return {
    title: part.name,
    description,
    alternates: { canonical: `/parts/${part._id}` },
    openGraph: { type: 'website', title: `${part.name} | ${SITE_NAME}`, description, images: [{ url: part.img, alt: part.name }] },
  };
}

function productJsonLd(part: PartDTO) {
  const base = appUrl();
  const url = `${base}/parts/${part._id}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: part.name,
    description: part.description,
    image: part.img.startsWith('http') ? part.img : `${base}${part.img}`,
    sku: part._id,
    ...(part.category ? { category: part.category } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: part.price.toFixed(2),
      priceCurrency: 'USD',
      availability: part.availableQuantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      eligibleQuantity: { '@type': 'QuantitativeValue', minValue: part.minimumQuantity },
    },
  };
}

export default async function PartPage({ params }: PartPageProps) {
  await connection();
  const { id } = await params;
  const [part, session] = await Promise.all([orNotFound(getCachedPart(id)), getSessionUser()]);
  // The role decides the purchase button, so signed-in users are read from the database.
  const viewer = session ? await getViewer() : null;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <script
        type="application/ld+json"
        // JSON-LD for search engines; `<` is escaped so the text cannot close the script element.
        dangerouslySetInnerHTML={{ __html: JSON.stringify(productJsonLd(part)).replace(/</g, '\\u003c') }}
      />
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-slate-500">
        <Link href="/" className="hover:text-slate-900">
          Home
        </Link>{' '}
        / <span className="text-slate-900">{part.name}</span>
      </nav>
      <div className="grid gap-10 lg:grid-cols-2">
        <div className="relative aspect-[4/3] overflow-hidden rounded-2xl bg-slate-100 ring-1 ring-slate-200">
          <ShopImage src={part.img} alt={part.name} fill priority sizes="(min-width: 1024px) 50vw, 100vw" className="object-cover" />
        </div>
        <div>
          {part.category && <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">{part.category}</p>}
          <h1 className="mt-1 text-3xl font-bold text-slate-900 sm:text-4xl">{part.name}</h1>
          <p className="mt-4 text-3xl font-extrabold text-brand-600">
            {formatPrice(part.price)} <span className="text-base font-medium text-slate-500">per piece</span>
          </p>
          <div className="mt-6">
            <StockFacts availableQuantity={part.availableQuantity} minimumQuantity={part.minimumQuantity} size="page" />
          </div>
          <div className="mt-6 space-y-4 leading-relaxed text-slate-700">
            {part.description.split(/\n{2,}/).map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
          <div className="mt-8">
            <PartPurchase part={part} viewer={viewer} />
          </div>
        </div>
      </div>
    </div>
  );
}
