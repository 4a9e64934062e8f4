/**
 * A product's reviews. The page reads them on the server as a guest (`readReviews`, parsed with the contract); the
 * browser calls (`reviewCalls.ts`) carry the shopper's token and only the contract's types.
 */
import { ReviewPage, type ReviewOrdering } from '@attar/contract';
import { apiRequire } from './client';
import { REVIEWS_PAGE_SIZE } from './review-page-size';

/**
 * A page of the product's visible reviews with their average and count, always fresh: the API micro-caches guests'
 * answers and drops them as soon as a review changes.
 */
export async function readReviews(slug: string, locale: string, ordering: ReviewOrdering, page: number): Promise<ReviewPage> {
  return ReviewPage.parse(
    await apiRequire(`/api/products/${encodeURIComponent(slug)}/reviews/`, {
      locale,
      anonymous: true,
      query: { ordering, page, page_size: REVIEWS_PAGE_SIZE },
    }),
  );
}
