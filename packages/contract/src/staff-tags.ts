/**
 * Staff's free tags on orders and on customers ("VIP", "call first", "هش"): short texts in any language, each at most
 * once per order or customer whatever its case, a few per thing. Added and removed from the back office; the orders
 * board filters by an order's tag and its customer's, the customers list by a customer's.
 */
import { z } from 'zod';

export const TAG_MAX_LENGTH = 30;
/** Tags on one order or one customer: enough to sort by, few enough to read at a glance on a row. */
export const TAGS_PER_THING_MAX = 10;

/** A tag as it is kept: spaces at either end dropped, a run of them inside read as one; no control characters. */
export const Tag = z
  .string()
  .trim()
  .overwrite((value) => value.replace(/\s+/g, ' '))
  .min(1)
  .max(TAG_MAX_LENGTH)
  .regex(/^[^\p{Cc}]*$/u, { error: 'No control characters.' });

export const TAG_KINDS = ['order', 'customer'] as const;
export const TagKind = z.enum(TAG_KINDS);
export type TagKind = z.infer<typeof TagKind>;

/** `POST …/tags/`: the tag to add. */
export const TagInput = z.object({ tag: Tag });
export type TagInput = z.infer<typeof TagInput>;
/** `DELETE …/tags/?tag=`: the tag to remove, in any case. */
export const TagQuery = z.object({ tag: Tag });

/** An order's or a customer's tags after a change, oldest first. */
export const TagList = z.object({ tags: z.array(z.string()) });
export type TagList = z.infer<typeof TagList>;

/** The tags already in use on orders (or on customers) that contain `q`, in any case, the most used first. */
export const TagSuggestionQuery = z.object({ q: z.string().trim().max(TAG_MAX_LENGTH).optional() });
export const TAG_SUGGESTIONS_MAX = 20;
export const TagSuggestions = z.object({ results: z.array(z.object({ tag: z.string(), count: z.number().int().nonnegative() })) });
export type TagSuggestions = z.infer<typeof TagSuggestions>;
