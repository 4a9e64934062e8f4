/**
 * Promotion codes in the back office, under `/api/staff/promotions/`: percent or fixed amount, a
 * minimum order, a validity window, total and per-customer limits, first order only, limits to categories or
 * products; which one the storefront's popup shows; each code's usage. Amounts are pounds, as everywhere in the
 * contract; the API keeps piastres.
 */
import { z } from 'zod';
import { Id, Money, PageQuery, paginated } from './common';
import { DiscountKind } from './promotions';

/** How a code is typed: letters, digits, '-' and '_', 3–32 characters; stored and matched upper-case. */
export const PromotionCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,32}$/, { error: 'Letters, digits, - and _ only, 3 to 32 characters.' });

/** Active (usable now), scheduled (not started yet), expired (its window ended) or inactive (turned off). */
export const PROMOTION_STATES = ['active', 'scheduled', 'expired', 'inactive'] as const;
export const PromotionState = z.enum(PROMOTION_STATES);
export type PromotionState = z.infer<typeof PromotionState>;

const limit = z.number().int().min(1).max(1_000_000).nullable();
const promotionFields = {
  code: PromotionCode,
  discount_kind: DiscountKind,
  /** For a percentage: 1–100. Null for a fixed amount. */
  percent_discount: z.number().int().min(1).max(100).nullable(),
  /** For a fixed amount: pounds off, more than 0. Null for a percentage. */
  amount_off: Money.gt(0).max(1_000_000).nullable(),
  /** The subtotal before the discount must reach this; 0 for none. */
  min_order: Money.min(0).max(1_000_000),
  starts_at: z.iso.datetime({ offset: true }),
  /** Null: no end. Must be after `starts_at`. */
  ends_at: z.iso.datetime({ offset: true }).nullable(),
  is_active: z.boolean(),
  first_order_only: z.boolean(),
  /** Uses in all; null: unlimited. */
  max_uses: limit,
  /** Uses per customer (by verified phone); null: unlimited. */
  per_customer_limit: limit,
  /** Categories and products the code is limited to; both empty: every line. */
  categories: z.array(Id).max(50),
  products: z.array(Id).max(200),
};

type DiscountShape = { discount_kind: DiscountKind; percent_discount: number | null; amount_off: number | null };
/** A percentage names its percent and no amount; a fixed amount names its amount and no percent. */
function checkDiscountShape(value: DiscountShape, ctx: z.core.$RefinementCtx<DiscountShape>) {
  if (value.discount_kind === 'percent' && value.percent_discount === null)
    ctx.addIssue({ code: 'custom', path: ['percent_discount'], message: 'Enter the percentage off.' });
  if (value.discount_kind === 'percent' && value.amount_off !== null)
    ctx.addIssue({ code: 'custom', path: ['amount_off'], message: 'A percentage code has no amount.' });
  if (value.discount_kind === 'amount' && value.amount_off === null)
    ctx.addIssue({ code: 'custom', path: ['amount_off'], message: 'Enter the amount off.' });
  if (value.discount_kind === 'amount' && value.percent_discount !== null)
    ctx.addIssue({ code: 'custom', path: ['percent_discount'], message: 'An amount code has no percentage.' });
}

/** A new code. */
export const StaffPromotionCreate = z.object(promotionFields).superRefine(checkDiscountShape);
export type StaffPromotionCreate = z.infer<typeof StaffPromotionCreate>;
/** A save of every field, on the version it was made on. */
export const StaffPromotionSave = z.object({ ...promotionFields, version: z.number().int().positive() }).superRefine(checkDiscountShape);
export type StaffPromotionSave = z.infer<typeof StaffPromotionSave>;
export const StaffPromotionVersion = z.object({ version: z.number().int().positive() });
/** The promotion the storefront's popup shows, or none. */
export const StaffPopupChoice = z.object({ promotion: Id.nullable() });
export type StaffPopupChoice = z.infer<typeof StaffPopupChoice>;

/** A window that ends must end after it starts (the API says so in the caller's language, the form in its own). */
export const windowEndsAfterStart = (startsAt: string, endsAt: string | null) =>
  endsAt === null || Date.parse(endsAt) > Date.parse(startsAt);

/**
 * What a code brought in, counting the orders that hold a use of it (a cancelled order gives its use back): how many,
 * the discount they were given, and what they came to (their totals less what was refunded).
 */
export const PromotionUsage = z.object({ orders: z.number().int().nonnegative(), discount_given: Money, revenue: Money });
export type PromotionUsage = z.infer<typeof PromotionUsage>;

const NamedRef = z.object({ id: Id, name_en: z.string(), name_ar: z.string() });
export const StaffPromotion = z.object({
  id: Id,
  code: z.string(),
  discount_kind: DiscountKind,
  percent_discount: z.number().int().nullable(),
  amount_off: Money.nullable(),
  min_order: Money,
  starts_at: z.iso.datetime({ offset: true }),
  ends_at: z.iso.datetime({ offset: true }).nullable(),
  is_active: z.boolean(),
  is_popup: z.boolean(),
  first_order_only: z.boolean(),
  max_uses: z.number().int().nullable(),
  per_customer_limit: z.number().int().nullable(),
  categories: z.array(NamedRef),
  products: z.array(NamedRef),
  state: PromotionState,
  usage: PromotionUsage,
  version: z.number().int().positive(),
  created_at: z.iso.datetime({ offset: true }),
});
export type StaffPromotion = z.infer<typeof StaffPromotion>;
export const StaffPromotionPage = paginated(StaffPromotion);
export const StaffPromotionQuery = PageQuery.extend({
  /** Part of the code. */
  search: z.string().trim().max(64).optional(),
  state: PromotionState.optional(),
});
export type StaffPromotionQuery = z.infer<typeof StaffPromotionQuery>;
