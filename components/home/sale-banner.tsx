import { CatalogLink } from '@/components/catalog/catalog-link';
import { buttonClass } from '@/components/ui/button';
import { ShopImage } from '@/components/ui/shop-image';
import { CATALOG_PATH } from '@/lib/catalog/url';

export function SaleBanner() {
  return (
    <section aria-labelledby="sale-heading" className="relative isolate overflow-hidden bg-ink">
      <ShopImage src="/images/sale-banner.svg" alt="" fill className="-z-10 object-cover" />
      <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6 sm:py-20">
        <p className="text-sm font-semibold uppercase tracking-widest text-brand-500">Seasonal sale</p>
        <h2 id="sale-heading" className="mt-3 text-4xl font-extrabold text-white sm:text-6xl">
          Up to 75% off
        </h2>
        <p className="mt-4 text-lg text-slate-200">On 2000+ spare parts for cars, vans and light trucks.</p>
        <CatalogLink basePath={CATALOG_PATH} className={buttonClass('primary', 'mt-8', 'lg')}>
          See the parts
        </CatalogLink>
      </div>
    </section>
  );
}
