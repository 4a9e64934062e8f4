import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ReportsDashboard } from '@attar/contract';
import { useTestApp } from '../test/app';
import { signedInStaff } from '../test/staff';

const t = useTestApp();
const db = () => t.db.database;

/** The Cairo midnight that begins `day`. */
const midnight = (day: string | SQL) => sql`(${day}::date::timestamp AT TIME ZONE 'Africa/Cairo')`;

describe('reports’ days', () => {
  it('hold the orders of their Cairo date across a change of summer time', async () => {
    // The latest day within the reports' reach (a year) whose length on Cairo's clock is not 24 hours: the clocks
    // changed at its start or its end. Egypt keeps summer time, so there is one each spring and autumn.
    const [change] = await db().rows<{ day: string }>(sql`
      SELECT d::date::text AS day FROM generate_series((now() AT TIME ZONE 'Africa/Cairo')::date - 360,
        (now() AT TIME ZONE 'Africa/Cairo')::date - 2, interval '1 day') d
      WHERE ${midnight(sql`(d::date + 1)`)} - ${midnight(sql`d`)} <> interval '24 hours'
      ORDER BY d DESC LIMIT 1`);
    expect(change).toBeDefined();
    const day = change!.day;
    // Orders every 20 minutes from two hours before the day's first midnight to two hours after its last.
    await db().rows(sql`
      INSERT INTO orders (order_number, guest_name, guest_phone, status, address, region_id, payment_method,
        subtotal_piastres, delivery_fee_piastres, total_piastres, created_at)
      SELECT 'DST' || n, 'Report Guest', '+201000000002', 'delivered', '{}'::jsonb, (SELECT min(id) FROM regions), 'cod',
        1000 * n, 0, 1000 * n, at
      FROM generate_series(${midnight(day)} - interval '2 hours', ${midnight(sql`(${day}::date + 1)`)} + interval '2 hours',
        interval '20 minutes') WITH ORDINALITY g(at, n)`);
    const expected = await db().rows<{ day: string; orders: number; revenue: number }>(sql`
      SELECT (created_at AT TIME ZONE 'Africa/Cairo')::date::text AS day, count(*)::int AS orders,
        (sum(total_piastres) / 100)::int AS revenue
      FROM orders WHERE order_number LIKE 'DST%' GROUP BY 1 ORDER BY 1`);
    expect(expected.map((row) => row.day)).toContain(day);

    const manager = await signedInStaff(t, 'manager');
    const from = expected[0]!.day;
    const to = expected.at(-1)!.day;
    const report = ReportsDashboard.parse((await manager.get(`/api/staff/reports/dashboard/?from=${from}&to=${to}`)).json());
    expect(report.daily.map(({ day, orders, revenue }) => ({ day, orders, revenue }))).toEqual(expected);
  });
});
