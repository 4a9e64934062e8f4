/**
 * A promotion's terms as shoppers see them (the cart, an applied code, the popup): the contract's fixed
 * `{code, percent_discount}` and, added with fixed amounts, the kind of discount, the amount off, the
 * minimum order and what it applies to. A fixed-amount code has `percent_discount` 0. `rules/promotions.ts` computes
 * the discount from these.
 */
import { z } from 'zod';
import { Id, Money } from './common';

export const DISCOUNT_KINDS = ['percent', 'amount'] as const;
export const DiscountKind = z.enum(DISCOUNT_KINDS);
export type DiscountKind = z.infer<typeof DiscountKind>;

export const promotionTermsFields = {
  code: z.string(),
  /** 1–100 for a percentage; 0 for a fixed amount. */
  percent_discount: z.number().int().min(0).max(100),
  discount_kind: DiscountKind,
  /** Pounds off the eligible lines (never more than they cost); null for a percentage. */
  amount_off: Money.nullable(),
  /** The subtotal (before any discount) the cart must reach; 0 for none. */
  min_order: Money,
  /** Lines whose product or product's category is listed; both empty: every line. */
  applies_to: z.object({ categories: z.array(Id), products: z.array(Id) }),
};
export const PromotionTerms = z.object(promotionTermsFields);
export type PromotionTerms = z.infer<typeof PromotionTerms>;
