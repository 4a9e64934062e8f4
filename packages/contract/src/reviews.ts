/**
 * Reviews: a shopper who received a product rates it 1–5 and writes about it in either language,
 * once per product (a second review edits the first). The product page shows the visible ones with their average and
 * count; staff hide them and answer them in the back office.
 */
import { z } from 'zod';
import { Product, RatingSummary } from './catalog';
import { Id, IdParam, INT4_MAX, Locale, PageQuery, paginated } from './common';
import { REVIEW_RATING_MAX, REVIEW_TEXT_MAX } from './rules/reviews';

export { REVIEW_RATING_MAX, REVIEW_TEXT_MAX } from './rules/reviews';
const at = z.iso.datetime({ offset: true });

export const ReviewRating = z
  .number({ error: 'Give a rating from 1 to 5 stars.' })
  .int({ error: 'Give a rating from 1 to 5 stars.' })
  .min(1, { error: 'Give a rating from 1 to 5 stars.' })
  .max(REVIEW_RATING_MAX, { error: 'Give a rating from 1 to 5 stars.' });
const reviewText = (what: string) =>
  z
    .string({ error: `Write ${what}.` })
    .trim()
    .min(1, { error: `Write ${what}.` })
    .max(REVIEW_TEXT_MAX, { error: `At most ${REVIEW_TEXT_MAX} characters.` });

/** `POST /api/products/{slug}/reviews/`: the shopper's review, new or edited. */
export const ReviewWrite = z.object({ rating: ReviewRating, text: reviewText('your review') });
export type ReviewWrite = z.infer<typeof ReviewWrite>;

export const REVIEW_ORDERINGS = ['newest', 'helpful'] as const;
export type ReviewOrdering = (typeof REVIEW_ORDERINGS)[number];
export const ReviewListQuery = PageQuery.extend({
  ordering: z.enum(REVIEW_ORDERINGS).default('newest'),
  lang: z.string().optional(),
});
export type ReviewListQuery = z.infer<typeof ReviewListQuery>;

/** The shop's public answer under a review. */
export const ReviewReply = z.object({ text: z.string(), at }).nullable();

export const Review = z.object({
  id: Id,
  rating: z.number().int().min(1).max(REVIEW_RATING_MAX),
  text: z.string(),
  /** The language it was written in (shown to everyone, marked up in it). */
  language: Locale,
  created_at: at,
  /** When the shopper last edited it (equal to `created_at` until then). */
  updated_at: at,
  /** As a shop shows it: first name and initial ("Amira F."), or a neutral label for a deleted account. */
  author: z.string(),
  /** Only a shopper with a delivered order of the product may review it: every review is a buyer's. */
  verified_buyer: z.literal(true),
  helpful_count: z.number().int().nonnegative(),
  reply: ReviewReply,
  /** The caller wrote it (false for a guest). */
  is_mine: z.boolean(),
  /** The caller found it helpful (false for a guest). */
  found_helpful: z.boolean(),
});
export type Review = z.infer<typeof Review>;

/**
 * A page of a product's visible reviews; `count` is every visible one, `average` theirs (null without any). For a
 * signed-in caller, `mine` is their own review wherever it is (even hidden: they edit it) and `can_review` says whether
 * they received the product (false for a guest).
 */
export const ReviewPage = paginated(Review).extend({
  average: z.number().min(1).max(REVIEW_RATING_MAX).nullable(),
  mine: Review.nullable(),
  can_review: z.boolean(),
});
export type ReviewPage = z.infer<typeof ReviewPage>;

/** `GET /api/products/{slug}/`: the product with its rating summary. */
export const ProductDetail = Product.extend({ rating: RatingSummary });
export type ProductDetail = z.infer<typeof ProductDetail>;

export const ReviewParams = z.object({ id: IdParam });
/** The answer of `POST /api/reviews/{id}/helpful/` (a toggle). */
export const ReviewHelpful = z.object({ helpful_count: z.number().int().nonnegative(), found_helpful: z.boolean() });
export type ReviewHelpful = z.infer<typeof ReviewHelpful>;

// ---------------------------------------------------------------------------------------------------------------------
// Back office (moderateReviews)

const hiddenFlag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

/** `q`: words of the review, its product's name or its author's name or e-mail. */
export const StaffReviewQuery = z.object({
  product: IdParam.optional(),
  rating: z.coerce.number().int().min(1).max(REVIEW_RATING_MAX).optional(),
  hidden: hiddenFlag,
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
export type StaffReviewQuery = z.infer<typeof StaffReviewQuery>;

const StaffName = z.object({ id: Id, name: z.string() }).nullable();

export const StaffReviewRow = z.object({
  id: Id,
  product: z.object({ id: Id, slug: z.string(), name: z.string() }),
  rating: z.number().int().min(1).max(REVIEW_RATING_MAX),
  text: z.string(),
  language: Locale,
  /** The account as staff see it; the public label for a deleted account. */
  author: z.object({ id: Id, name: z.string(), email: z.string().nullable() }),
  created_at: at,
  updated_at: at,
  helpful_count: z.number().int().nonnegative(),
  hidden_at: at.nullable(),
  hidden_by: StaffName,
  reply: z.string().nullable(),
  replied_at: at.nullable(),
  replied_by: StaffName,
});
export type StaffReviewRow = z.infer<typeof StaffReviewRow>;
export const StaffReviewPage = paginated(StaffReviewRow);

/** The shop's answer, new or edited. */
export const StaffReviewReply = z.object({ reply: reviewText('the reply') });
export type StaffReviewReply = z.infer<typeof StaffReviewReply>;
