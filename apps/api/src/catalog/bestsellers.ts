/**
 * Which products wear the "Bestseller" badge (decision 0039): the most units sold in the last 30 days. One SQL array,
 * uncorrelated, so a listing's statement computes it once however many cards its page has.
 */
import { sql } from 'drizzle-orm';

/** How many products are badged at most. */
export const BESTSELLER_COUNT = 8;
/** Units a product must have sold in the window to be badged: one sale in a quiet month is not a bestseller. */
export const BESTSELLER_MIN_UNITS = 3;
/** The window counted back from now. */
export const BESTSELLER_DAYS = 30;

/**
 * The bestsellers' ids: units of product lines in orders that were not cancelled, refunded or left unpaid, less the
 * units refunded; published products only; ties to the one sold most recently.
 */
export const bestsellerIds = sql`(SELECT coalesce(array_agg(b.product_id), '{}') FROM (
    SELECT oi.product_id FROM order_items oi
      JOIN orders o ON o.id = oi.order_id
      JOIN products bp ON bp.id = oi.product_id AND bp.is_published
    WHERE o.created_at > now() - make_interval(days => ${BESTSELLER_DAYS}::int)
      AND o.status NOT IN ('cancelled', 'refunded', 'pending_payment')
    GROUP BY oi.product_id
    HAVING sum(oi.quantity - oi.refunded_quantity) >= ${BESTSELLER_MIN_UNITS}::int
    ORDER BY sum(oi.quantity - oi.refunded_quantity) DESC, max(o.created_at) DESC, oi.product_id DESC
    LIMIT ${BESTSELLER_COUNT}::int) b)`;
