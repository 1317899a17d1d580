import 'server-only';
import { TAGS } from '@/lib/catalog';
import type { Page, PageQuery } from '@/lib/core/pagination';
import { tagCatalogRead } from '@/lib/platform/cache';
import { isBuildWithoutDatabase } from '@/lib/platform/env';
import { listReviews } from './reviews';
import type { ReviewDTO } from './types';

export const HOME_REVIEW_COUNT = 6;

/** A page of reviews, newest first, cached until a review is added or removed. */
export async function getReviewsPage(query: PageQuery): Promise<Page<ReviewDTO>> {
  if (isBuildWithoutDatabase()) return { items: [], total: 0, page: 1, limit: query.limit ?? HOME_REVIEW_COUNT };
  return readReviewsPage(query.limit, query.page);
}

async function readReviewsPage(limit: number | undefined, page: number | undefined): Promise<Page<ReviewDTO>> {
  'use cache';
  tagCatalogRead(TAGS.reviews);
  return listReviews({ limit, page });
}

export async function getHomeReviews(): Promise<ReviewDTO[]> {
  return (await getReviewsPage({ limit: HOME_REVIEW_COUNT })).items;
}
