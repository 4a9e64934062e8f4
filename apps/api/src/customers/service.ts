/**
 * Customers as the back office sees them. By mobile number, for an order taken by phone (docs/orders.md, "Phone
 * orders"): the shopper account with that number and its saved addresses, and the latest orders placed by or for it.
 * And the customers' own pages (decision 0022): search, an account with its orders, points ledger,
 * addresses and verification, points adjusted by hand, and deactivation, which ends the account's sessions at once.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  CUSTOMER_ORDERS_SHOWN,
  MANUAL_POINTS_REASON,
  type Locale,
  type StaffCustomer,
  type StaffCustomerLookup,
  type StaffCustomerQuery,
  type StaffCustomerRow,
  type StaffPointsAdjusted,
  type StaffPointsAdjustment,
  type StaffPointsEntry,
} from '@attar/contract';
import { recordAudit } from '../audit/service';
import { addressesOf } from '../checkout/addresses';
import type { Database } from '../db/client';
import { ApiError, fieldError, notFound } from '../http/errors';
import { pageOfRows } from '../http/pagination';
import { count, text } from '../i18n/catalogue';
import { escapeLike, searchTerm } from '../orders/staff-service';
import { rowsOf, type Rows } from '../db/transaction';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { oneRow, rowOrNotFound } from '../db/one-row';
import { poundsSql } from '../catalog/staff-writes';
import { isSale } from '../reports/service';
import { taggedWith, tagsJson } from '../tags/service';

/** `phone` is E.164, as the contract's EgyptianMobile makes it. */
export async function lookupCustomer(database: Database, locale: Locale, phone: string): Promise<StaffCustomerLookup> {
  const [account] = await database.rows<Pick<TableRow<typeof tables.users>, 'id' | 'name' | 'email' | 'points'>>(sql`
    SELECT id, name, email, points FROM users WHERE phone = ${phone} AND is_active`);
  // Orders keep the number they were placed with (customer_phone), so a guest's earlier orders are found too.
  const recent = await database.rows<Omit<StaffCustomerLookup['recent_orders'][number], 'total'> & { total_piastres: number }>(sql`
    SELECT id, order_number, status, total_piastres, created_at, address->>'name' AS customer_name
    FROM orders WHERE customer_phone = ${phone} ${account ? sql`OR user_id = ${account.id}` : sql``}
    ORDER BY created_at DESC, id DESC LIMIT 5`);
  return {
    phone,
    account: account ? { ...account, addresses: await addressesOf(database, locale, account.id) } : null,
    recent_orders: recent.map(({ total_piastres, ...order }) => ({
      ...order,
      total: total_piastres / 100,
      created_at: new Date(order.created_at).toISOString(),
    })),
  };
}

const orderCount = sql`(SELECT count(*)::int FROM orders o WHERE o.user_id = u.id)`;
/** What user `u`'s sales came to, in piastres: their orders that the reports count as sales (decision 0023). */
const lifetimeValue = sql`(SELECT coalesce(sum(o.total_piastres), 0) FROM orders o WHERE o.user_id = u.id AND ${isSale(sql`o`)})`;

/** SQL building the contract's StaffCustomerRow for user `u`. */
const customerRowJson = sql`json_build_object('id', u.id, 'name', u.name, 'email', u.email, 'phone', u.phone,
  'email_verified', u.email_verified, 'phone_verified', u.phone_verified, 'points', u.points, 'language', u.locale, 'is_active', u.is_active,
  'order_count', ${orderCount}, 'lifetime_value', ${poundsSql(lifetimeValue)}, 'tags', ${tagsJson('customer', sql`u.id`)},
  'date_joined', u.date_joined, 'whatsapp_opt_out', u.whatsapp_opt_out)`;

/** The list's orders; ties (many customers without orders) newest first, so a page is the same each time it is read. */
const SORTS: Record<StaffCustomerQuery['sort'], SQL> = {
  '-date_joined': sql`u.date_joined DESC, u.id DESC`,
  '-lifetime_value': sql`${lifetimeValue} DESC, u.id DESC`,
  lifetime_value: sql`${lifetimeValue} ASC, u.id DESC`,
  '-order_count': sql`${orderCount} DESC, u.id DESC`,
  order_count: sql`${orderCount} ASC, u.id DESC`,
};

/**
 * Customers by name, e-mail or mobile (typed 010…, +20 10…, 0020…, with Arabic digits: reduced to the digits every
 * stored +2010… contains), active or not, by tag; newest first, or by lifetime value or number of orders.
 */
export async function customerPage(database: Database, query: StaffCustomerQuery) {
  const conditions: SQL[] = [sql`true`];
  if (query.q) {
    const like = `%${escapeLike(searchTerm(query.q))}%`;
    conditions.push(sql`(u.name ILIKE ${like} OR u.email ILIKE ${like} OR u.phone LIKE ${like})`);
  }
  if (query.state) conditions.push(sql`u.is_active = ${query.state === 'active'}`);
  if (query.tag) conditions.push(taggedWith('customer', sql`u.id`, query.tag));
  return pageOfRows<StaffCustomerRow>(database, {
    table: 'users',
    alias: 'u',
    where: sql.join(conditions, sql` AND `),
    orderBy: SORTS[query.sort],
    rowJson: customerRowJson,
    page: query.page,
    pageSize: query.page_size,
  });
}

/** A customer's page: the account, their newest orders and their addresses. */
export async function customerOf(database: Database, locale: Locale, id: number): Promise<StaffCustomer> {
  const row = rowOrNotFound(
    await database.rows<{ customer: Omit<StaffCustomer, 'addresses'> }>(sql`
    SELECT (${customerRowJson}::jsonb || jsonb_build_object('orders', coalesce((
      SELECT jsonb_agg(jsonb_build_object('id', o.id, 'order_number', o.order_number, 'status', o.status,
        'total', (o.total_piastres / 100.0)::float8, 'created_at', o.created_at) ORDER BY o.created_at DESC, o.id DESC)
      FROM (SELECT * FROM orders WHERE user_id = u.id ORDER BY created_at DESC, id DESC LIMIT ${CUSTOMER_ORDERS_SHOWN}) o), '[]'))) AS customer
    FROM users u WHERE u.id = ${id}`),
    text(locale, 'noSuchCustomer'),
  );
  return { ...row.customer, addresses: await addressesOf(database, locale, id) };
}

const pointsEntryJson = sql`json_build_object('id', l.id, 'change', l.change, 'reason', l.reason, 'order_number', l.order_number,
  'note', l.note, 'created_at', l.created_at,
  'staff', CASE WHEN sm.id IS NULL THEN NULL ELSE json_build_object('id', sm.id, 'name', sm.name) END)`;

/** A customer's points ledger, newest first. */
export async function pointsLedgerOf(database: Database, locale: Locale, id: number, page: number, pageSize: number) {
  const row = oneRow(
    await database.rows<{ found: boolean; count: number; results: StaffPointsEntry[] }>(sql`
    SELECT EXISTS (SELECT 1 FROM users WHERE id = ${id}) AS found,
      (SELECT count(*)::int FROM points_ledger WHERE user_id = ${id}) AS count,
      coalesce((SELECT json_agg(${pointsEntryJson} ORDER BY l.id DESC) FROM (
        SELECT * FROM points_ledger WHERE user_id = ${id} ORDER BY id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}) l
        LEFT JOIN staff_members sm ON sm.id = l.staff_id), '[]') AS results`),
  );
  if (!row.found) throw notFound(text(locale, 'noSuchCustomer'));
  return { count: row.count, results: row.results };
}

/** 404 for an unknown customer; otherwise the reason the conditional update changed nothing is the caller's to give. */
async function balanceOf(rows: Rows, locale: Locale, id: number) {
  const user = rowOrNotFound(
    await rows<Pick<TableRow<typeof tables.users>, 'points'>>(sql`SELECT points FROM users WHERE id = ${id}`),
    text(locale, 'noSuchCustomer'),
  );
  return user.points;
}

/**
 * Points in or out by hand: a conditional update that never takes the balance below zero whatever runs at the same
 * time (the database's CHECK is the backstop), its ledger row with the staff member and the reason they wrote, and the
 * audit entry, in one transaction.
 */
export async function adjustPoints(
  database: Database,
  staffId: number,
  locale: Locale,
  id: number,
  input: StaffPointsAdjustment,
): Promise<StaffPointsAdjusted> {
  return database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    const [user] = await rows<Pick<TableRow<typeof tables.users>, 'points'>>(sql`
      UPDATE users SET points = points + ${input.change} WHERE id = ${id} AND points + ${input.change} >= 0 RETURNING points`);
    if (!user) {
      const balance = await balanceOf(rows, locale, id);
      throw fieldError('change', text(locale, 'pointsBelowZero', { balance: count(locale, balance) }));
    }
    const added = oneRow(
      await rows<{ entry: StaffPointsEntry }>(sql`
      WITH l AS (
        INSERT INTO points_ledger (user_id, change, reason, staff_id, note)
        VALUES (${id}, ${input.change}, ${MANUAL_POINTS_REASON}, ${staffId}, ${input.note}) RETURNING *
      )
      SELECT ${pointsEntryJson} AS entry FROM l LEFT JOIN staff_members sm ON sm.id = l.staff_id`),
    );
    await recordAudit(rows, {
      staffId,
      action: 'customer.points',
      entity: 'customer',
      entityId: id,
      before: { points: user.points - input.change },
      after: { points: user.points, change: input.change, note: input.note },
    });
    return { points: user.points, entry: added.entry };
  });
}

/**
 * Deactivates or reactivates an account. Deactivating revokes every token in the same transaction, so its sessions end
 * at once and stay ended after a reactivation (the shopper logs in again); log-in is refused meanwhile (accounts).
 * Asking for the state the account is already in changes nothing and writes no audit entry.
 */
export async function setCustomerActive(database: Database, staffId: number, locale: Locale, id: number, active: boolean) {
  await database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    const [changed] = await rows<Pick<TableRow<typeof tables.users>, 'id'>>(sql`
      UPDATE users SET is_active = ${active} WHERE id = ${id} AND is_active = ${!active} AND deleted_at IS NULL RETURNING id`);
    if (!changed) {
      await balanceOf(rows, locale, id);
      // An account its owner deleted has no personal data left to reopen (decision 0026).
      const [deleted] = await rows(sql`SELECT 1 FROM users WHERE id = ${id} AND deleted_at IS NOT NULL`);
      if (deleted && active) throw new ApiError(409, 'account_deleted', text(locale, 'accountDeletedByOwner'));
      return;
    }
    let sessionsEnded = 0;
    if (!active) {
      const ended = await rows<Pick<TableRow<typeof tables.authTokens>, 'id'>>(sql`
        UPDATE auth_tokens SET revoked_at = now() WHERE user_id = ${id} AND revoked_at IS NULL RETURNING id`);
      sessionsEnded = ended.length;
    }
    await recordAudit(rows, {
      staffId,
      action: active ? 'customer.reactivate' : 'customer.deactivate',
      entity: 'customer',
      entityId: id,
      before: { is_active: !active },
      after: { is_active: active, ...(active ? {} : { sessions_ended: sessionsEnded }) },
    });
  });
  return customerOf(database, locale, id);
}
