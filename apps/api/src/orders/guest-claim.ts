/**
 * A guest keeps an order in a new account, from the order-result page: the proof the order's answer gave that guest
 * (tracking.ts `claimToken`, not the order number, which is printed on slips and messages), a password, and an e-mail
 * address when the order has none. The phone was proved with its code at checkout, so the account starts with it
 * verified; the guest's other web orders with that phone (each placed with a code sent to it) move to the account too,
 * and earn their points as an account's order would: credited now when delivered, else on delivery. Refused when an
 * account with that phone or e-mail exists (the shopper signs in instead). Decision 0038.
 */
import { sql } from 'drizzle-orm';
import { sharePoints, type Locale } from '@attar/contract';
import { pointsForPayment } from '@attar/contract/rules';
import { checkPasswordRules, findUser, toUser, USER_COLUMNS, type AccountsContext, type UserRow } from '../accounts/service';
import { hashPassword } from '../accounts/passwords';
import { issueToken } from '../accounts/tokens';
import { SENDS_PER_ADDRESS } from '../challenge/service';
import { inTransaction, type Rows } from '../db/transaction';
import { ApiError, fieldError } from '../http/errors';
import { readToken } from '../http/signed-tokens';
import { text } from '../i18n/catalogue';
import { enforce } from '../ratelimit/limits';
import { oneRow } from '../db/one-row';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';

const accountExists = (locale: Locale) => new ApiError(409, 'account_exists', text(locale, 'accountExists'));

type ClaimedOrder = Pick<TableRow<typeof tables.orders>, 'id' | 'order_number' | 'status'> & {
  payable: number;
  earns: boolean;
  lines: { id: number; piastres: number }[];
};

/** An order's owner as the orders_owner check keeps it: an account, or a guest's name and phone. */
type OrderOwner = Pick<TableRow<typeof tables.orders>, 'guest_email'> &
  (
    | (Pick<TableRow<typeof tables.orders>, 'guest_name' | 'guest_phone'> & { user_id: number })
    | { user_id: null; guest_name: string; guest_phone: string }
  );

/** The points the moved orders earn at the shop's rate: each line's share, and the balance for those already delivered. */
async function earnPoints(rows: Rows, userId: number, orders: ClaimedOrder[]) {
  const [{ piastres_per_point: perPoint } = { piastres_per_point: 0 }] = await rows<
    Pick<TableRow<typeof tables.siteConfig>, 'piastres_per_point'>
  >(sql`SELECT piastres_per_point FROM site_config WHERE id = 1`);
  for (const order of orders) {
    const points = pointsForPayment(order.payable, perPoint);
    if (points <= 0) continue;
    const shares = sharePoints(
      order.lines.map((line) => line.piastres),
      points,
    );
    await rows(sql`UPDATE orders SET points_earned = ${points} WHERE id = ${order.id}`);
    await rows(sql`UPDATE order_items oi SET points = s.points
      FROM unnest(${sql.param(order.lines.map((line) => line.id))}::int[], ${sql.param(shares)}::int[]) AS s(id, points)
      WHERE oi.id = s.id`);
    if (order.status === 'delivered') {
      await rows(sql`UPDATE users SET points = points + ${points} WHERE id = ${userId}`);
      await rows(sql`INSERT INTO points_ledger (user_id, change, reason, order_number)
        VALUES (${userId}, ${points}, 'earned', ${order.order_number})`);
    }
  }
}

export async function claimGuestOrder(
  ctx: AccountsContext,
  input: { token: string; password: string; email?: string | undefined },
  ip: string,
  locale: Locale,
) {
  const check = readToken(ctx.config.secretKey, 'order', 'claim', input.token);
  if (!check.ok) throw new ApiError(400, 'invalid_link', text(locale, 'claimLinkInvalid'));
  // An account is made: the same limit per address as a sign-up.
  await enforce(ctx.counters, `signup:ip:${ip}`, { max: SENDS_PER_ADDRESS, windowMs: 3_600_000 });
  const [order] = await ctx.database.rows<OrderOwner>(sql`
    SELECT user_id, guest_name, guest_phone, guest_email FROM orders WHERE order_number = ${check.subject}`);
  if (!order) throw new ApiError(400, 'invalid_link', text(locale, 'claimLinkInvalid'));
  if (order.user_id !== null) throw new ApiError(409, 'order_claimed', text(locale, 'orderAlreadyClaimed'));
  // Said before asking for anything more: whoever has the phone's account signs in instead.
  if (await findUser(ctx.database, { phone: order.guest_phone })) throw accountExists(locale);
  const email = order.guest_email ?? input.email;
  if (!email) throw fieldError('email', text(locale, 'claimEmailNeeded'));
  checkPasswordRules(input.password, email, order.guest_phone, locale);
  const passwordHash = await hashPassword(input.password);

  const { user, orders } = await inTransaction(ctx.database, async (rows) => {
    // Any unique key (phone or e-mail) taken: nothing is made and the shopper is sent to sign in.
    const [user] = await rows<UserRow>(sql`
      INSERT INTO users (name, email, phone, phone_verified, password_hash, locale)
      SELECT ${order.guest_name}, ${email}, ${order.guest_phone}, true, ${passwordHash}, ${locale}
      WHERE NOT EXISTS (SELECT 1 FROM users WHERE phone = ${order.guest_phone} OR email = ${email})
      ON CONFLICT DO NOTHING RETURNING ${USER_COLUMNS}`);
    if (!user) throw accountExists(locale);
    // Phone orders are left out: staff took them on the caller's word, not with a code sent to the phone.
    const moved = await rows<ClaimedOrder>(sql`
      UPDATE orders o SET user_id = ${user.id}, version = o.version + 1, updated_at = now()
      WHERE o.user_id IS NULL AND o.guest_phone = ${order.guest_phone} AND o.channel = 'web'
      RETURNING o.id, o.order_number, o.status, o.subtotal_piastres - o.discount_piastres - o.points_discount_piastres AS payable,
        -- Cancelled or refunded orders earn nothing; nor do ones partly refunded, whose points would need undoing.
        o.status NOT IN ('cancelled', 'refunded') AND o.refunded_piastres = 0 AS earns,
        (SELECT json_agg(json_build_object('id', oi.id, 'piastres', oi.price_piastres * oi.quantity) ORDER BY oi.id)
          FROM order_items oi WHERE oi.order_id = o.id) AS lines`);
    await earnPoints(
      rows,
      user.id,
      moved.filter((o) => o.earns),
    );
    return { user, orders: moved.map((o) => o.order_number).sort() };
  });
  const fresh = oneRow(await ctx.database.rows<UserRow>(sql`SELECT ${USER_COLUMNS} FROM users WHERE id = ${user.id}`));
  const token = await issueToken(ctx.database, user.id, ctx.config.tokenTtlDays);
  return { token, user: toUser(fresh), orders };
}
