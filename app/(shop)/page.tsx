import { CategoryGrid } from '@/components/home/category-grid';
import { Hero } from '@/components/home/hero';
import { Perks } from '@/components/home/perks';
import { SaleBanner } from '@/components/home/sale-banner';
import { Stats } from '@/components/home/stats';
import { CatalogLink } from '@/components/catalog/catalog-link';
import { CatalogLoading } from '@/components/catalog/catalog-loading';
import { PartCard } from '@/components/parts/part-card';
import { ReviewCard } from '@/components/reviews/review-card';
import { CardGrid } from '@/components/ui/card-grid';
import { getHomeParts } from '@/lib/catalog';
import { getHomeReviews } from '@/lib/reviews';
import { CATALOG_PATH } from '@/lib/catalog/url';

export default async function HomePage() {
  const [{ parts, loading }, reviews] = await Promise.all([getHomeParts(), getHomeReviews()]);
  return (
    <>
      <Hero />
      <Perks />
      <CategoryGrid />
      <section id="parts" aria-labelledby="parts-heading" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16 sm:px-6">
        <h2 id="parts-heading" className="text-3xl font-bold text-slate-900">
          Parts
        </h2>
        <div className="mt-2 flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-slate-600">Our newest parts, in stock and ready to ship.</p>
          <CatalogLink basePath={CATALOG_PATH} className="font-semibold text-brand-700 underline">
            See every part
          </CatalogLink>
        </div>
        {/* Below the hero, perks and categories on every screen: loaded lazily, not preloaded. */}
        {loading ? (
          <div className="mt-8">
            <CatalogLoading />
          </div>
        ) : (
          <CardGrid empty="No parts yet." className="mt-8">
            {parts.map((part) => (
              <PartCard key={part._id} part={part} />
            ))}
          </CardGrid>
        )}
      </section>
      <Stats />
      <SaleBanner />
      <section id="reviews" aria-labelledby="reviews-heading" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16 sm:px-6">
        <h2 id="reviews-heading" className="text-3xl font-bold text-slate-900">
          What our customers say
        </h2>
        <CardGrid empty="No reviews yet." className="mt-8">
          {reviews.map((review) => (
            <ReviewCard key={review._id} review={review} />
          ))}
        </CardGrid>
      </section>
    </>
  );
}
