/**
 * Promotion codes: validity (active, window, uses left, per-customer limit, first order only), what a code takes off
 * a set of lines (a percentage or a fixed amount, a minimum order, limits to categories or products: the shared rule
 * in `@attar/contract/rules`), applying a code to the signed-in cart, and recording a use in the ledger whose unique
 * keys keep both limits exact.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { GuestOrderItem, Locale, PromotionTerms } from '@attar/contract';
import { promotionOutcome, type PromotionLinePart, type PromotionRule } from '@attar/contract/rules';
import type { Database } from '../db/client';
import { oneRow } from '../db/one-row';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { ApiError } from '../http/errors';
import { money, text, type TextKey } from '../i18n/catalogue';

export type Promotion = Pick<
  TableRow<typeof tables.promotions>,
  | 'id'
  | 'code'
  | 'discount_kind'
  | 'percent_discount'
  | 'amount_piastres'
  | 'min_order_piastres'
  | 'max_uses'
  | 'per_customer_limit'
  | 'first_order_only'
> & {
  /** Categories and products it is limited to (both empty: every line). */
  categories: number[];
  products: number[];
};

/** A line to discount: a product (in a size) or an offer, and what it costs in all (price × quantity), in piastres. */
export type PricedLine = { kind: 'product' | 'offer'; id: number; piastres: number };

/** The key of an order's customer for idempotency: `u:<user id>` for a signed-in shopper, `g:<phone>` for a guest. */
export const customerKey = (who: { userId: number } | { phone: string }) => ('userId' in who ? `u:${who.userId}` : `g:${who.phone}`);

/**
 * Who uses a code, for codes limited per customer or to a first order: the verified phone (E.164), whether a guest
 * proved it with the one-time code or an account verified it. Null for a signed-in shopper without a verified phone.
 */
export type PromotionCustomer = { phone: string | null; key: string };

type Runner = <T>(query: SQL) => Promise<T[]>;

const refuse = (locale: Locale, code: string, key: TextKey) => new ApiError(400, code, text(locale, key));

/** The promotion identity of a signed-in shopper: their phone if verified. */
export async function accountCustomer(rows: Runner, userId: number): Promise<PromotionCustomer> {
  const [user] = await rows<Pick<TableRow<typeof tables.users>, 'phone'>>(
    sql`SELECT phone FROM users WHERE id = ${userId} AND phone_verified`,
  );
  const phone = user?.phone ?? null;
  return { phone, key: phone ? `p:${phone}` : customerKey({ userId }) };
}

export const guestCustomer = (phone: string): PromotionCustomer => ({ phone, key: `p:${phone}` });

/** The categories and products promotion `p` is limited to, each a JSON array of ids (empty: not limited). */
export const limitedTo = {
  categories: sql`coalesce((SELECT json_agg(c.category_id ORDER BY c.category_id) FROM promotion_categories c WHERE c.promotion_id = p.id), '[]')`,
  products: sql`coalesce((SELECT json_agg(x.product_id ORDER BY x.product_id) FROM promotion_products x WHERE x.promotion_id = p.id), '[]')`,
};

/** A promotion `p`'s terms and limits, as {@link Promotion}. */
const promotionColumns = sql`p.id, p.code, p.discount_kind, p.percent_discount, p.amount_piastres, p.min_order_piastres,
  ${limitedTo.categories} AS categories, ${limitedTo.products} AS products, p.max_uses, p.per_customer_limit, p.first_order_only`;

/**
 * The promotion an order was placed with, whatever has become of it since: whether the code could be used was
 * settled when the order was placed; an edit asks again only what it takes off the new lines (decision 0057).
 */
export async function orderPromotion(rows: Runner, promotionId: number): Promise<Promotion> {
  const [promotion] = await rows<Promotion>(sql`SELECT ${promotionColumns} FROM promotions p WHERE p.id = ${promotionId}`);
  if (!promotion) throw new Error(`No promotion ${promotionId}`);
  return promotion;
}

/** The promotion behind `code` if `customer` may use it now; otherwise 400 with a code naming why. */
export async function usablePromotion(rows: Runner, locale: Locale, code: string, customer: PromotionCustomer): Promise<Promotion> {
  const phone = customer.phone;
  // Uses and orders by this phone, under any of the keys it has had: as a guest, as an account, verified.
  const [p] = await rows<
    Promotion &
      Pick<TableRow<typeof tables.promotions>, 'is_active'> & {
        started: boolean;
        ended: boolean;
        uses: number;
        customer_uses: number;
        orders: number;
      }
  >(sql`
    SELECT ${promotionColumns}, p.is_active,
      p.starts_at <= now() AS started, p.ends_at IS NOT NULL AND p.ends_at <= now() AS ended,
      (SELECT count(*) FROM promotion_uses u WHERE u.promotion_id = p.id)::int AS uses,
      (SELECT count(*) FROM promotion_uses u WHERE u.promotion_id = p.id AND (u.customer_key = ${customer.key}
        OR u.customer_key = 'g:' || ${phone}::text
        OR u.customer_key IN (SELECT 'u:' || id FROM users WHERE phone = ${phone}::text AND phone_verified)))::int AS customer_uses,
      (SELECT count(*) FROM orders o WHERE o.status <> 'cancelled' AND (o.customer_phone = ${phone}::text OR o.guest_phone = ${phone}::text
        OR o.user_id IN (SELECT id FROM users WHERE phone = ${phone}::text AND phone_verified)))::int AS orders
    FROM promotions p WHERE p.code = ${code.trim().toUpperCase()}`);
  if (!p || !p.is_active || !p.started) throw refuse(locale, 'promo_invalid', 'promoInvalid');
  if (p.ended) throw refuse(locale, 'promo_expired', 'promoExpired');
  if (p.max_uses !== null && p.uses >= p.max_uses) throw refuse(locale, 'promo_exhausted', 'promoExhausted');
  if ((p.per_customer_limit !== null || p.first_order_only) && phone === null) {
    throw new ApiError(400, 'phone_not_verified', text(locale, 'promoNeedsVerifiedPhone'));
  }
  if (p.per_customer_limit !== null && p.customer_uses >= p.per_customer_limit) {
    throw refuse(locale, 'promo_already_used', 'promoAlreadyUsed');
  }
  if (p.first_order_only && p.orders > 0) {
    throw refuse(locale, 'promo_first_order_only', 'promoFirstOrderOnly');
  }
  return p;
}

/**
 * Records a use for an order inside its transaction. The unique keys on (promotion, customer, customer_seq) and
 * (promotion, global_seq) refuse a use beyond either limit even when many orders race: the loser's order fails whole.
 */
export async function recordUse(rows: Runner, locale: Locale, promotion: Promotion, orderId: number, customer: string) {
  const next = oneRow(
    await rows<Pick<TableRow<typeof tables.promotionUses>, 'customer_seq' | 'global_seq'>>(sql`
      SELECT (SELECT count(*) FROM promotion_uses WHERE promotion_id = ${promotion.id} AND customer_key = ${customer})::int + 1 AS customer_seq,
             (SELECT coalesce(max(global_seq), 0) FROM promotion_uses WHERE promotion_id = ${promotion.id})::int + 1 AS global_seq`),
  );
  if (promotion.per_customer_limit !== null && next.customer_seq > promotion.per_customer_limit) {
    throw refuse(locale, 'promo_already_used', 'promoAlreadyUsed');
  }
  if (promotion.max_uses !== null && next.global_seq > promotion.max_uses) {
    throw refuse(locale, 'promo_exhausted', 'promoExhausted');
  }
  await rows(sql`
    INSERT INTO promotion_uses (promotion_id, order_id, customer_key, customer_seq, global_seq)
    VALUES (${promotion.id}, ${orderId}, ${customer}, ${next.customer_seq}, ${next.global_seq})`);
}

const runner =
  (database: Database): Runner =>
  (query) =>
    database.rows(query);

/**
 * GET /api/promotions/{code}: checks the code for the shopper and applies it to their cart. A cart with lines must
 * reach the code's minimum and hold a line it applies to; an empty cart takes the code for the lines to come.
 */
export async function applyToCart(database: Database, locale: Locale, userId: number, code: string, lines: PricedLine[]) {
  const promotion = await usablePromotion(runner(database), locale, code, await accountCustomer(runner(database), userId));
  if (lines.length > 0) await promotionDiscount(runner(database), locale, promotion, lines);
  await database.rows(sql`
    INSERT INTO cart_promotions (user_id, promotion_id) VALUES (${userId}, ${promotion.id})
    ON CONFLICT (user_id) DO UPDATE SET promotion_id = excluded.promotion_id, created_at = now()`);
  return promotionTerms(promotion);
}

/** DELETE /api/promotions/{code}: takes that code off the shopper's cart (a code not on it: nothing to do). */
export async function removeFromCart(database: Database, userId: number, code: string) {
  await database.rows(sql`DELETE FROM cart_promotions cp USING promotions p
    WHERE cp.user_id = ${userId} AND p.id = cp.promotion_id AND p.code = ${code.trim().toUpperCase()}`);
}

/** The promotion on the shopper's cart while it is still usable by them; a stale one is dropped silently. */
export async function cartPromotion(database: Database, locale: Locale, userId: number): Promise<Promotion | null> {
  const [applied] = await database.rows<Pick<TableRow<typeof tables.promotions>, 'code'>>(sql`
    SELECT p.code FROM cart_promotions cp JOIN promotions p ON p.id = cp.promotion_id WHERE cp.user_id = ${userId}`);
  if (!applied) return null;
  try {
    return await usablePromotion(runner(database), locale, applied.code, await accountCustomer(runner(database), userId));
  } catch {
    await database.rows(sql`DELETE FROM cart_promotions WHERE user_id = ${userId}`);
    return null;
  }
}

/** The terms shoppers see (a fixed amount has `percent_discount` 0). */
export const promotionTerms = (promotion: Promotion): PromotionTerms => ({
  code: promotion.code,
  percent_discount: promotion.percent_discount ?? 0,
  discount_kind: promotion.discount_kind,
  amount_off: promotion.amount_piastres === null ? null : promotion.amount_piastres / 100,
  min_order: promotion.min_order_piastres / 100,
  applies_to: { categories: promotion.categories, products: promotion.products },
});

const ruleOf = (promotion: Promotion): PromotionRule => ({
  discount_kind: promotion.discount_kind,
  percent: promotion.percent_discount ?? 0,
  amountPiastres: promotion.amount_piastres ?? 0,
  minOrderPiastres: promotion.min_order_piastres,
  categories: promotion.categories,
  products: promotion.products,
});

/** The products each line holds and their categories (an offer: each of its products), keyed `kind:id`. */
async function lineParts(rows: Runner, lines: PricedLine[]): Promise<Map<string, PromotionLinePart[]>> {
  const ids = (kind: PricedLine['kind']) => lines.filter((line) => line.kind === kind).map((line) => line.id);
  const parts = await rows<{ key: string; product: number; category: number }>(sql`
    SELECT 'product:' || p.id AS key, p.id AS product, p.category_id AS category FROM products p
    WHERE p.id = ANY(${sql.param(ids('product'))}::int[])
    UNION ALL
    SELECT 'offer:' || oi.offer_id, p.id, p.category_id FROM offer_items oi JOIN products p ON p.id = oi.product_id
    WHERE oi.offer_id = ANY(${sql.param(ids('offer'))}::int[])`);
  const byLine = new Map<string, PromotionLinePart[]>();
  for (const part of parts) byLine.set(part.key, [...(byLine.get(part.key) ?? []), { product: part.product, category: part.category }]);
  return byLine;
}

/** What the promotion takes off these lines, or why it takes nothing (`@attar/contract/rules`). */
async function outcomeFor(rows: Runner, promotion: Promotion, lines: PricedLine[]) {
  const restricted = promotion.categories.length > 0 || promotion.products.length > 0;
  const parts = restricted ? await lineParts(rows, lines) : new Map<string, PromotionLinePart[]>();
  return promotionOutcome(
    ruleOf(promotion),
    lines.map((line) => ({ piastres: line.piastres, parts: parts.get(`${line.kind}:${line.id}`) ?? [] })),
  );
}

/**
 * What the promotion takes off these lines, in whole piastres; 400 naming why when the lines do not reach its minimum
 * (the subtotal before any discount) or none of them is one it applies to.
 */
export async function promotionDiscount(rows: Runner, locale: Locale, promotion: Promotion, lines: PricedLine[]): Promise<number> {
  const outcome = await outcomeFor(rows, promotion, lines);
  if (outcome.refusal === 'min_order') {
    throw new ApiError(400, 'promo_min_order', text(locale, 'promoMinOrder', { amount: money(locale, promotion.min_order_piastres) }));
  }
  if (outcome.refusal === 'not_applicable') throw refuse(locale, 'promo_not_applicable', 'promoNotApplicable');
  return outcome.discount;
}

/** The discount a cart shows: nothing while its lines do not qualify (the cart keeps the code for lines to come). */
export const shownDiscount = async (rows: Runner, promotion: Promotion, lines: PricedLine[]) =>
  (await outcomeFor(rows, promotion, lines)).discount;

/** A guest's items at today's prices (a product in the size asked for, or its default size); unknown ones are left out. */
export async function pricedItems(rows: Runner, items: GuestOrderItem[]): Promise<PricedLine[]> {
  const products = items.flatMap((item) => (item.product === undefined ? [] : [item.product]));
  const offers = items.flatMap((item) => (item.offer === undefined ? [] : [item.offer]));
  const prices = await rows<{ kind: 'product' | 'offer'; id: number; variant: number | null; is_default: boolean; price: number }>(sql`
    SELECT 'product' AS kind, v.product_id AS id, v.id AS variant, v.is_default, v.price_piastres AS price FROM product_variants v
    WHERE v.product_id = ANY(${sql.param(products)}::int[])
    UNION ALL
    SELECT 'offer', o.id, NULL, true, o.price_piastres FROM offers o WHERE o.id = ANY(${sql.param(offers)}::int[])`);
  return items.flatMap((item): PricedLine[] => {
    const kind = item.product === undefined ? 'offer' : 'product';
    const id = item.product ?? item.offer;
    if (id === undefined) return [];
    const price = prices.find(
      (row) => row.kind === kind && row.id === id && (item.variant === undefined ? row.is_default : row.variant === item.variant),
    );
    return price ? [{ kind, id, piastres: price.price * item.quantity }] : [];
  });
}
