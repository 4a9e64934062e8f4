/**
 * The back office's reports (decision 0023). Every figure is computed by the database: each report is
 * one SQL query of rows in piastres, which the dashboard turns into JSON (pounds) and the CSV files into text with two
 * decimals, so both say the same thing. Days are Cairo's; a range runs from the Cairo midnight of its first day to the
 * one after its last (decision 0056), compared with `orders.created_at` as instants so the orders' date index serves it.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  CASH_CONFIRMATION_FIGURES,
  ORDER_STATUSES,
  PAYMENT_EXCEPTION_KINDS,
  type ReportCsvName,
  type ReportRange,
  type ReportsDashboard,
} from '@attar/contract';
import { displayPhone, previousRange, shopDay, type DayRange } from '@attar/contract/rules';
import { poundsSql } from '../catalog/staff-writes';
import type { Database } from '../db/client';
import { csvShopTime } from '../http/csv';
import { plannedForValues } from '../db/planned-rows';
import type { Rows } from '../db/transaction';
import { oneRow } from '../db/one-row';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';

/**
 * A sale: an order that was placed and not cancelled (an online order waiting for its payment is not one yet). A
 * customer's lifetime value adds up theirs by the same rule.
 */
export const isSale = (order: SQL) => sql`${order}.status IN ('placed', 'confirmed', 'packed', 'shipped', 'delivered', 'refunded')`;
/** A payment that went through (whatever was refunded of it since). */
const wentThrough = (payment: SQL) => sql`${payment}.status IN ('paid', 'refund_pending', 'refunded')`;

const cairoDate = (instant: SQL) => sql`(${instant} AT TIME ZONE 'Africa/Cairo')::date`;
/** The Cairo midnight that begins `day`. */
const cairoMidnight = (day: SQL) => sql`(${day}::timestamp AT TIME ZONE 'Africa/Cairo')`;
/** An instant from the Cairo midnight that begins day `first` to the one that ends day `last` (both SQL dates). */
const betweenDays = (instant: SQL, first: SQL, last: SQL) =>
  sql`${instant} >= ${cairoMidnight(first)} AND ${instant} < ${cairoMidnight(sql`(${last} + 1)`)}`;
/** An instant within the range: from the Cairo midnight of its first day to the one after its last. */
const within = (instant: SQL, { from, to }: DayRange) => betweenDays(instant, sql`${from}::date`, sql`${to}::date`);
/**
 * The range's first order id. Every order of the range has an id at least this, so lines and payments can be
 * narrowed by their order id on their own indexes before the join checks each order's time (ids follow time, so the
 * narrowing leaves about the range's rows and those after it; it stays exact whatever order ids were given in).
 */
const findFirstOrderId = (range: DayRange) =>
  // OFFSET 0 keeps the range's ids coming from the date index: left to itself, the planner walks the primary key
  // from the oldest order until one is recent enough, through every older order.
  sql`(SELECT min(f.id) FROM (SELECT id FROM orders WHERE ${within(sql`created_at`, range)} OFFSET 0) f)`;
/**
 * A range whose statement may have found its first order id already (`firstOrderId`, an SQL expression): the
 * dashboard finds it once for its every table, where each table finding it again cost a read of the range's ids.
 */
type NarrowedRange = DayRange & { firstOrderId?: SQL };
const firstOrderId = (range: NarrowedRange) => range.firstOrderId ?? findFirstOrderId(range);

/** Piastres as the text a CSV cell shows: pounds with two decimals ("1250.50"). */
const moneyText = (piastres: SQL) => sql`(${piastres} / 100.0)::numeric(16, 2)::text`;
const average = (total: SQL, orders: SQL) => sql`CASE WHEN ${orders} > 0 THEN round(${total}::numeric / ${orders}) ELSE 0 END`;

// ---------------------------------------------------------------------------------------------------------------------
// The reports, each as rows in piastres.

/**
 * Each Cairo day of the range, oldest first, days without sales as zeros. Each day's sales are the orders between its
 * two midnights, read from the orders' date index: grouping the range's orders by their Cairo date instead converts
 * every order's time to Cairo's clock, which cost more than the rest of the day's figures.
 */
const dailyRows = (range: DayRange) => sql`
  SELECT d.day, s.orders::int AS orders, coalesce(s.revenue, 0)::bigint AS revenue, coalesce(r.refunds, 0)::bigint AS refunds
  FROM (SELECT ${range.from}::date + g AS day FROM generate_series(0, ${range.to}::date - ${range.from}::date) g) d
  CROSS JOIN LATERAL (SELECT count(*) AS orders, sum(o.total_piastres) AS revenue FROM orders o
    WHERE ${betweenDays(sql`o.created_at`, sql`d.day`, sql`d.day`)} AND ${isSale(sql`o`)}) s
  LEFT JOIN (SELECT ${cairoDate(sql`f.created_at`)} AS day, sum(f.amount_piastres) AS refunds FROM order_refunds f
    WHERE ${within(sql`f.created_at`, range)} GROUP BY 1) r ON r.day = d.day`;

const statusList = sql.join(
  ORDER_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);
/** Every status in the state machine's order: the range's orders now in it. */
const statusRows = (range: DayRange) => sql`
  SELECT s.status, s.position, coalesce(c.orders, 0)::int AS orders, coalesce(c.total, 0)::bigint AS total
  FROM unnest(ARRAY[${statusList}]::text[]) WITH ORDINALITY s(status, position)
  LEFT JOIN (SELECT o.status, count(*) AS orders, sum(o.total_piastres) AS total FROM orders o
    WHERE ${within(sql`o.created_at`, range)} GROUP BY o.status) c ON c.status = s.status`;

/** Product sizes sold in the range: units kept (bought less refunded) and their price on the order, by size alone. */
const bestSellerTotals = (range: NarrowedRange) => sql`
  SELECT oi.product_id AS product, oi.variant_id AS size, max(oi.size_ml) AS size_ml,
    sum(oi.quantity - oi.refunded_quantity)::int AS units,
    sum((oi.quantity - oi.refunded_quantity)::bigint * oi.price_piastres)::bigint AS revenue
  FROM orders o JOIN order_items oi ON oi.order_id = o.id
  WHERE ${within(sql`o.created_at`, range)} AND ${isSale(sql`o`)} AND oi.variant_id IS NOT NULL
    AND oi.order_id >= ${firstOrderId(range)}
  GROUP BY oi.product_id, oi.variant_id
  HAVING sum(oi.quantity - oi.refunded_quantity) > 0`;
/** Sizes' totals with their product's names and the size's SKU (joined after ranking, so only the rows shown). */
const withNames = (totals: SQL) => sql`
  SELECT t.product, p.slug, p.name_en, p.name_ar, t.size, coalesce(t.size_ml, s.ml) AS ml, v.sku, t.units, t.revenue
  FROM (${totals}) t JOIN products p ON p.id = t.product
  LEFT JOIN product_variants v ON v.id = t.size LEFT JOIN sizes s ON s.id = v.size_id`;
const byUnits = sql`units DESC, revenue DESC, size`;
const byRevenue = sql`revenue DESC, units DESC, size`;

/** Each code used by the range's sales: orders, the discount they got, what they came to less what was refunded. */
const promotionRows = (range: DayRange) => sql`
  SELECT pr.id AS promotion, pr.code, count(*)::int AS orders, sum(o.discount_piastres)::bigint AS discount,
    sum(o.total_piastres - o.refunded_piastres)::bigint AS revenue
  FROM orders o JOIN promotions pr ON pr.id = o.promotion_id
  WHERE ${within(sql`o.created_at`, range)} AND ${isSale(sql`o`)}
  GROUP BY pr.id, pr.code`;
const byUse = sql`orders DESC, code`;

/** Points on balances now, priced at the site's point value. */
const pointsRow = sql`
  SELECT coalesce(sum(u.points), 0)::bigint AS points, count(u.id)::int AS holders, c.point_value_piastres AS point_value,
    (coalesce(sum(u.points), 0) * c.point_value_piastres)::bigint AS liability
  FROM site_config c LEFT JOIN users u ON u.points > 0
  GROUP BY c.point_value_piastres`;

/** The range's online orders and their payments and gateway refunds. */
const paymentSummaryRow = (range: NarrowedRange) => sql`
  SELECT s.orders, s.expected, p.received, f.refunded, f.refunds_pending, f.refunds_failed
  FROM (SELECT count(*)::int AS orders, coalesce(sum(o.total_piastres), 0)::bigint AS expected FROM orders o
    WHERE ${within(sql`o.created_at`, range)} AND o.payment_method <> 'cod' AND ${isSale(sql`o`)}) s,
  (SELECT coalesce(sum(p.amount_piastres), 0)::bigint AS received FROM orders o JOIN payments p ON p.order_id = o.id
    WHERE ${within(sql`o.created_at`, range)} AND ${wentThrough(sql`p`)} AND p.order_id >= ${firstOrderId(range)}) p,
  (SELECT coalesce(sum(r.amount_piastres) FILTER (WHERE r.status = 'confirmed'), 0)::bigint AS refunded,
      coalesce(sum(r.amount_piastres) FILTER (WHERE r.status = 'pending'), 0)::bigint AS refunds_pending,
      coalesce(sum(r.amount_piastres) FILTER (WHERE r.status = 'failed'), 0)::bigint AS refunds_failed
    FROM orders o JOIN payments p ON p.order_id = o.id JOIN refunds r ON r.payment_id = p.id
    WHERE ${within(sql`o.created_at`, range)} AND p.order_id >= ${firstOrderId(range)}) f`;

const exceptionKinds = sql.join(
  PAYMENT_EXCEPTION_KINDS.map((kind) => sql`${kind}`),
  sql`, `,
);
/** What does not add up among the range's online orders, newest order first. */
const paymentExceptionRows = (range: NarrowedRange) => {
  const order = sql`o.id AS order_id, o.order_number, o.status, o.payment_method, o.created_at, o.total_piastres`;
  return sql`
    SELECT 'unpaid' AS kind, ${order}, NULL::int AS paid, NULL::int AS refund FROM orders o
    WHERE ${within(sql`o.created_at`, range)} AND o.payment_method <> 'cod' AND ${isSale(sql`o`)}
      AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND ${wentThrough(sql`p`)}
        AND p.order_id >= ${firstOrderId(range)})
    UNION ALL
    SELECT CASE WHEN o.status = 'cancelled' THEN 'paid_cancelled' ELSE 'amount_mismatch' END, ${order}, p.paid, NULL
    FROM orders o JOIN (
      -- An order paid in two (its balance after an edit, decision 0062) is reconciled as one sum.
      SELECT p.order_id, sum(p.amount_piastres)::int AS paid, bool_or(p.refunded_piastres < p.amount_piastres) AS kept
      FROM payments p WHERE ${wentThrough(sql`p`)} AND p.order_id >= ${firstOrderId(range)} GROUP BY p.order_id) p ON p.order_id = o.id
    WHERE ${within(sql`o.created_at`, range)} AND o.payment_method <> 'cod'
      AND CASE WHEN o.status = 'cancelled' THEN p.kept ELSE p.paid <> o.total_piastres END
    UNION ALL
    SELECT 'refund_' || r.status, ${order}, p.amount_piastres, r.amount_piastres
    FROM orders o JOIN payments p ON p.order_id = o.id JOIN refunds r ON r.payment_id = p.id
    WHERE ${within(sql`o.created_at`, range)} AND r.status IN ('failed', 'pending') AND p.order_id >= ${firstOrderId(range)}`;
};
const exceptionOrder = sql`created_at DESC, order_id DESC, array_position(ARRAY[${exceptionKinds}]::text[], kind)`;

// ---------------------------------------------------------------------------------------------------------------------
// The dashboard: one statement.

const pounds = (piastres: SQL) => poundsSql(piastres);
const jsonList = (object: SQL, rows: SQL, order: SQL, limit?: number) =>
  sql`(SELECT coalesce(json_agg(${object} ORDER BY ${order}), '[]') FROM (SELECT * FROM (${rows}) q ORDER BY ${order}
    ${limit === undefined ? sql`` : sql`LIMIT ${limit}`}) r)`;
const bestSellerJson = sql`json_build_object('product', r.product, 'slug', r.slug, 'name_en', r.name_en, 'name_ar', r.name_ar,
  'size', r.size, 'ml', r.ml, 'sku', r.sku, 'units', r.units, 'revenue', ${pounds(sql`r.revenue`)})`;

/** The range's questions to cash orders' shoppers, per governorate (decision 0048). */
const cashConfirmationRows = (range: DayRange) => sql`
  SELECT r.id, r.name_en, r.name_ar, r.position, count(*)::int AS asked,
    count(*) FILTER (WHERE q.answer = 'confirmed' AND q.answered_via IN ('link', 'whatsapp', 'account'))::int AS confirmed_by_shopper,
    count(*) FILTER (WHERE q.answer = 'cancelled' AND q.answered_via IN ('link', 'whatsapp', 'account'))::int AS cancelled_by_shopper,
    count(*) FILTER (WHERE q.answered_via = 'timeout')::int AS unanswered,
    count(*) FILTER (WHERE q.answer = 'confirmed' AND q.answered_via = 'staff')::int AS confirmed_by_staff,
    count(*) FILTER (WHERE q.answer = 'cancelled' AND q.answered_via = 'staff')::int AS cancelled_by_staff
  FROM order_confirmations q JOIN orders o ON o.id = q.order_id JOIN regions r ON r.id = o.region_id
  WHERE ${within(sql`q.asked_at`, range)}
  GROUP BY r.id`;
const byRegion = sql`position, id`;

const salesJson = sql`json_build_object('from', r.from_day, 'to', r.to_day, 'orders', r.orders,
  'revenue', ${pounds(sql`r.revenue`)}, 'refunds', ${pounds(sql`r.refunds`)}, 'net_revenue', ${pounds(sql`(r.revenue - r.refunds)`)},
  'average_order_value', ${pounds(average(sql`r.revenue`, sql`r.orders`))})`;

/** Everything the dashboard shows over `range`: its sales beside the previous range's, each of its days, the tables. */
export async function dashboard(database: Database, range: ReportRange): Promise<ReportsDashboard> {
  return plannedForValues(database, async (rows) => (await dashboardRow(rows, range)).dashboard);
}

async function dashboardRow(rows: Rows, range: ReportRange) {
  // Both ranges' sales are their days added up: the orders of the two ranges are read once, as one run of days.
  const previous = previousRange(range);
  const narrowed = { ...range, firstOrderId: sql`(SELECT id FROM first_order)` };
  const current = sql`d.day >= ${range.from}::date`;
  const salesOver = (days: DayRange, part: SQL) =>
    sql`(SELECT ${salesJson} FROM (SELECT ${days.from}::date AS from_day, ${days.to}::date AS to_day, sum(d.orders)::int AS orders,
      sum(d.revenue)::bigint AS revenue, sum(d.refunds)::bigint AS refunds FROM daily d WHERE ${part}) r)`;
  const daysOf = (part: SQL) =>
    jsonList(
      sql`json_build_object('day', r.day, 'orders', r.orders, 'revenue', ${pounds(sql`r.revenue`)}, 'refunds', ${pounds(sql`r.refunds`)})`,
      sql`SELECT * FROM daily d WHERE ${part}`,
      sql`day`,
    );
  const answered = await rows<{ dashboard: ReportsDashboard }>(sql`
    WITH daily AS MATERIALIZED (${dailyRows({ from: previous.from, to: range.to })}),
      first_order AS MATERIALIZED (SELECT ${findFirstOrderId(range)} AS id)
    SELECT json_build_object(
      'today', ${shopDay()}::text, 'period', ${range.period}::text, 'from', ${range.from}::text, 'to', ${range.to}::text,
      'sales', ${salesOver(range, current)},
      'previous', ${salesOver(previous, sql`NOT (${current})`)},
      'daily', ${daysOf(current)},
      'previous_daily', ${daysOf(sql`NOT (${current})`)},
      'by_status', ${jsonList(
        sql`json_build_object('status', r.status, 'orders', r.orders, 'total', ${pounds(sql`r.total`)})`,
        statusRows(range),
        sql`position`,
      )},
      'best_sellers', (WITH best AS MATERIALIZED (${bestSellerTotals(narrowed)}) SELECT json_build_object(
        'by_units', ${jsonList(bestSellerJson, withNames(sql`SELECT * FROM best ORDER BY ${byUnits} LIMIT 10`), byUnits)},
        'by_revenue', ${jsonList(bestSellerJson, withNames(sql`SELECT * FROM best ORDER BY ${byRevenue} LIMIT 10`), byRevenue)})),
      'promotions', ${jsonList(
        sql`json_build_object('promotion', r.promotion, 'code', r.code, 'orders', r.orders,
          'discount_given', ${pounds(sql`r.discount`)}, 'revenue', ${pounds(sql`r.revenue`)})`,
        promotionRows(range),
        byUse,
      )},
      'points', (SELECT json_build_object('points', r.points, 'holders', r.holders, 'point_value', ${pounds(sql`r.point_value`)},
        'liability', ${pounds(sql`r.liability`)}) FROM (${pointsRow}) r),
      'payments', (WITH exceptions AS MATERIALIZED (${paymentExceptionRows(narrowed)})
        SELECT json_build_object('orders', s.orders, 'expected', ${pounds(sql`s.expected`)},
          'received', ${pounds(sql`s.received`)}, 'refunded', ${pounds(sql`s.refunded`)},
          'refunds_pending', ${pounds(sql`s.refunds_pending`)}, 'refunds_failed', ${pounds(sql`s.refunds_failed`)},
          'exception_count', (SELECT count(*)::int FROM exceptions),
          'exceptions', ${jsonList(
            sql`json_build_object('kind', r.kind, 'order', r.order_id, 'order_number', r.order_number, 'status', r.status,
              'payment_method', r.payment_method, 'placed_at', r.created_at, 'order_total', ${pounds(sql`r.total_piastres`)},
              'paid', ${pounds(sql`r.paid`)}, 'refund', ${pounds(sql`r.refund`)})`,
            sql`SELECT * FROM exceptions`,
            exceptionOrder,
            50,
          )})
        FROM (${paymentSummaryRow(narrowed)}) s),
      'cash_confirmations', ${jsonList(
        sql`json_build_object('region', json_build_object('id', r.id, 'name_en', r.name_en, 'name_ar', r.name_ar), 'asked', r.asked,
          'confirmed_by_shopper', r.confirmed_by_shopper, 'cancelled_by_shopper', r.cancelled_by_shopper,
          'unanswered', r.unanswered, 'confirmed_by_staff', r.confirmed_by_staff,
          'cancelled_by_staff', r.cancelled_by_staff)`,
        cashConfirmationRows(range),
        byRegion,
      )}
    ) AS dashboard`);
  return oneRow(answered);
}

// ---------------------------------------------------------------------------------------------------------------------
// The CSV files: a header, then the report's rows as text (amounts in pounds with two decimals).

/** A CSV's header and the query of its rows, each row one text array `cells`. */
export type CsvTable = { header: string[]; rows: SQL };

const csvTables: Record<Exclude<ReportCsvName, 'points'>, (range: DayRange) => CsvTable> = {
  sales: (range) => ({
    header: ['day', 'orders', 'revenue', 'refunds', 'net_revenue', 'average_order_value'],
    rows: sql`SELECT ARRAY[r.day::text, r.orders::text, ${moneyText(sql`r.revenue`)}, ${moneyText(sql`r.refunds`)},
      ${moneyText(sql`(r.revenue - r.refunds)`)}, ${moneyText(average(sql`r.revenue`, sql`r.orders`))}] AS cells
      FROM (${dailyRows(range)}) r ORDER BY r.day`,
  }),
  'orders-by-status': (range) => ({
    header: ['status', 'orders', 'total'],
    rows: sql`SELECT ARRAY[r.status, r.orders::text, ${moneyText(sql`r.total`)}] AS cells
      FROM (${statusRows(range)}) r ORDER BY r.position`,
  }),
  'best-sellers': (range) => ({
    header: ['product', 'name_en', 'name_ar', 'ml', 'sku', 'units', 'revenue'],
    rows: sql`SELECT ARRAY[r.slug, r.name_en, r.name_ar, r.ml::text, r.sku, r.units::text, ${moneyText(sql`r.revenue`)}] AS cells
      FROM (${withNames(bestSellerTotals(range))}) r ORDER BY ${byUnits}`,
  }),
  promotions: (range) => ({
    header: ['code', 'orders', 'discount_given', 'revenue'],
    rows: sql`SELECT ARRAY[r.code, r.orders::text, ${moneyText(sql`r.discount`)}, ${moneyText(sql`r.revenue`)}] AS cells
      FROM (${promotionRows(range)}) r ORDER BY ${byUse}`,
  }),
  payments: (range) => ({
    header: ['kind', 'order_number', 'status', 'payment_method', 'placed_at', 'order_total', 'paid', 'refund'],
    rows: sql`SELECT ARRAY[r.kind, r.order_number, r.status, r.payment_method, ${csvShopTime(sql`r.created_at`)},
      ${moneyText(sql`r.total_piastres`)}, ${moneyText(sql`r.paid`)}, ${moneyText(sql`r.refund`)}] AS cells
      FROM (${paymentExceptionRows(range)}) r ORDER BY ${exceptionOrder}`,
  }),
  'cash-confirmations': (range) => ({
    header: ['governorate_en', 'governorate_ar', ...CASH_CONFIRMATION_FIGURES],
    rows: sql`SELECT ARRAY[r.name_en, r.name_ar, ${sql.join(
      CASH_CONFIRMATION_FIGURES.map((figure) => sql`${sql.identifier('r')}.${sql.identifier(figure)}::text`),
      sql`, `,
    )}] AS cells
      FROM (${cashConfirmationRows(range)}) r ORDER BY ${byRegion}`,
  }),
};

/** A report's rows as CSV cells (text, or null for an empty cell), header first. */
export async function reportCsvRows(database: Database, name: keyof typeof csvTables, range: DayRange) {
  const table = csvTables[name](range);
  const lines = await plannedForValues(database, (rows) => rows<{ cells: (string | null)[] }>(table.rows));
  return [table.header, ...lines.map((line) => line.cells)];
}

/** Rows read per query while streaming the points holders: memory stays flat however many accounts hold points. */
const HOLDERS_BATCH = 2000;
export const POINTS_CSV_HEADER = ['customer', 'name', 'email', 'phone', 'points', 'value'];

const PHONE_CELL = POINTS_CSV_HEADER.indexOf('phone');

/**
 * The accounts holding points, by id, in batches: each with its balance and what it is worth at the site's point value.
 * Phones in their national form (`0100 123 4567`), which a spreadsheet shows as written, neither a formula nor a number.
 */
export async function* pointHolderBatches(database: Database): AsyncGenerator<(string | null)[][]> {
  let after = 0;
  for (;;) {
    const batch = await database.rows<Pick<TableRow<typeof tables.users>, 'id'> & { cells: (string | null)[] }>(sql`
      SELECT u.id, ARRAY[u.id::text, u.name, u.email, u.phone, u.points::text,
        ${moneyText(sql`(u.points::bigint * c.point_value_piastres)`)}] AS cells
      FROM users u CROSS JOIN site_config c WHERE u.points > 0 AND u.id > ${after} ORDER BY u.id LIMIT ${HOLDERS_BATCH}`);
    const last = batch.at(-1);
    if (!last) return;
    yield batch.map(({ cells }) => cells.map((cell, index) => (index === PHONE_CELL ? displayPhone(cell, 'national') : cell)));
    after = last.id;
  }
}
