/**
 * What a paid order still owes after staff raised its total (decision 0062), derived from the order and its payments
 * rather than kept as a copy that could drift: its total, less what its payments brought in and kept (refunds taken
 * off), never below nothing. Only an order paid online and not yet handed over can owe: a cash order pays its total at
 * the door, an order waiting for its first payment owes that payment, not a balance.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ORDER_EDITABLE_STATUSES } from '@attar/contract/rules';
import type { Locale } from '@attar/contract';
import { ApiError } from '../http/errors';
import { money, text } from '../i18n/catalogue';

const editable = sql.join(
  ORDER_EDITABLE_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/** The piastres order `order` (an alias of `orders`) owes, as an SQL expression. */
export const balanceDueSql = (order: SQL) => sql`(CASE WHEN ${order}.payment_method <> 'cod' AND ${order}.status IN (${editable})
  THEN greatest(0, ${order}.total_piastres - (SELECT coalesce(sum(bp.amount_piastres - bp.refunded_piastres), 0)
    FROM payments bp WHERE bp.order_id = ${order}.id AND bp.status IN ('paid', 'refund_pending', 'refunded')))
  ELSE 0 END)::int`;

/** 409 for a parcel that would leave while its order still owes `piastres`: it is handed over once they are paid. */
export const balanceOwed = (locale: Locale, piastres: number) =>
  new ApiError(409, 'balance_owed', text(locale, 'balanceOwed', { amount: money(locale, piastres) }));
