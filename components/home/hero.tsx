import { CatalogLink } from '@/components/catalog/catalog-link';
import { VehicleFinder } from '@/components/vehicles/vehicle-finder';
import { buttonClass } from '@/components/ui/button';
import { ShopImage } from '@/components/ui/shop-image';
import { CATALOG_PATH } from '@/lib/catalog/url';

export function Hero() {
  return (
    <section className="relative isolate overflow-hidden bg-ink">
      {/* The artwork from sm (40rem) up: on a phone the text covers it, and drawing it delayed the largest paint. */}
      {/* Not displayed below sm either: there the <img> has no source, and a phone would draw a broken-image icon for it. */}
      <ShopImage
        src="/images/hero.svg"
        alt=""
        fill
        priority
        media="(min-width: 40rem)"
        className="-z-10 hidden object-cover object-right sm:block"
      />
      {/* Keeps the text readable where it sits on the artwork (all of it on a phone). */}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-ink/80 sm:bg-transparent sm:bg-gradient-to-r sm:from-ink sm:via-ink/70 sm:to-transparent"
      />
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:py-20">
        <div className="max-w-xl">
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-500">Car spare parts, shipped worldwide</p>
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-white sm:text-5xl">
            The right part, at the right price, on time.
          </h1>
          <p className="mt-6 text-lg text-slate-300">
            Brakes, filters, ignition, suspension, lighting, electrical and cooling parts, checked for fit and sold in the quantities
            workshops and drivers need.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <CatalogLink basePath={CATALOG_PATH} className={buttonClass('primary', undefined, 'lg')}>
              Shop parts
            </CatalogLink>
            <a href="#reviews" className="rounded-lg border border-white/30 px-6 py-3 font-semibold text-white hover:bg-white/10">
              Read reviews
            </a>
          </div>
        </div>
        <div className="mt-12 rounded-2xl bg-white p-5 shadow-xl ring-1 ring-slate-200 sm:p-6">
          <h2 className="text-lg font-bold text-slate-900">Find the parts that fit your car</h2>
          <div className="mt-3">
            <VehicleFinder />
          </div>
        </div>
      </div>
    </section>
  );
}
