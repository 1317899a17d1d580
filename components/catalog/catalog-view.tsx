import { headers } from 'next/headers';
import Link from 'next/link';
import { Suspense, type ReactNode } from 'react';
import { CATEGORIES } from '@/content/categories';
import { AlertSignup } from '@/components/alerts/alert-signup';
import { CatalogLoading } from '@/components/catalog/catalog-loading';
import { FiltersPanel } from '@/components/catalog/filters-panel';
import { FitFilter } from '@/components/catalog/fit-filter';
import { SortSelect } from '@/components/catalog/sort-select';
import { JobKits } from '@/components/kits/job-kits';
import { PartCard } from '@/components/parts/part-card';
import { CardGrid } from '@/components/ui/card-grid';
import { Pager } from '@/components/ui/pager';
import { CATALOG_PATH, catalogHref, categoryPath, searchPath, vehicleOf, withoutVehicleHref } from '@/lib/catalog/url';
import type { CatalogParams } from '@/lib/catalog';
import { getCatalogView, getSuggestions, type CatalogPage } from '@/lib/catalog';
import { catalogSearch, recordLostDemand } from '@/lib/catalog';
import { vehicleLabel } from '@/lib/catalog/fitment';
import type { VehicleChoice } from '@/lib/catalog';
import { vehicleAlertButton } from '@/lib/alerts/types';
import { formatPrice } from '@/lib/core/money';
import { cn } from '@/lib/core/utils';
import { clientIp } from '@/lib/rate-limit';
import { CATALOG_PAGE_SIZE, type SearchQuery } from '@/lib/validations/search';

const categoryName = (slug: string) => CATEGORIES.find((c) => c.slug === slug)?.name ?? slug;

type CatalogViewProps = {
  /** `/parts`, or a category's page. */
  basePath: string;
  /** The URL's fields. */
  params: CatalogParams;
  /** The category of a category page (not in its URL's fields). */
  category?: string;
};

/** The catalog; every control is a link or a GET form, so the state is the URL and it works without scripts.
 * Narrowed links are not prefetched: some thirty per page, each rendered on its first visit. */
export async function CatalogView({ basePath, params, category }: CatalogViewProps) {
  const parsed = await getCatalogView(category ? { ...params, category } : params);
  if (!parsed.ok) return <RefusedFilters message={parsed.message} basePath={basePath} />;
  const { query, page, result } = parsed;
  if (result.loading) return <CatalogLoading />;
  // A shopper's search (any field in the URL) that found nothing is noted for its client on every visit.
  const searched = Object.keys(params).length > 0;
  const vehicle = vehicleOf(params);
  const activeCategory = category ?? params.category;
  const chips = filterChips(basePath, params, category);

  return (
    <div className="flex flex-col gap-8 lg:flex-row">
      <FiltersPanel count={chips.length} pinned={<FitFilter basePath={basePath} params={params} />}>
        {result.total > 0 && <CatalogFacets facets={result.facets} basePath={basePath} params={params} category={category} />}
      </FiltersPanel>

      <section aria-labelledby="results-heading" className="min-w-0 flex-1 space-y-6">
        {vehicle && <VehicleBanner vehicle={vehicle} href={withoutVehicleHref(basePath, params)} />}
        {vehicle && <JobKits vehicle={vehicle} />}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="results-heading" className="text-lg font-semibold text-slate-900" aria-live="polite">
            {result.total.toLocaleString('en-US')} {result.total === 1 ? 'part' : 'parts'}
          </h2>
          <SortSelect value={query.sort} params={params} basePath={basePath} />
        </div>
        {chips.length > 0 && <ActiveFilters chips={chips} />}
        {vehicle && chips.length === 1 && !category && (result.total === 0 || result.knownFits === 0) && (
          <VehicleNoParts vehicle={vehicle} basePath={basePath} params={params} />
        )}
        {searched && result.total === 0 && (
          <Suspense fallback={null}>
            <LostDemand query={query} />
          </Suspense>
        )}
        {result.total === 0 ? (
          vehicle && chips.length === 1 && !category ? null : (
            <NoResults q={params.q} basePath={basePath} category={activeCategory} vehicle={vehicle} />
          )
        ) : (
          <CardGrid empty="">
            {result.parts.map((part, index) => (
              <PartCard key={part._id} part={part} priority={index < 3} vehicle={vehicle} replaces={result.replaces?.[part._id]} />
            ))}
          </CardGrid>
        )}
        <Pager
          look="catalog"
          page={page}
          total={result.total}
          limit={CATALOG_PAGE_SIZE}
          href={(n) => catalogHref(basePath, params, { page: String(n) })}
        />
      </section>
    </div>
  );
}

/** URL fields the catalog refuses (a page, sort, category, vehicle or price it cannot use): why, and the way to every part. */
function RefusedFilters({ message, basePath }: { message: string; basePath: string }) {
  return (
    <div role="alert" className="rounded-xl bg-red-50 p-6 text-red-800 ring-1 ring-red-200">
      <p className="font-semibold">{message}</p>
      <Link href={withoutVehicleHref(basePath, {})} className="mt-3 inline-block font-semibold underline">
        Show every part
      </Link>
    </div>
  );
}

type Chip = { label: string; href: string };

/** The filters in use, each with the link that drops it (a category page's own category is not one). */
function filterChips(basePath: string, params: CatalogParams, category: string | undefined): Chip[] {
  const href = (changes: CatalogParams) => catalogHref(basePath, params, changes);
  const vehicle = vehicleOf(params);
  return [
    ...(params.q ? [{ label: `“${params.q}”`, href: href({ q: undefined }) }] : []),
    ...(params.category && !category ? [{ label: categoryName(params.category), href: href({ category: undefined }) }] : []),
    ...(params.brand ? [{ label: params.brand, href: href({ brand: undefined }) }] : []),
    ...(params.minPrice || params.maxPrice
      ? [{ label: priceLabel(params.minPrice, params.maxPrice), href: href({ minPrice: undefined, maxPrice: undefined }) }]
      : []),
    ...(params.inStock === 'true' ? [{ label: 'In stock', href: href({ inStock: undefined }) }] : []),
    ...(vehicle ? [{ label: `Fits ${vehicleLabel(vehicle)}`, href: withoutVehicleHref(basePath, params) }] : []),
  ];
}

function ActiveFilters({ chips }: { chips: Chip[] }) {
  return (
    <ul aria-label="Active filters" className="flex flex-wrap gap-2">
      {chips.map((chip) => (
        <li key={chip.label}>
          <Link
            href={chip.href}
            prefetch={false}
            className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800 ring-1 ring-slate-300 hover:bg-slate-200"
            aria-label={`Remove filter ${chip.label}`}
          >
            {chip.label} <span aria-hidden="true">✕</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

type CatalogFacetsProps = { facets: CatalogPage['facets']; basePath: string; params: CatalogParams; category?: string };

/** The filters with their counts: category, brand, price and availability. */
function CatalogFacets({ facets, basePath, params, category }: CatalogFacetsProps) {
  const href = (changes: CatalogParams) => catalogHref(basePath, params, changes);
  const activeCategory = category ?? params.category;
  // From a category page, another category is its page and the current one goes back to every part.
  const categoryHref = (slug: string) =>
    category
      ? catalogHref(slug === category ? CATALOG_PATH : categoryPath(slug), params)
      : catalogHref(CATALOG_PATH, params, { category: slug === activeCategory ? undefined : slug });
  return (
    <>
      <FacetGroup title="Category">
        {facets.category.map((facet) => (
          <FacetLink
            key={facet.value}
            href={categoryHref(facet.value)}
            active={activeCategory === facet.value}
            label={categoryName(facet.value)}
            count={facet.count}
          />
        ))}
      </FacetGroup>
      <FacetGroup title="Brand">
        {facets.brand
          .filter((facet) => facet.value !== '')
          .slice(0, 15)
          .map((facet) => (
            <FacetLink
              key={facet.value}
              href={href({ brand: params.brand === facet.value ? undefined : facet.value })}
              active={params.brand === facet.value}
              label={facet.value}
              count={facet.count}
            />
          ))}
      </FacetGroup>
      <FacetGroup title="Price">
        <PriceFacets buckets={facets.price} basePath={basePath} params={params} />
        <PriceForm basePath={basePath} params={params} />
      </FacetGroup>
      <FacetGroup title="Availability">
        <FacetLink
          href={href({ inStock: params.inStock === 'true' ? undefined : 'true' })}
          active={params.inStock === 'true'}
          label="In stock"
          count={facets.inStock}
        />
      </FacetGroup>
    </>
  );
}

type PriceFacetsProps = { buckets: CatalogPage['facets']['price']; basePath: string; params: CatalogParams };

/** The price bands that have parts; the active one's link drops the price filter. */
function PriceFacets({ buckets, basePath, params }: PriceFacetsProps) {
  return buckets
    .filter((bucket) => bucket.count > 0)
    .map((bucket) => {
      const min = String(bucket.min);
      const max = bucket.max === null ? undefined : String(bucket.max);
      const active = params.minPrice === min && params.maxPrice === max;
      return (
        <FacetLink
          key={bucket.key}
          href={catalogHref(basePath, params, active ? { minPrice: undefined, maxPrice: undefined } : { minPrice: min, maxPrice: max })}
          active={active}
          label={priceLabel(min, max)}
          count={bucket.count}
        />
      );
    });
}

/** A list narrowed to a vehicle says so at its top, with the way back to every part. */
function VehicleBanner({ vehicle, href }: { vehicle: VehicleChoice; href: string }) {
  return (
    <p className="rounded-xl bg-brand-50 px-4 py-3 text-slate-900 ring-1 ring-brand-100">
      Parts for your <strong>{vehicleLabel({ ...vehicle, engine: null })}</strong> ·{' '}
      <Link href={href} prefetch={false} className="font-semibold text-brand-700 underline">
        Show all parts
      </Link>
    </p>
  );
}

/** Records a search without results (Lost Demand); the only per-request part of a narrowed page, which is otherwise shared. */
async function LostDemand({ query }: { query: SearchQuery }) {
  await recordLostDemand(query, { total: 0 }, clientIp(await headers()));
  return null;
}

function priceLabel(min: string | undefined, max: string | undefined): string {
  if (max && !Number(min)) return `Under ${formatPrice(Number(max))}`;
  if (min && max) return `${formatPrice(Number(min))} to ${formatPrice(Number(max))}`;
  return min ? `${formatPrice(Number(min))} and up` : `Up to ${formatPrice(Number(max))}`;
}

function FacetGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-1">
      <legend className="mb-2 text-sm font-bold uppercase tracking-wider text-slate-700">{title}</legend>
      <ul className="space-y-0.5">{children}</ul>
    </fieldset>
  );
}

function FacetLink({ href, active, label, count }: { href: string; active: boolean; label: string; count: number }) {
  return (
    <li>
      <Link
        href={href}
        prefetch={false}
        aria-current={active ? 'true' : undefined}
        className={cn(
          'flex items-center justify-between gap-3 rounded-md px-2 py-1.5 text-sm',
          active ? 'bg-ink font-semibold text-white' : 'text-slate-700 hover:bg-slate-100',
          count === 0 && !active && 'text-slate-500',
        )}
      >
        <span className="min-w-0 break-words">{label}</span>
        <span className={cn('tabular-nums', active ? 'text-slate-200' : 'text-slate-600')}>{count.toLocaleString('en-US')}</span>
      </Link>
    </li>
  );
}

/** Min and max price as a GET form: the other fields ride along as hidden inputs. */
function PriceForm({ basePath, params }: { basePath: string; params: CatalogParams }) {
  const keep = Object.entries(params).filter(([name]) => !['minPrice', 'maxPrice', 'page'].includes(name));
  return (
    <li>
      <form action={searchPath(basePath)} method="get" className="mt-2 flex items-end gap-2">
        {keep.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label className="flex min-w-0 flex-1 flex-col text-xs text-slate-600">
          Min $
          <input
            name="minPrice"
            type="number"
            min="0"
            step="0.01"
            inputMode="decimal"
            defaultValue={params.minPrice}
            className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1 text-sm text-slate-900"
          />
        </label>
        <label className="flex min-w-0 flex-1 flex-col text-xs text-slate-600">
          Max $
          <input
            name="maxPrice"
            type="number"
            min="0"
            step="0.01"
            inputMode="decimal"
            defaultValue={params.maxPrice}
            className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1 text-sm text-slate-900"
          />
        </label>
        <button type="submit" className="rounded-md bg-ink px-3 py-1.5 text-sm font-semibold text-white hover:bg-slate-700">
          Go
        </button>
      </form>
    </li>
  );
}

/** No result: say so, offer what the catalog does have for the words, and the categories. */
async function NoResults({
  q,
  basePath,
  category,
  vehicle,
}: {
  q?: string;
  basePath: string;
  category?: string;
  vehicle: VehicleChoice | null;
}) {
  const suggestions = q ? await getSuggestions(q) : [];
  return (
    <div className="space-y-4 rounded-xl bg-white p-8 ring-1 ring-slate-200">
      <p className="text-lg font-semibold text-slate-900">{q ? `No parts match “${q}”.` : 'No parts match these filters.'}</p>
      <p className="text-slate-600">
        Check the spelling or the part number, try fewer words, or{' '}
        <Link href={withoutVehicleHref(basePath, {})} className="font-semibold text-brand-700 underline">
          clear every filter
        </Link>
        .
      </p>
      {vehicle && <VehicleAlert vehicle={vehicle} />}
      {suggestions.length > 0 && (
        <PillLinks
          title="You might be looking for:"
          links={suggestions.map((suggestion) => ({ href: suggestion.href, label: suggestion.label, prefetch: false }))}
        />
      )}
      <PillLinks
        title="Or browse a category:"
        links={CATEGORIES.filter((other) => other.slug !== category).map((other) => ({
          href: categoryPath(other.slug),
          label: other.name,
        }))}
      />
    </div>
  );
}

type PillLink = { href: string; label: ReactNode; prefetch?: boolean };

/** A titled row of links drawn as pills (what else to look at when a search finds nothing). */
function PillLinks({ title, links }: { title: ReactNode; links: PillLink[] }) {
  return (
    <div>
      <p className="text-sm font-semibold text-slate-700">{title}</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              prefetch={link.prefetch}
              className="inline-block rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800 hover:bg-slate-200"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The years of this make and model the catalog has parts for, nearest to the chosen one first (up to four). */
async function yearsWithParts(vehicle: VehicleChoice): Promise<number[]> {
  const coverage = await catalogSearch().vehicleCoverage();
  const years = [...(coverage.get(`${vehicle.make}|${vehicle.model}`.toLowerCase()) ?? [])];
  return years
    .sort((a, b) => Math.abs(a - vehicle.year) - Math.abs(b - vehicle.year) || b - a)
    .slice(0, 4)
    .sort((a, b) => a - b);
}

/** "Tell me when" a part for the vehicle arrives, in the vehicle's own words. */
function VehicleAlert({ vehicle }: { vehicle: VehicleChoice }) {
  const { year, make, model, engine } = vehicle;
  return (
    <AlertSignup
      id="vehicle-alert"
      target={{ vehicle: { year, make, model, engine: engine ?? null } }}
      action={vehicleAlertButton(vehicleLabel(vehicle))}
    />
  );
}

/** A vehicle the shop has no parts for: say so, and offer the categories and every part to check by its fitment table. */
async function VehicleNoParts({ vehicle, basePath, params }: { vehicle: VehicleChoice; basePath: string; params: CatalogParams }) {
  const otherYears = await yearsWithParts(vehicle);
  const withoutVehicle = withoutVehicleHref(basePath, params);
  return (
    <div className="space-y-4 rounded-xl bg-white p-6 ring-1 ring-slate-200 sm:p-8">
      <p className="text-lg font-semibold text-slate-900">No parts for your {vehicleLabel(vehicle)} yet</p>
      <p className="text-slate-600">
        None of our parts is listed for this vehicle so far. Many parts fit several vehicles: you can{' '}
        <Link href={withoutVehicle} prefetch={false} className="font-semibold text-brand-700 underline">
          look through every part and check its fitment table
        </Link>{' '}
        against your vehicle, or choose another vehicle with “Select vehicle” at the top.
      </p>
      <VehicleAlert vehicle={vehicle} />
      {otherYears.length > 0 && (
        <PillLinks
          title={`We have parts for the ${vehicle.make} ${vehicle.model} of:`}
          links={otherYears.map((year) => ({
            href: catalogHref(basePath, params, { year: String(year), engine: undefined }),
            label: year,
            prefetch: false,
          }))}
        />
      )}
      <PillLinks
        title="Or browse a category:"
        links={CATEGORIES.map((other) => ({ href: withoutVehicleHref(categoryPath(other.slug), {}), label: other.name }))}
      />
    </div>
  );
}
