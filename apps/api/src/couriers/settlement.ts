/**
 * The courier's settlement of the cash it collected (decision 0049): its statement, a CSV file staff upload, matched to
 * orders by tracking number or order number (the business reference). Each line records the cash collected, the
 * courier's fees and what it paid out; each order is settled once (`courier_settlement_lines.order_id` is unique).
 * Lines matching no delivered order of the courier are flagged, and so are the courier's delivered orders up to the
 * statement's last day that no statement settles. The report: cash each courier holds, orders delivered and not
 * settled after some days, and how deliveries went per courier and governorate.
 */
import { sql } from 'drizzle-orm';
import { asciiDigits, type CourierName, type Locale, type StaffCourierReport, type StaffSettlementResult } from '@attar/contract';
import { recordAudit } from '../audit/service';
import type { Database } from '../db/client';
import { inTransaction } from '../db/transaction';
import { parseCsv } from '../http/csv';
import { ApiError } from '../http/errors';
import { text, type TextKey } from '../i18n/catalogue';
import { oneRow } from '../db/one-row';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';

type Line = { row: number; tracking: string; reference: string; cod: number; fees: number; paidOut: number };

/** A column's name as statements write it, reduced to letters: `Tracking Number`, `tracking_number` → trackingnumber. */
const columnName = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');
const COLUMN_NAMES = {
  tracking: ['trackingnumber', 'tracking'],
  reference: ['businessreference', 'ordernumber', 'reference'],
  cod: ['cod', 'codamount', 'collected', 'cashcollected'],
  fees: ['fees', 'shippingfees', 'fee'],
  paidOut: ['paidout', 'net', 'netamount', 'payout'],
} as const;
const MAX_LINES = 5_000;

/** Pounds as a statement writes them (a thousands comma, Arabic digits): piastres, or null. */
function pounds(value: string | undefined): number | null {
  const cleaned = asciiDigits((value ?? '').trim()).replace(/,/g, '');
  if (!/^-?\d{1,8}(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

function readStatement(locale: Locale, csv: string): Line[] {
  const refuse = (key: TextKey, values: Record<string, string | number> = {}) =>
    new ApiError(400, 'settlement_invalid', text(locale, key, values));
  const [header, ...body] = parseCsv(csv) ?? [];
  if (!header) throw refuse('settlementHeader');
  const names = header.cells.map(columnName);
  const at = Object.fromEntries(
    Object.entries(COLUMN_NAMES).map(([column, aliases]) => [
      column,
      names.findIndex((name) => (aliases as readonly string[]).includes(name)),
    ]),
  ) as Record<keyof typeof COLUMN_NAMES, number>;
  if ((at.tracking < 0 && at.reference < 0) || at.cod < 0 || at.fees < 0 || at.paidOut < 0 || body.length > MAX_LINES) {
    throw refuse('settlementHeader');
  }
  return body.map(({ line, cells }) => {
    const [cod, fees, paidOut] = [pounds(cells[at.cod]), pounds(cells[at.fees]), pounds(cells[at.paidOut])];
    const tracking = at.tracking < 0 ? '' : (cells[at.tracking] ?? '').trim();
    const reference = at.reference < 0 ? '' : (cells[at.reference] ?? '').trim();
    if (cod === null || fees === null || paidOut === null || cod < 0 || fees < 0) {
      throw refuse('settlementRow', { line, problem: text(locale, 'settlementAmount') });
    }
    if (!tracking && !reference) throw refuse('settlementRow', { line, problem: text(locale, 'settlementReference') });
    return { row: line, tracking, reference, cod, fees, paidOut };
  });
}

const money = (piastres: number) => piastres / 100;

/** Imports one statement in one transaction with its audit entry: what matched, what is flagged, what is missing. */
export async function importSettlement(
  database: Database,
  staffId: number,
  locale: Locale,
  input: { courier: CourierName; file_name: string; csv: string },
): Promise<StaffSettlementResult> {
  const lines = readStatement(locale, input.csv);
  return inTransaction(database, async (rows) => {
    const settlement = oneRow(
      await rows<Pick<TableRow<typeof tables.courierSettlements>, 'id'>>(sql`
        INSERT INTO courier_settlements (courier, file_name, staff_id) VALUES (${input.courier}, ${input.file_name}, ${staffId}) RETURNING id`),
    );
    const flagged: StaffSettlementResult['flagged'] = [];
    let matched = 0;
    const totals = { cod: 0, fees: 0, paidOut: 0 };
    for (const line of lines) {
      const [order] = await rows<Pick<TableRow<typeof tables.orders>, 'id' | 'status'>>(sql`
        SELECT o.id, o.status FROM courier_deliveries cd JOIN orders o ON o.id = cd.order_id
        WHERE cd.courier = ${input.courier}
          AND (cd.tracking_number = ${line.tracking || null} OR cd.business_reference = ${line.reference || null})
        LIMIT 1`);
      const reference = line.tracking || line.reference;
      if (!order) {
        flagged.push({ row: line.row, reference, reason: 'no_such_order' });
        continue;
      }
      if (!['delivered', 'refunded'].includes(order.status)) {
        flagged.push({ row: line.row, reference, reason: 'not_delivered' });
        continue;
      }
      const [settled] = await rows<Pick<TableRow<typeof tables.courierSettlementLines>, 'id'>>(sql`
        INSERT INTO courier_settlement_lines (settlement_id, order_id, cod_piastres, fees_piastres, paid_out_piastres)
        VALUES (${settlement.id}, ${order.id}, ${line.cod}, ${line.fees}, ${line.paidOut})
        ON CONFLICT (order_id) DO NOTHING RETURNING id`);
      if (!settled) {
        flagged.push({ row: line.row, reference, reason: 'already_settled' });
        continue;
      }
      matched++;
      totals.cod += line.cod;
      totals.fees += line.fees;
      totals.paidOut += line.paidOut;
    }
    // Only delivered orders: their delivered_at is never null here.
    const missing = await rows<Pick<TableRow<typeof tables.orders>, 'id' | 'order_number'> & { delivered_at: string }>(sql`
      SELECT o.id, o.order_number, o.delivered_at FROM courier_deliveries cd JOIN orders o ON o.id = cd.order_id
      WHERE cd.courier = ${input.courier} AND o.delivered_at IS NOT NULL
        AND o.delivered_at <= (SELECT max(so.delivered_at) FROM courier_settlement_lines l JOIN orders so ON so.id = l.order_id
          WHERE l.settlement_id = ${settlement.id})
        AND NOT EXISTS (SELECT 1 FROM courier_settlement_lines l WHERE l.order_id = o.id)
      ORDER BY o.delivered_at, o.id`);
    await recordAudit(rows, {
      staffId,
      action: 'courier.settlement',
      entity: 'courier_settlement',
      entityId: settlement.id,
      after: { file_name: input.file_name, lines: lines.length, cod_piastres: totals.cod, fees_piastres: totals.fees },
    });
    return {
      id: settlement.id,
      matched,
      cash_collected: money(totals.cod),
      fees: money(totals.fees),
      paid_out: money(totals.paidOut),
      flagged,
      missing: missing.map((order) => ({ ...order, delivered_at: new Date(order.delivered_at).toISOString() })),
    };
  });
}

const poundsOf = (column: string) => sql.raw(`trim_scale(coalesce(${column}, 0)::numeric / 100)::float8`);

/**
 * The couriers' report: per courier, the cash collected and not yet settled, what statements settled, the fees, what
 * was paid out; the orders delivered and not settled after `days`; per courier and governorate, parcels handed over,
 * delivered and returned, the success rate and what the returns cost (their delivery fees).
 */
export async function courierReport(database: Database, locale: Locale, days: number): Promise<StaffCourierReport> {
  const l = sql.raw(locale);
  const row = oneRow(
    await database.rows<StaffCourierReport>(sql`
    SELECT
      (SELECT coalesce(json_agg(c ORDER BY c.courier), '[]') FROM (
        SELECT cd.courier, count(o.delivered_at)::int AS delivered,
          ${poundsOf('sum(o.cash_collected_piastres) FILTER (WHERE o.delivered_at IS NOT NULL AND l.id IS NULL)')} AS outstanding,
          ${poundsOf('sum(l.cod_piastres)')} AS settled, ${poundsOf('sum(l.fees_piastres)')} AS fees,
          ${poundsOf('sum(l.paid_out_piastres)')} AS paid_out
        FROM courier_deliveries cd JOIN orders o ON o.id = cd.order_id LEFT JOIN courier_settlement_lines l ON l.order_id = o.id
        GROUP BY cd.courier) c) AS couriers,
      (SELECT coalesce(json_agg(v ORDER BY v.delivered_at, v.id), '[]') FROM (
        SELECT o.id, o.order_number, cd.courier, cd.tracking_number, ${poundsOf('o.cash_collected_piastres')} AS cash_collected,
          o.delivered_at
        FROM courier_deliveries cd JOIN orders o ON o.id = cd.order_id
        WHERE o.delivered_at < now() - ${days} * interval '1 day'
          AND NOT EXISTS (SELECT 1 FROM courier_settlement_lines l WHERE l.order_id = o.id)) v) AS overdue,
      (SELECT coalesce(json_agg(p ORDER BY p.courier, p.region), '[]') FROM (
        SELECT cd.courier, r.name_${l} AS region, count(*)::int AS handed_over,
          count(*) FILTER (WHERE cd.parcel_state = 'delivered')::int AS delivered,
          count(*) FILTER (WHERE cd.parcel_state = 'returned')::int AS returned,
          CASE WHEN count(*) FILTER (WHERE cd.parcel_state IN ('delivered', 'returned')) = 0 THEN NULL
            ELSE round(count(*) FILTER (WHERE cd.parcel_state = 'delivered')::numeric
              / count(*) FILTER (WHERE cd.parcel_state IN ('delivered', 'returned')), 4)::float8 END AS success_rate,
          ${poundsOf("sum(o.delivery_fee_piastres) FILTER (WHERE cd.parcel_state = 'returned')")} AS returned_cost
        FROM courier_deliveries cd JOIN orders o ON o.id = cd.order_id JOIN regions r ON r.id = o.region_id
        WHERE cd.status = 'created'
        GROUP BY cd.courier, r.name_${l}) p) AS performance`),
  );
  return row;
}
