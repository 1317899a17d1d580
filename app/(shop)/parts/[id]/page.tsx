import type { Metadata } from 'next';
import Link from 'next/link';
import { CATEGORIES } from '@/content/categories';
import { AlertSignup } from '@/components/alerts/alert-signup';
import { AddToCartButton } from '@/components/cart/add-to-cart-button';
import { buttonPart } from '@/components/cart/button-part';
import { ShipsTo } from '@/components/cart/ships-to';
import { CatalogLink } from '@/components/catalog/catalog-link';
import { FittedBy } from '@/components/fit-confirmations/fitted-by';
import { FitQuestions } from '@/components/parts/fit-questions';
import { FitmentTable } from '@/components/parts/fitment-table';
import { InterchangeList, KitComponents, SpecificationTable } from '@/components/parts/part-details';
import { PartPurchase } from '@/components/parts/part-purchase';
import { StockFacts } from '@/components/parts/stock-facts';
import { ShopImage } from '@/components/ui/shop-image';
import { partAlertButton } from '@/lib/alerts/types';
import { getCachedPart, kitComponentPartIds } from '@/lib/catalog';
import { fitRowKey, getCachedFitCounts } from '@/lib/fit-confirmations';
import { categoryPath } from '@/lib/catalog/url';
import { POSITION_LABELS } from '@/lib/core/part-fields';
import { SITE_NAME } from '@/lib/core/site';
import { appUrl } from '@/lib/platform/env';
import { formatPrice } from '@/lib/core/money';
import { CORE_TEXT } from '@/lib/core/texts';
import { orNotFound } from '@/lib/core/not-found';
import type { PartDTO } from '@/lib/catalog';
import { previewText } from '@/lib/core/utils';

type PartPageProps = { params: Promise<{ id: string }> };

/** Part pages render on first visit, cached until the part changes; the build prerenders one unknown id (a 404) for Cache Components. */
export function generateStaticParams(): Array<{ id: string }> {
  return [{ id: '000000000000000000000000' }];
}

export async function generateMetadata({ params }: PartPageProps): Promise<Metadata> {
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
    ...(part.partNumber ? { mpn: part.partNumber } : {}),
    ...(part.brand ? { brand: { '@type': 'Brand', name: part.brand } } : {}),
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
  const { id } = await params;
  const part = await orNotFound(getCachedPart(id));
  const category = CATEGORIES.find((c) => c.slug === part.category);
  const [kitPartIds, fits] = await Promise.all([kitComponentPartIds(part.kitComponents), getCachedFitCounts(part._id)]);
  const facts: Array<[string, string]> = [
    ...(part.brand ? [['Brand', part.brand] as [string, string]] : []),
    ...(part.partNumber ? [['Part number', part.partNumber] as [string, string]] : []),
    ...(part.oemNumbers.length ? [['OEM numbers', part.oemNumbers.join(', ')] as [string, string]] : []),
    ...(part.position ? [['Position', POSITION_LABELS[part.position]] as [string, string]] : []),
  ];
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <script
        type="application/ld+json"
        // JSON-LD for search engines; `<` is escaped so the text cannot close the script element.
        dangerouslySetInnerHTML={{ __html: JSON.stringify(productJsonLd(part)).replace(/</g, '\\u003c') }}
      />
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-slate-600">
        <Link href="/" className="hover:text-slate-900">
          Home
        </Link>
        {category && (
          <>
            {' '}
            /{' '}
            <CatalogLink basePath={categoryPath(category.slug)} className="hover:text-slate-900">
              {category.name}
            </CatalogLink>
          </>
        )}{' '}
        / <span className="break-words text-slate-900">{part.name}</span>
      </nav>
      <div className="grid gap-10 lg:grid-cols-2">
        <div className="relative aspect-[4/3] overflow-hidden rounded-2xl bg-slate-100 ring-1 ring-slate-200">
          <ShopImage src={part.img} alt={part.name} fill priority sizes="(min-width: 1024px) 50vw, 100vw" className="object-cover" />
        </div>
        <div className="min-w-0">
          {category && <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{category.name}</p>}
          <h1 className="mt-1 break-words text-3xl font-bold text-slate-900 sm:text-4xl">{part.name}</h1>
          <p className="mt-4 text-3xl font-extrabold text-brand-700">
            {formatPrice(part.price)} <span className="text-base font-medium text-slate-600">per {part.unit}</span>
          </p>
          {part.coreCharge && <p className="mt-1 text-sm text-slate-700">{CORE_TEXT.partNote(formatPrice(part.coreCharge))}</p>}
          <div className="mt-4">
            <FitQuestions partId={part._id} fitment={part.fitment} warnings={part.fitWarnings} />
            <FittedBy counts={fits.vehicles} />
          </div>
          <div className="mt-6">
            <StockFacts availableQuantity={part.availableQuantity} minimumQuantity={part.minimumQuantity} unit={part.unit} size="page" />
          </div>
          {part.availableQuantity <= 0 && (
            <div className="mt-6">
              <AlertSignup id="part-alert" target={{ partId: part._id }} action={partAlertButton} />
            </div>
          )}
          {/* Buying comes right after the price, stock and fit: the facts and the description follow. */}
          <AddToCartButton part={buttonPart(part)} variant="page" className="mt-8" />
          <ShipsTo partId={part._id} />
          <div className="mt-6">
            <PartPurchase
              part={{ _id: part._id, availableQuantity: part.availableQuantity, minimumQuantity: part.minimumQuantity, unit: part.unit }}
            />
          </div>
          {facts.length > 0 && (
            <dl className="mt-8 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
              {facts.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="font-medium text-slate-600">{label}</dt>
                  <dd className="break-words text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
          )}
          <div className="mt-6 space-y-4 break-words leading-relaxed text-slate-700">
            {part.description.split(/\n{2,}/).map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
        </div>
      </div>
      <SpecificationTable attributes={part.attributes} />
      <InterchangeList interchange={part.interchange} />
      <KitComponents components={part.kitComponents} partIds={kitPartIds} />
      <FitmentTable fitment={part.fitment} confirmed={part.fitment.map((row) => fits.rows[fitRowKey(row)] ?? 0)} />
    </div>
  );
}
