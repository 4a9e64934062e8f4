/**
 * The delivery promise's settings as the storefront reads them, and the promise an order keeps (decision 0037): both
 * go through the contract's one rule, `deliveryPromise`.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Locale, StaffDeliverySchedule } from '@attar/contract';
import { deliveryPromise, type DeliveryPromise } from '@attar/contract/rules';
import type { Database } from '../db/client';
import type { Rows } from '../db/transaction';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';

/** Today on Cairo's calendar, by the database's clock: holidays before it change no promise. */
const CAIRO_TODAY = sql`(now() AT TIME ZONE 'Africa/Cairo')::date`;

/** The schedule's keys of a `json_build_object` over `site_config c`: the holidays from a day on, or all of them. */
export const scheduleJson = (holidaysFrom: SQL | null) => sql`'cutoff', to_char(c.delivery_cutoff, 'HH24:MI'),
  'weekly_off', to_json(c.delivery_days_off),
  'holidays', coalesce((SELECT json_agg(to_char(h.day, 'YYYY-MM-DD') ORDER BY h.day) FROM delivery_holidays h
    WHERE ${holidaysFrom ? sql`h.day >= ${holidaysFrom}` : sql`true`}), '[]')`;

/** The cut-off, the weekly days off, the holidays from today on and every governorate's fee and delivery days. */
export async function deliveryCalendarJson(database: Database, locale: Locale): Promise<string | undefined> {
  const l = sql.raw(locale);
  const [row] = await database.rows<{ calendar: string }>(sql`
    SELECT json_build_object(${scheduleJson(CAIRO_TODAY)},
      'regions', coalesce((SELECT json_agg(json_build_object('id', r.id, 'slug', r.slug, 'name', r.name_${l},
        'fee', trim_scale(r.fee_piastres::numeric / 100), 'min_days', r.delivery_min_days, 'max_days', r.delivery_max_days)
        ORDER BY r.position, r.id) FROM regions r), '[]'))::text AS calendar
    FROM site_config c WHERE c.id = 1`);
  return row?.calendar;
}

type PromiseSettings = Pick<TableRow<typeof tables.regions>, 'delivery_min_days' | 'delivery_max_days'> & {
  at: Date | string;
  schedule: StaffDeliverySchedule;
};

/**
 * The promise of an order placed now to a governorate, inside the order's transaction: the settings as they are in it
 * and its clock (`now()` is the order's `created_at`).
 */
export async function orderPromise(rows: Rows, regionId: number): Promise<DeliveryPromise> {
  const [row] = await rows<PromiseSettings>(sql`
    SELECT now() AS at, r.delivery_min_days, r.delivery_max_days,
      json_build_object(${scheduleJson(CAIRO_TODAY)}) AS schedule
    FROM regions r, site_config c WHERE r.id = ${regionId} AND c.id = 1`);
  if (!row) throw new Error(`No delivery settings for region ${regionId}`);
  const { cutoff, weekly_off: weeklyOff, holidays } = row.schedule;
  return deliveryPromise(
    new Date(row.at),
    { minDays: row.delivery_min_days, maxDays: row.delivery_max_days },
    { cutoff, weeklyOff, holidays },
  );
}
