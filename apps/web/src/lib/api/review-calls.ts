/** Review calls made from the browser with the shopper's token; only the contract's types, no schemas. */
import type { Review, ReviewHelpful, ReviewOrdering, ReviewPage, ReviewWrite } from '@attar/contract';
import { apiRequire } from './client';
import { REVIEWS_PAGE_SIZE } from './review-page-size';

const reviewsPath = (slug: string) => `/api/products/${encodeURIComponent(slug)}/reviews/`;

/** The page the shopper is looking at, as they see it: their own review, whether they may write one, their votes. */
export const myReviewsView = (slug: string, locale: string, ordering: ReviewOrdering, page: number) =>
  apiRequire<ReviewPage>(reviewsPath(slug), { locale, query: { ordering, page, page_size: REVIEWS_PAGE_SIZE } });

/** Publishes the shopper's review, or edits it. Rejects with the API's body (403 `not_delivered`, field errors). */
export const saveReview = (slug: string, body: ReviewWrite, locale: string) =>
  apiRequire<Review>(reviewsPath(slug), { method: 'POST', body, locale });

export const toggleHelpful = (id: number, locale: string) =>
  apiRequire<ReviewHelpful>(`/api/reviews/${id}/helpful/`, { method: 'POST', body: {}, locale });
