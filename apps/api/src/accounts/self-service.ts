/**
 * The shopper looks after their own account (Egypt's Personal Data Protection Law no. 151 of 2020, decision
 * 0026): a new e-mail or phone proven by a code sent to it, the account deleted with a code (personal data erased,
 * orders kept for the shop's accounts), every token revoked, and an export of everything held about them.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AccountDeletionCodeSent, DataExport, Locale, User } from '@attar/contract';
import { cartExtrasExport } from '../cart/extras';
import { addressesOf } from '../checkout/addresses';
import { checkCode, consumeCode, issueCode, revokeCodes, type CodePurpose } from '../codes/service';
import { ApiError, fieldError, notFound } from '../http/errors';
import { text } from '../i18n/catalogue';
import { accountCodeEmail } from '../messages/emails';
import { rowsOf } from '../db/transaction';
import { oneRow } from '../db/one-row';
import { enforce } from '../ratelimit/limits';
import {
  CODE_CHECK_LIMIT,
  findUser,
  getUser,
  pointsOf,
  rethrowTaken,
  toUser,
  USER_COLUMNS,
  type AccountsContext,
  updateNameAndLanguage,
  type UserRow,
} from './service';
import { revokeAllTokens } from './tokens';

async function currentUser(ctx: AccountsContext, userId: number): Promise<UserRow> {
  const user = await findUser(ctx.database, { id: userId });
  if (!user) throw notFound();
  return user;
}

const codeInvalid = (locale: Locale) => new ApiError(400, 'code_invalid', text(locale, 'codeInvalid'));

/**
 * Checks a code sent for `purpose` to `identifier` on behalf of this shopper (a code another shopper asked for the same
 * address is not theirs to use) without using it up: the caller uses it up once everything else passed.
 */
async function checkOwnCode(
  ctx: AccountsContext,
  input: { userId: number; purpose: CodePurpose; identifier: string; code: string; ip: string; locale: Locale },
): Promise<number> {
  await enforce(ctx.counters, `code-checks:ip:${input.ip}`, CODE_CHECK_LIMIT);
  const { userId, codeId } = await checkCode(ctx, { ...input, consume: false });
  if (userId !== input.userId) throw codeInvalid(input.locale);
  return codeId;
}

type Channel = {
  field: 'email' | 'phone';
  purpose: 'change_email' | 'change_phone';
  current: (user: UserRow) => string | null;
  unchanged: 'emailUnchanged' | 'phoneUnchanged';
  taken: 'emailTaken' | 'phoneTaken';
  send: (ctx: AccountsContext, user: UserRow, to: string, code: string, locale: Locale) => Promise<unknown>;
};

const CHANNELS: Record<'email' | 'phone', Channel> = {
  email: {
    field: 'email',
    purpose: 'change_email',
    current: (user) => user.email,
    unchanged: 'emailUnchanged',
    taken: 'emailTaken',
    send: async (ctx, user, to, code, locale) =>
      ctx.delivery.sendEmail(await accountCodeEmail({ to, locale, name: user.name, code, purpose: 'change_email' })),
  },
  phone: {
    field: 'phone',
    purpose: 'change_phone',
    current: (user) => user.phone,
    unchanged: 'phoneUnchanged',
    taken: 'phoneTaken',
    send: (ctx, _user, to, code, locale) => ctx.delivery.sendSms({ to, text: text(locale, 'phoneCodeSms', { code }) }),
  },
};

/** The new address must differ from the current one and belong to nobody else (400 naming the field otherwise). */
async function checkNewAddress(ctx: AccountsContext, channel: Channel, user: UserRow, address: string, locale: Locale) {
  if (channel.current(user) === address) throw fieldError(channel.field, text(locale, channel.unchanged));
  const holder = await findUser(ctx.database, channel.field === 'email' ? { email: address } : { phone: address });
  if (holder) throw fieldError(channel.field, text(locale, channel.taken));
}

/** Sends a `change_email` / `change_phone` code to the NEW address, in the account's language; nothing changes until it comes back. */
export async function sendChangeCode(
  ctx: AccountsContext,
  userId: number,
  field: 'email' | 'phone',
  address: string,
  ip: string,
  locale: Locale,
) {
  const channel = CHANNELS[field];
  const user = await currentUser(ctx, userId);
  await checkNewAddress(ctx, channel, user, address, locale);
  const code = await issueCode(ctx, { purpose: channel.purpose, identifier: address, userId, ip, deliverable: true });
  await channel.send(ctx, user, address, code, user.locale);
}

/**
 * `PUT /api/users/me/`: the name and language change at once; a new e-mail or phone does not (nobody can hold an
 * address they have not proved, and so block its owner's sign-up): it is sent a code, and the answer shows it as
 * pending until `…/change/` brings the code back.
 */
export async function saveProfile(
  ctx: AccountsContext,
  userId: number,
  input: { name: string; email: string; phone: string; language?: Locale | undefined },
  ip: string,
  locale: Locale,
): Promise<User> {
  const user = await currentUser(ctx, userId);
  const changed = (['email', 'phone'] as const).filter((field) => CHANNELS[field].current(user) !== input[field]);
  for (const field of changed) await checkNewAddress(ctx, CHANNELS[field], user, input[field], locale);
  const saved = await updateNameAndLanguage(ctx, userId, input);
  if (!changed.length) return saved;
  for (const field of changed) await sendChangeCode(ctx, userId, field, input[field], ip, locale);
  return getUser(ctx.database, userId);
}

/** With the code the new address received, it replaces the old one and counts as verified. */
export async function confirmChange(
  ctx: AccountsContext,
  userId: number,
  field: 'email' | 'phone',
  address: string,
  code: string,
  ip: string,
  locale: Locale,
): Promise<User> {
  const channel = CHANNELS[field];
  const user = await currentUser(ctx, userId);
  const codeId = await checkOwnCode(ctx, { userId, purpose: channel.purpose, identifier: address, code, ip, locale });
  // Taken meanwhile (a sign-up with it since the code went out): refused before the code is used up.
  await checkNewAddress(ctx, channel, user, address, locale);
  await consumeCode(ctx.database, codeId, locale);
  const row = oneRow(
    await ctx.database
      .rows<UserRow>(
        field === 'email'
          ? sql`UPDATE users SET email = ${address}, email_verified = true WHERE id = ${userId} RETURNING ${USER_COLUMNS}`
          : sql`UPDATE users SET phone = ${address}, phone_verified = true WHERE id = ${userId} RETURNING ${USER_COLUMNS}`,
      )
      .catch((error) => rethrowTaken(error, locale)),
  );
  // A password-reset code the old mailbox received must not open the account any more.
  if (field === 'email') await revokeCodes(ctx.database, 'password_reset', user.email);
  return toUser(row);
}

/**
 * Where the deletion code goes: the e-mail, unless only the phone is verified (then by SMS). With neither verified,
 * the e-mail the account was made with: the address the shop knows the shopper by.
 */
function deletionTarget(user: UserRow): { channel: 'email' | 'sms'; to: string } {
  if (!user.email_verified && user.phone_verified && user.phone) return { channel: 'sms', to: user.phone };
  return { channel: 'email', to: user.email };
}

export async function sendDeletionCode(ctx: AccountsContext, userId: number, ip: string): Promise<Omit<AccountDeletionCodeSent, 'detail'>> {
  const user = await currentUser(ctx, userId);
  const target = deletionTarget(user);
  const code = await issueCode(ctx, { purpose: 'delete_account', identifier: target.to, userId, ip, deliverable: true });
  if (target.channel === 'sms') await ctx.delivery.sendSms({ to: target.to, text: text(user.locale, 'deleteAccountSms', { code }) });
  else
    await ctx.delivery.sendEmail(
      await accountCodeEmail({ to: target.to, locale: user.locale, name: user.name, code, purpose: 'delete_account' }),
    );
  return target;
}

/**
 * The e-mail and phone that are proven the shopper's: a stock alert left as a guest under an address is theirs only
 * through a verified one. (The newsletter goes by the account's e-mail: unique to the account, the address the shop
 * knows the shopper by.)
 */
function verifiedContacts(user: Pick<UserRow, 'email' | 'phone' | 'email_verified' | 'phone_verified'>) {
  return {
    email: user.email_verified ? user.email : null,
    phone: user.phone_verified ? user.phone : null,
  };
}

/** The stock alerts of the account, and those left as a guest under its verified e-mail or phone. */
const alertsOf = (userId: number, contacts: ReturnType<typeof verifiedContacts>) =>
  sql`(a.user_id = ${userId} OR a.email = ${contacts.email} OR a.phone = ${contacts.phone})`;

/**
 * Deletes the account with the code sent to it: in ONE transaction the users row is anonymised (it stays: the shop's
 * orders point at it), every token is revoked, and addresses, cart (with its extras), favourites, stock alerts,
 * notifications, reviews and votes, codes and the newsletter subscription are deleted. Orders, their address copy and the points ledger are
 * kept, as Egyptian law requires commercial records to be kept (decision 0026). A wrong code changes nothing.
 */
export async function deleteAccount(ctx: AccountsContext, userId: number, code: string, ip: string, locale: Locale) {
  const user = await currentUser(ctx, userId);
  const target = deletionTarget(user);
  const codeId = await checkOwnCode(ctx, { userId, purpose: 'delete_account', identifier: target.to, code, ip, locale });
  const contacts = verifiedContacts(user);
  await ctx.database.db.transaction(async (tx) => {
    const run = rowsOf(tx);
    // Of two deletions with the same code, one wins; the other changes nothing.
    const used = await run(
      sql`UPDATE verification_codes SET consumed_at = now() WHERE id = ${codeId} AND consumed_at IS NULL RETURNING id`,
    );
    if (!used.length) throw new ApiError(400, 'code_used', text(locale, 'codeUsed'));
    await run(sql`UPDATE auth_tokens SET revoked_at = now() WHERE user_id = ${userId} AND revoked_at IS NULL`);
    await run(sql`DELETE FROM social_accounts WHERE user_id = ${userId}`);
    await run(sql`DELETE FROM addresses WHERE user_id = ${userId}`);
    await run(sql`DELETE FROM cart_product_lines WHERE user_id = ${userId}`);
    await run(sql`DELETE FROM cart_offer_lines WHERE user_id = ${userId}`);
    await run(sql`DELETE FROM cart_promotions WHERE user_id = ${userId}`);
    await run(sql`DELETE FROM cart_extras WHERE user_id = ${userId}`);
    await run(sql`DELETE FROM wish_list_entries WHERE user_id = ${userId}`);
    await run(sql`DELETE FROM stock_alerts a WHERE ${alertsOf(userId, contacts)}`);
    await run(sql`DELETE FROM notifications WHERE user_id = ${userId}`);
    // Their votes no longer count on other shoppers' reviews; votes on their own reviews go with the reviews.
    await run(sql`
      UPDATE reviews SET helpful_count = helpful_count - 1
      WHERE id IN (SELECT review_id FROM review_votes WHERE user_id = ${userId}) AND helpful_count > 0`);
    await run(sql`DELETE FROM review_votes WHERE user_id = ${userId}`);
    await run(sql`DELETE FROM reviews WHERE user_id = ${userId}`);
    await run(sql`DELETE FROM newsletter_subscriptions WHERE email = ${user.email}`);
    await run(sql`DELETE FROM verification_codes WHERE user_id = ${userId} OR identifier IN (${user.email}, ${user.phone ?? user.email})`);
    await run(sql`
      UPDATE users SET name = '', email = ${`deleted-${userId}@deleted.invalid`}, phone = NULL, password_hash = NULL,
        email_verified = false, phone_verified = false, is_active = false, deleted_at = now()
      WHERE id = ${userId}`);
  });
}

/** Signs the shopper out on every device, this one included. */
export const signOutEverywhere = (ctx: AccountsContext, userId: number) => revokeAllTokens(ctx.database, userId);

/** A JSON array of the rows of `query` (each an `item` column), `[]` when none. */
async function listOf<T>(ctx: AccountsContext, query: SQL): Promise<T[]> {
  const row = oneRow(
    await ctx.database.rows<{ list: T[] }>(sql`SELECT coalesce(json_agg(item), '[]'::json) AS list FROM (${query}) listed`),
  );
  return row.list;
}

/** Everything the shop holds about the shopper, in their language, for `GET /api/users/me/export/`. */
export async function exportData(ctx: AccountsContext, userId: number, locale: Locale): Promise<DataExport> {
  const l = sql.raw(locale);
  const user = await currentUser(ctx, userId);
  const contacts = verifiedContacts(user);
  const pounds = (column: string) => sql`${sql.raw(column)}::numeric / 100`;
  const [orders, favourites, cart, reviews, reviewVotes, stockAlerts, notifications, newsletter] = await Promise.all([
    listOf<DataExport['orders'][number]>(
      ctx,
      sql`SELECT json_build_object('order_number', o.order_number, 'status', o.status, 'created_at', o.created_at,
        'payment_method', o.payment_method, 'address', o.address, 'subtotal', ${pounds('o.subtotal_piastres')},
        'delivery_fee', ${pounds('o.delivery_fee_piastres')},
        'discount', (o.discount_piastres + o.points_discount_piastres)::numeric / 100,
        'points_used', o.points_used, 'points_earned', o.points_earned, 'total', ${pounds('o.total_piastres')},
        'notes', o.notes, 'gift_message', o.gift_message,
        'lines', (SELECT coalesce(json_agg(json_build_object('name', coalesce(p.name_${l}, f.name_${l}, ''), 'size_ml', i.size_ml,
            'quantity', i.quantity, 'price', ${pounds('i.price_piastres')}) ORDER BY i.id), '[]'::json)
          FROM order_items i LEFT JOIN products p ON p.id = i.product_id LEFT JOIN offers f ON f.id = i.offer_id
          WHERE i.order_id = o.id)) AS item
      FROM orders o WHERE o.user_id = ${userId} ORDER BY o.created_at DESC, o.id DESC`,
    ),
    listOf<DataExport['favourites'][number]>(
      ctx,
      sql`SELECT json_build_object('product', p.name_${l}, 'added_at', w.created_at) AS item
      FROM wish_list_entries w JOIN products p ON p.id = w.product_id WHERE w.user_id = ${userId} ORDER BY w.id`,
    ),
    listOf<DataExport['cart'][number]>(
      ctx,
      sql`SELECT item FROM (
        SELECT json_build_object('name', p.name_${l}, 'size_ml', s.ml, 'quantity', c.quantity, 'added_at', c.created_at) AS item, c.created_at
        FROM cart_product_lines c JOIN products p ON p.id = c.product_id
          JOIN product_variants v ON v.id = c.variant_id LEFT JOIN sizes s ON s.id = v.size_id
        WHERE c.user_id = ${userId}
        UNION ALL
        SELECT json_build_object('name', f.name_${l}, 'size_ml', NULL, 'quantity', c.quantity, 'added_at', c.created_at), c.created_at
        FROM cart_offer_lines c JOIN offers f ON f.id = c.offer_id WHERE c.user_id = ${userId}) lines ORDER BY created_at`,
    ),
    listOf<DataExport['reviews'][number]>(
      ctx,
      sql`SELECT json_build_object('product', p.name_${l}, 'rating', r.rating, 'body', r.body, 'locale', r.locale,
        'created_at', r.created_at, 'updated_at', r.updated_at, 'reply', r.reply) AS item
      FROM reviews r JOIN products p ON p.id = r.product_id WHERE r.user_id = ${userId} ORDER BY r.id`,
    ),
    listOf<DataExport['review_votes'][number]>(
      ctx,
      sql`SELECT json_build_object('review', v.review_id, 'created_at', v.created_at) AS item
      FROM review_votes v WHERE v.user_id = ${userId} ORDER BY v.created_at`,
    ),
    listOf<DataExport['stock_alerts'][number]>(
      ctx,
      sql`SELECT json_build_object('product', p.name_${l}, 'size_ml', s.ml, 'created_at', a.created_at) AS item
      FROM stock_alerts a JOIN products p ON p.id = a.product_id
        LEFT JOIN product_variants v ON v.id = a.variant_id LEFT JOIN sizes s ON s.id = v.size_id
      WHERE ${alertsOf(userId, contacts)} ORDER BY a.id`,
    ),
    listOf<DataExport['notifications'][number]>(
      ctx,
      sql`SELECT json_build_object('kind', n.kind, 'params', n.params, 'created_at', n.created_at, 'read_at', n.read_at) AS item
      FROM notifications n WHERE n.user_id = ${userId} ORDER BY n.id DESC`,
    ),
    ctx.database.rows<NonNullable<DataExport['newsletter']>>(sql`
      SELECT email, to_json(created_at) #>> '{}' AS subscribed_at, to_json(confirmed_at) #>> '{}' AS confirmed_at,
        to_json(unsubscribed_at) #>> '{}' AS unsubscribed_at
      FROM newsletter_subscriptions WHERE email = ${user.email}`),
  ]);
  return {
    exported_at: new Date().toISOString(),
    profile: await getUser(ctx.database, userId),
    addresses: await addressesOf(ctx.database, locale, userId),
    orders,
    points: (await pointsOf(ctx.database, userId)).history,
    favourites,
    cart,
    cart_extras: await cartExtrasExport(ctx.database, userId),
    reviews,
    review_votes: reviewVotes,
    stock_alerts: stockAlerts,
    notifications,
    newsletter: newsletter[0] ?? null,
  };
}
