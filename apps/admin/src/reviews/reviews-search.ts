/** The reviews screen's address: words, shown or hidden, a rating, a product (linked from elsewhere) and the page. */
import { z } from 'zod';

export const REVIEW_STATES = ['visible', 'hidden'] as const;

export const ReviewsSearch = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  state: z.enum(REVIEW_STATES).optional().catch(undefined),
  rating: z.coerce.number().int().min(1).max(5).optional().catch(undefined),
  product: z.coerce.number().int().positive().optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type ReviewsSearch = z.infer<typeof ReviewsSearch>;
