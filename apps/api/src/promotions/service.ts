/**
 * Promotion codes: validity (active, window, uses left, per-customer limit, first order only), applying a code to the
 * signed-in cart, and recording a use in the ledger whose unique keys keep both limits exact.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@attar/contract';
import type { Database } from '../db/client';
import { ApiError } from '../http/errors';
import { text, type TextKey } from '../i18n/catalogue';

export type Promotion = {
  id: number;
  code: string;
  percent_discount: number;
  max_uses: number | null;
  per_customer_limit: number | null;
  first_order_only: boolean;
};

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
  const [user] = await rows<{ phone: string | null }>(sql`SELECT phone FROM users WHERE id = ${userId} AND phone_verified`);
  const phone = user?.phone ?? null;
  return { phone, key: phone ? `p:${phone}` : customerKey({ userId }) };
}

export const guestCustomer = (phone: string): PromotionCustomer => ({ phone, key: `p:${phone}` });

/** The promotion behind `code` if `customer` may use it now; otherwise 400 with a code naming why. */
export async function usablePromotion(rows: Runner, locale: Locale, code: string, customer: PromotionCustomer): Promise<Promotion> {
  const phone = customer.phone;
  // Uses and orders by this phone, under any of the keys it has had: as a guest, as an account, verified.
  const [p] = await rows<
    Promotion & { started: boolean; ended: boolean; is_active: boolean; uses: number; customer_uses: number; orders: number }
  >(sql`
    SELECT p.id, p.code, p.percent_discount, p.max_uses, p.per_customer_limit, p.first_order_only, p.is_active,
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
  const [next] = await rows<{ customer_seq: number; global_seq: number }>(sql`
    SELECT (SELECT count(*) FROM promotion_uses WHERE promotion_id = ${promotion.id} AND customer_key = ${customer})::int + 1 AS customer_seq,
           (SELECT coalesce(max(global_seq), 0) FROM promotion_uses WHERE promotion_id = ${promotion.id})::int + 1 AS global_seq`);
  if (promotion.per_customer_limit !== null && next!.customer_seq > promotion.per_customer_limit) {
    throw refuse(locale, 'promo_already_used', 'promoAlreadyUsed');
  }
  if (promotion.max_uses !== null && next!.global_seq > promotion.max_uses) {
    throw refuse(locale, 'promo_exhausted', 'promoExhausted');
  }
  await rows(sql`
    INSERT INTO promotion_uses (promotion_id, order_id, customer_key, customer_seq, global_seq)
    VALUES (${promotion.id}, ${orderId}, ${customer}, ${next!.customer_seq}, ${next!.global_seq})`);
}

const runner =
  (database: Database): Runner =>
  (query) =>
    database.rows(query);

/** GET /api/promotions/{code}: checks the code for the shopper and applies it to their cart. */
export async function applyToCart(database: Database, locale: Locale, userId: number, code: string) {
  const promotion = await usablePromotion(runner(database), locale, code, await accountCustomer(runner(database), userId));
  await database.rows(sql`
    INSERT INTO cart_promotions (user_id, promotion_id) VALUES (${userId}, ${promotion.id})
    ON CONFLICT (user_id) DO UPDATE SET promotion_id = excluded.promotion_id, created_at = now()`);
  return { code: promotion.code, percent_discount: promotion.percent_discount };
}

/** DELETE /api/promotions/{code}: takes that code off the shopper's cart (a code not on it: nothing to do). */
export async function removeFromCart(database: Database, userId: number, code: string) {
  await database.rows(sql`DELETE FROM cart_promotions cp USING promotions p
    WHERE cp.user_id = ${userId} AND p.id = cp.promotion_id AND p.code = ${code.trim().toUpperCase()}`);
}

/** The promotion on the shopper's cart while it is still usable by them; a stale one is dropped silently. */
export async function cartPromotion(database: Database, locale: Locale, userId: number): Promise<Promotion | null> {
  const [applied] = await database.rows<{ code: string }>(sql`
    SELECT p.code FROM cart_promotions cp JOIN promotions p ON p.id = cp.promotion_id WHERE cp.user_id = ${userId}`);
  if (!applied) return null;
  try {
    return await usablePromotion(runner(database), locale, applied.code, await accountCustomer(runner(database), userId));
  } catch {
    await database.rows(sql`DELETE FROM cart_promotions WHERE user_id = ${userId}`);
    return null;
  }
}

/** Whole piastres off: the discount never has fractions of a piastre. */
export const discountOf = (subtotalPiastres: number, promotion: Pick<Promotion, 'percent_discount'> | null) =>
  promotion ? Math.floor((subtotalPiastres * promotion.percent_discount) / 100) : 0;
