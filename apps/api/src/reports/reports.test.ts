import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ReportsDashboard, ValidationErrorBody, type StaffRole } from '@attar/contract';
import { useTestApp } from '../test/app';
import { orderFixtures } from '../test/orders';
import { createStaff, signedInStaff } from '../test/staff';

const t = useTestApp();
const f = orderFixtures(t);
const db = () => t.db.database;

/** An instant on Cairo's clock `daysAgo` days before today: the fixture's days are Cairo's, whatever the server's zone. */
const cairo = (daysAgo: number, time: string) =>
  sql`(((now() AT TIME ZONE 'Africa/Cairo')::date - ${daysAgo}::int) + ${time}::time) AT TIME ZONE 'Africa/Cairo'`;
/** Today − n on Cairo's calendar, as the API writes it. */
const cairoDay = (daysAgo: number) => {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Cairo' });
  return new Date(Date.parse(`${today}T00:00:00Z`) - daysAgo * 86_400_000).toISOString().slice(0, 10);
};

type Line = { variant: number; product: number; quantity: number; price: number; refunded?: number };
type FixtureOrder = {
  number: string;
  daysAgo: number;
  time: string;
  status: string;
  method: 'cod' | 'card';
  lines: Line[];
  delivery: number;
  discount: number;
  promotion: number | null;
  total: number;
  refunded: number;
};

const ids: Record<string, number> = {};

async function insertOrder(order: FixtureOrder) {
  const subtotal = order.lines.reduce((sum, line) => sum + line.quantity * line.price, 0);
  const [row] = await db().rows<{ id: number }>(sql`
    INSERT INTO orders (order_number, guest_name, guest_phone, status, address, region_id, payment_method, subtotal_piastres,
      delivery_fee_piastres, discount_piastres, total_piastres, promotion_id, promo_code, refunded_piastres, created_at)
    VALUES (${order.number}, 'Report Guest', '+201000000001', ${order.status}, '{}'::jsonb, (SELECT min(id) FROM regions),
      ${order.method}, ${subtotal}, ${order.delivery}, ${order.discount}, ${order.total}, ${order.promotion},
      (SELECT code FROM promotions WHERE id = ${order.promotion}), ${order.refunded}, ${cairo(order.daysAgo, order.time)})
    RETURNING id`);
  for (const line of order.lines) {
    await db().rows(sql`
      INSERT INTO order_items (order_id, product_id, variant_id, size_ml, quantity, price_piastres, refunded_quantity)
      VALUES (${row!.id}, ${line.product}, ${line.variant}, 100, ${line.quantity}, ${line.price}, ${line.refunded ?? 0})`);
  }
  if (order.promotion) {
    await db().rows(sql`
      INSERT INTO promotion_uses (promotion_id, order_id, customer_key, customer_seq, global_seq)
      VALUES (${order.promotion}, ${row!.id}, ${`g:${order.number}`}, 1,
        (SELECT count(*) + 1 FROM promotion_uses WHERE promotion_id = ${order.promotion}))`);
  }
  ids[order.number] = row!.id;
  return row!.id;
}

async function insertPayment(orderNumber: string, amount: number, status: string, refunded = 0) {
  const [row] = await db().rows<{ id: number }>(sql`
    INSERT INTO payments (order_id, provider, method, reference, amount_piastres, status, refunded_piastres, transaction_id)
    VALUES (${ids[orderNumber]}, 'test', 'card', ${`ref-${orderNumber}`}, ${amount}, ${status}, ${refunded},
      ${status === 'pending' ? null : `tx-${orderNumber}`})
    RETURNING id`);
  return row!.id;
}

/**
 * The fixture. Two sizes: A at 1,000 LE (100,000 pt), B at 400 LE (40,000 pt). Codes SAVE10 (10 %) and FLAT50 (50 LE).
 * Days are Cairo's: T is today, T−n n days ago. Totals = goods + delivery − discount, in piastres:
 *   R1  T 09:00     placed     cod   A×1            100,000 + 5,000             = 105,000
 *   R2  T 00:30     confirmed  card  B×2  SAVE10     80,000 + 5,000 − 8,000      =  77,000  paid 77,000
 *   R3  T−1 23:30   delivered  cod   A×2 (1 refunded at T 11:00: 100,000 back)   = 200,000 (no delivery fee)
 *   R4  T−3         shipped    card  A×1 + B×1 SAVE10  140,000 + 5,000 − 14,000  = 131,000  paid only 130,000
 *   R5  T−5         cancelled  cod   A×1  FLAT50     100,000 + 5,000 − 5,000     = 100,000
 *   R6  T−6         pending_payment card B×1         40,000 + 5,000              =  45,000  payment pending
 *   R7  T−10        refunded   card  A×1 (refunded) FLAT50  100,000 + 5,000 − 5,000 = 100,000, paid, all refunded at T−8
 *   R8  T−12        delivered  card  B×3  FLAT50     120,000 + 5,000 − 5,000     = 120,000  no payment at all
 *   R9  T−20        cancelled  card  A×1            100,000 + 5,000             = 105,000  paid; its refund failed
 *   R10 T−30        delivered  cod   A×5            500,000 + 5,000             = 505,000  (outside 30 days)
 *   R11 T−29 00:10  delivered  cod   B×1            40,000 + 5,000              =  45,000  (the oldest day of 30)
 * Points: balances 500, 120 and 0 at 25 pt a point (site_config.point_value_piastres).
 */
beforeAll(async () => {
  const productA = await f.productWithStock(50, 100_000);
  const productB = await f.productWithStock(50, 40_000);
  // A name a CSV must quote (comma and quotes), and an Arabic one.
  await db().rows(sql`UPDATE products SET name_en = 'Oud, "Royal"', name_ar = 'عود ملكي' WHERE id = ${productA}`);
  const [a, b] = await db().rows<{ id: number; product_id: number }>(sql`
    SELECT id, product_id FROM product_variants WHERE product_id IN (${productA}, ${productB}) ORDER BY product_id`);
  const A = (quantity: number, refunded = 0): Line => ({ variant: a!.id, product: a!.product_id, quantity, price: 100_000, refunded });
  const B = (quantity: number): Line => ({ variant: b!.id, product: b!.product_id, quantity, price: 40_000 });
  const [save10, flat50] = await db().rows<{ id: number }>(sql`
    INSERT INTO promotions (code, discount_kind, percent_discount, amount_piastres)
    VALUES ('SAVE10', 'percent', 10, NULL), ('FLAT50', 'amount', NULL, 5000) RETURNING id`);
  const SAVE10 = save10!.id;
  const FLAT50 = flat50!.id;

  // number, days ago, Cairo time, status, method, lines, delivery, discount, promotion, total, refunded (piastres)
  const orders: [string, number, string, string, FixtureOrder['method'], Line[], number, number, number | null, number, number][] = [
    ['R1', 0, '09:00', 'placed', 'cod', [A(1)], 5000, 0, null, 105_000, 0],
    ['R2', 0, '00:30', 'confirmed', 'card', [B(2)], 5000, 8000, SAVE10, 77_000, 0],
    ['R3', 1, '23:30', 'delivered', 'cod', [A(2, 1)], 0, 0, null, 200_000, 100_000],
    ['R4', 3, '12:00', 'shipped', 'card', [A(1), B(1)], 5000, 14_000, SAVE10, 131_000, 0],
    ['R5', 5, '12:00', 'cancelled', 'cod', [A(1)], 5000, 5000, FLAT50, 100_000, 0],
    ['R6', 6, '12:00', 'pending_payment', 'card', [B(1)], 5000, 0, null, 45_000, 0],
    ['R7', 10, '12:00', 'refunded', 'card', [A(1, 1)], 5000, 5000, FLAT50, 100_000, 100_000],
    ['R8', 12, '12:00', 'delivered', 'card', [B(3)], 5000, 5000, FLAT50, 120_000, 0],
    ['R9', 20, '12:00', 'cancelled', 'card', [A(1)], 5000, 0, null, 105_000, 0],
    ['R10', 30, '12:00', 'delivered', 'cod', [A(5)], 5000, 0, null, 505_000, 0],
    ['R11', 29, '00:10', 'delivered', 'cod', [B(1)], 5000, 0, null, 45_000, 0],
  ];
  for (const [number, daysAgo, time, status, method, lines, delivery, discount, promotion, total, refunded] of orders) {
    await insertOrder({ number, daysAgo, time, status, method, lines, delivery, discount, promotion, total, refunded });
  }

  await insertPayment('R2', 77_000, 'paid');
  await insertPayment('R4', 130_000, 'paid');
  await insertPayment('R6', 45_000, 'pending');
  const r7 = await insertPayment('R7', 100_000, 'refunded', 100_000);
  // R9's refund failed: the payment is back to paid with nothing refunded.
  const r9 = await insertPayment('R9', 105_000, 'paid');
  await db().rows(sql`
    INSERT INTO refunds (payment_id, amount_piastres, status, reason, created_at) VALUES
      (${r7}, 100000, 'confirmed', 'refund', ${cairo(8, '12:00')}),
      (${r9}, 105000, 'failed', 'order_cancelled', ${cairo(20, '13:00')})`);

  const staff = await createStaff(t, 'manager');
  await db().rows(sql`
    INSERT INTO order_refunds (order_id, staff_id, amount_piastres, reason, cash_method, created_at) VALUES
      (${ids.R3}, ${staff.id}, 100000, 'one bottle back', 'counter', ${cairo(0, '11:00')}),
      (${ids.R7}, ${staff.id}, 100000, 'returned', NULL, ${cairo(8, '12:00')}),
      (${ids.R10}, ${staff.id}, 0, 'outside the window: counts nothing', NULL, ${cairo(31, '12:00')})`);

  await db().rows(sql`
    INSERT INTO users (name, email, phone, points) VALUES
      ('=Sara Holder', 'sara.points@example.com', NULL, 500), ('Omar Holder', 'omar.points@example.com', '+201001234567', 120),
      ('No Points', 'none.points@example.com', NULL, 0)`);
  await db().rows(sql`UPDATE site_config SET point_value_piastres = 25`);
}, 120_000);

const zeroDay = { orders: 0, revenue: 0, refunds: 0 };
/** A range's sales as the dashboard answers them: its days counted back from today, amounts in pounds. */
const salesOf = (fromAgo: number, toAgo: number, orders: number, revenue: number, refunds: number, average: number) => ({
  ...{ from: cairoDay(fromAgo), to: cairoDay(toAgo), orders, revenue, refunds },
  ...{ net_revenue: revenue - refunds, average_order_value: average },
});

describe('reports', () => {
  it('are for owners and managers; others are refused, signed-out callers too', async () => {
    for (const role of ['fulfilment', 'support'] as StaffRole[]) {
      const staff = await signedInStaff(t, role);
      expect((await staff.get('/api/staff/reports/dashboard/')).statusCode).toBe(403);
      expect((await staff.get('/api/staff/reports/sales.csv')).statusCode).toBe(403);
    }
    expect((await t.app.inject('/api/staff/reports/dashboard/')).statusCode).toBe(401);
    expect((await t.app.inject('/api/staff/reports/points.csv')).statusCode).toBe(401);
    for (const role of ['owner', 'manager'] as StaffRole[]) {
      const staff = await signedInStaff(t, role);
      expect((await staff.get('/api/staff/reports/dashboard/')).statusCode).toBe(200);
      expect((await staff.get('/api/staff/reports/best-sellers.csv?period=7d')).statusCode).toBe(200);
    }
  });

  it('refuses a period it does not know, in the contract’s shape', async () => {
    const owner = await signedInStaff(t, 'owner');
    for (const url of ['/api/staff/reports/dashboard/?period=year', '/api/staff/reports/sales.csv?period=365']) {
      const response = await owner.get(url);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(ValidationErrorBody.parse(response.json()))).toEqual(['period']);
    }
  });

  it('adds up the fixture over 30 days as worked out by hand', async () => {
    const manager = await signedInStaff(t, 'manager');
    const report = ReportsDashboard.parse((await manager.get('/api/staff/reports/dashboard/')).json());
    expect(report.today).toBe(cairoDay(0));
    expect(report.period).toBe('30d');
    // 30 days: R1 105,000 + R2 77,000 + R3 200,000 + R4 131,000 + R7 100,000 + R8 120,000 + R11 45,000 = 778,000 over 7
    // (R5 and R9 cancelled, R6 unpaid, R10 too old); refunds R3's 100,000 + R7's 100,000 = 200,000; net 578,000;
    // average 778,000 / 7 = 111,142.86 → 111,143.
    expect(report).toMatchObject({ from: cairoDay(29), to: cairoDay(0) });
    expect(report.sales).toEqual(salesOf(29, 0, 7, 7780, 2000, 1111.43));
    // The 30 days before: R10 505,000 at T−30; its refund at T−31 gave nothing back.
    expect(report.previous).toEqual(salesOf(59, 30, 1, 5050, 0, 5050));
    // Each of the 30 days, oldest first: sales on T, T−1, T−3, T−10, T−12, T−29; R7's refund on T−8.
    const expectedDays = Array.from({ length: 30 }, (_, i) => ({ day: cairoDay(29 - i), ...zeroDay }));
    const onDay = (daysAgo: number, figures: Partial<typeof zeroDay>) => Object.assign(expectedDays[29 - daysAgo]!, figures);
    onDay(0, { orders: 2, revenue: 1820, refunds: 1000 });
    onDay(1, { orders: 1, revenue: 2000 });
    onDay(3, { orders: 1, revenue: 1310 });
    onDay(8, { refunds: 1000 });
    onDay(10, { orders: 1, revenue: 1000 });
    onDay(12, { orders: 1, revenue: 1200 });
    onDay(29, { orders: 1, revenue: 450 });
    expect(report.daily).toEqual(expectedDays);
    // The 30 days before, day by day beside them: R10 on T−30, the rest zeros.
    const previousDays = Array.from({ length: 30 }, (_, i) => ({ day: cairoDay(59 - i), ...zeroDay }));
    Object.assign(previousDays[29]!, { orders: 1, revenue: 5050 });
    expect(report.previous_daily).toEqual(previousDays);

    // Every order placed in 30 days by its status now (R10 is older): delivered R3 200,000 + R8 120,000 + R11 45,000 =
    // 365,000; cancelled R5 100,000 + R9 105,000 = 205,000.
    expect(report.by_status).toEqual([
      { status: 'pending_payment', orders: 1, total: 450 },
      { status: 'awaiting_shopper', orders: 0, total: 0 },
      { status: 'placed', orders: 1, total: 1050 },
      { status: 'confirmed', orders: 1, total: 770 },
      { status: 'packed', orders: 0, total: 0 },
      { status: 'shipped', orders: 1, total: 1310 },
      { status: 'delivered', orders: 3, total: 3650 },
      { status: 'cancelled', orders: 2, total: 2050 },
      { status: 'refunded', orders: 1, total: 1000 },
    ]);

    // Units kept by the sales: A: R1 1 + R3 (2 − 1) + R4 1 + R7 (1 − 1) = 3 → 3 × 1,000 = 3,000 LE;
    // B: R2 2 + R4 1 + R8 3 + R11 1 = 7 → 7 × 400 = 2,800 LE. B sells more units, A brings more money.
    const { by_units: byUnits, by_revenue: byRevenue } = report.best_sellers;
    expect(byUnits.map((row) => [row.name_en, row.ml, row.units, row.revenue])).toEqual([
      ['Test Scent', 100, 7, 2800],
      ['Oud, "Royal"', 100, 3, 3000],
    ]);
    expect(byRevenue.map((row) => [row.name_en, row.units, row.revenue])).toEqual([
      ['Oud, "Royal"', 3, 3000],
      ['Test Scent', 7, 2800],
    ]);
    expect(byUnits[1]).toMatchObject({ name_ar: 'عود ملكي', sku: `TEST-${byUnits[1]!.product}` });

    // FLAT50: R7 and R8 (R5 cancelled): discount 5,000 + 5,000; revenue (100,000 − 100,000 refunded) + 120,000.
    // SAVE10: R2 and R4: discount 8,000 + 14,000 = 22,000; revenue 77,000 + 131,000 = 208,000. Same count: by code.
    expect(report.promotions.map(({ promotion: _id, ...row }) => row)).toEqual([
      { code: 'FLAT50', orders: 2, discount_given: 100, revenue: 1200 },
      { code: 'SAVE10', orders: 2, discount_given: 220, revenue: 2080 },
    ]);

    // 500 + 120 points on two balances, at 25 pt: 620 × 25 = 15,500 pt.
    expect(report.points).toEqual({ points: 620, holders: 2, point_value: 0.25, liability: 155 });

    // Online sales: R2 77,000 + R4 131,000 + R7 100,000 + R8 120,000 = 428,000 over 4. Went through: R2 77,000 +
    // R4 130,000 + R7 100,000 + R9 105,000 = 412,000 (R6 pending). Refunds: R7's 100,000 confirmed, R9's 105,000 failed.
    const { exceptions, ...payments } = report.payments;
    expect(payments).toEqual({
      ...{ orders: 4, expected: 4280, received: 4120, refunded: 1000, refunds_pending: 0, refunds_failed: 1050 },
      exception_count: 4,
    });
    // Newest order first: R4 paid 1,300 of 1,310; R8 never paid; R9 cancelled with its money kept, and its refund failed.
    expect(exceptions.map((e) => [e.kind, e.order_number, e.status, e.order_total, e.paid, e.refund])).toEqual([
      ['amount_mismatch', 'R4', 'shipped', 1310, 1300, null],
      ['unpaid', 'R8', 'delivered', 1200, null, null],
      ['paid_cancelled', 'R9', 'cancelled', 1050, 1050, null],
      ['refund_failed', 'R9', 'cancelled', 1050, 1050, 1050],
    ]);
  });

  it('narrows the tables to today or 7 days', async () => {
    const owner = await signedInStaff(t, 'owner');
    const today = ReportsDashboard.parse((await owner.get('/api/staff/reports/dashboard/?period=today')).json());
    // Today: R1 105,000 + R2 77,000, R3's refund of 100,000; yesterday: R3 200,000 at 23:30, its refund came today.
    expect(today).toMatchObject({ period: 'today', from: cairoDay(0), to: cairoDay(0) });
    expect(today.sales).toEqual(salesOf(0, 0, 2, 1820, 1000, 910));
    expect(today.previous).toEqual(salesOf(1, 1, 1, 2000, 0, 2000));
    expect(today.daily).toEqual([{ day: cairoDay(0), orders: 2, revenue: 1820, refunds: 1000 }]);
    expect(today.by_status.filter((s) => s.orders)).toEqual([
      { status: 'placed', orders: 1, total: 1050 },
      { status: 'confirmed', orders: 1, total: 770 },
    ]);
    // Today: A × 1 (R1), B × 2 (R2); only R2 used a code; R2 was paid in full.
    expect(today.best_sellers.by_units.map((row) => [row.units, row.revenue])).toEqual([
      [2, 800],
      [1, 1000],
    ]);
    expect(today.promotions.map((row) => [row.code, row.orders, row.discount_given, row.revenue])).toEqual([['SAVE10', 1, 80, 770]]);
    expect(today.payments).toMatchObject({ orders: 1, expected: 770, received: 770, exception_count: 0, exceptions: [] });

    const week = ReportsDashboard.parse((await owner.get('/api/staff/reports/dashboard/?period=7d')).json());
    // 7 days: A: R1 1 + R3 1 + R4 1 = 3; B: R2 2 + R4 1 = 3, 1,200 LE; equal units: more revenue first.
    expect(week.best_sellers.by_units.map((row) => [row.units, row.revenue])).toEqual([
      [3, 3000],
      [3, 1200],
    ]);
    expect(week.payments.exceptions.map((e) => [e.kind, e.order_number])).toEqual([['amount_mismatch', 'R4']]);
    // 7 days: R1, R2, R3, R4: 513,000 over 4 (R5 cancelled, R6 unpaid), R3's refund; the 7 before (T−13 to T−7):
    // R7 100,000 + R8 120,000 over 2, R7's refund of 100,000 at T−8.
    expect(week.sales).toEqual(salesOf(6, 0, 4, 5130, 1000, 1282.5));
    expect(week.previous).toEqual(salesOf(13, 7, 2, 2200, 1000, 1100));
    expect(week.daily.map((each) => each.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map(cairoDay));
  });

  it('covers any range of Cairo days, beside the same number of days just before it', async () => {
    const manager = await signedInStaff(t, 'manager');
    const range = ReportsDashboard.parse(
      (await manager.get(`/api/staff/reports/dashboard/?from=${cairoDay(12)}&to=${cairoDay(3)}`)).json(),
    );
    expect(range).toMatchObject({ period: null, from: cairoDay(12), to: cairoDay(3) });
    // T−12 to T−3: R4 131,000 + R7 100,000 + R8 120,000 = 351,000 over 3 (R5 cancelled, R6 unpaid); R7's refund at
    // T−8; net 251,000; average 117,000. The 10 days before (T−22 to T−13) hold only R9, cancelled: no sales.
    expect(range.sales).toEqual(salesOf(12, 3, 3, 3510, 1000, 1170));
    expect(range.previous).toEqual(salesOf(22, 13, 0, 0, 0, 0));
    expect(range.daily.map((each) => each.day)).toEqual(Array.from({ length: 10 }, (_, i) => cairoDay(12 - i)));
    // The tables follow the range: A: R4 1 + R7 (1 − 1); B: R4 1 + R8 3. FLAT50: R7 and R8; SAVE10: R4.
    expect(range.best_sellers.by_units.map((row) => [row.units, row.revenue])).toEqual([
      [4, 1600],
      [1, 1000],
    ]);
    expect(range.promotions.map((row) => [row.code, row.orders, row.discount_given, row.revenue])).toEqual([
      ['FLAT50', 2, 100, 1200],
      ['SAVE10', 1, 140, 1310],
    ]);
    expect(range.by_status.filter((s) => s.orders).map((s) => [s.status, s.orders])).toEqual([
      ['pending_payment', 1],
      ['shipped', 1],
      ['delivered', 1],
      ['cancelled', 1],
      ['refunded', 1],
    ]);
    expect(range.payments.exceptions.map((e) => [e.kind, e.order_number])).toEqual([
      ['amount_mismatch', 'R4'],
      ['unpaid', 'R8'],
    ]);

    // A day ends at Cairo's midnight: yesterday holds R3 at 23:30, not its refund made this morning; the day before, nothing.
    const yesterday = ReportsDashboard.parse(
      (await manager.get(`/api/staff/reports/dashboard/?from=${cairoDay(1)}&to=${cairoDay(1)}`)).json(),
    );
    expect(yesterday.sales).toMatchObject({ orders: 1, revenue: 2000, refunds: 0 });
    expect(yesterday.previous).toMatchObject({ from: cairoDay(2), to: cairoDay(2), orders: 0, revenue: 0 });
  });

  it('refuses a range it cannot cover, in the contract’s shape, and a role that may not read reports', async () => {
    const owner = await signedInStaff(t, 'owner');
    const refusals: [string, string][] = [
      [`from=${cairoDay(3)}&to=${cairoDay(4)}`, 'to'],
      [`from=${cairoDay(366)}&to=${cairoDay(0)}`, 'to'],
      [`from=${cairoDay(0)}&to=${cairoDay(-1)}`, 'to'],
      [`from=${cairoDay(3)}`, 'to'],
      [`to=${cairoDay(3)}`, 'from'],
      [`period=7d&from=${cairoDay(3)}&to=${cairoDay(0)}`, 'period'],
      [`from=yesterday&to=${cairoDay(0)}`, 'from'],
    ];
    for (const [query, field] of refusals) {
      for (const path of ['dashboard/', 'sales.csv']) {
        const response = await owner.get(`/api/staff/reports/${path}?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(Object.keys(ValidationErrorBody.parse(response.json())), query).toEqual([field]);
      }
    }
    // 366 days ending today are allowed.
    expect((await owner.get(`/api/staff/reports/dashboard/?from=${cairoDay(365)}&to=${cairoDay(0)}`)).statusCode).toBe(200);
    const support = await signedInStaff(t, 'support');
    expect((await support.get(`/api/staff/reports/dashboard/?from=${cairoDay(3)}&to=${cairoDay(0)}`)).statusCode).toBe(403);
  });

  it('exports each report as CSV with a byte-order mark, quoted where needed, computed as the dashboard is', async () => {
    const manager = await signedInStaff(t, 'manager');
    const csv = async (url: string) => {
      const response = await manager.get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="[a-z-]+-(now-\d{4}-\d{2}-\d{2}|\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2})\.csv"$/,
      );
      expect(response.body.startsWith('\uFEFF')).toBe(true);
      return response.body.slice(1).split('\r\n');
    };
    const sales = await csv('/api/staff/reports/sales.csv?period=7d');
    expect(sales[0]).toBe('day,orders,revenue,refunds,net_revenue,average_order_value');
    expect(sales.slice(1, -1)).toEqual([
      `${cairoDay(6)},0,0.00,0.00,0.00,0.00`,
      `${cairoDay(5)},0,0.00,0.00,0.00,0.00`,
      `${cairoDay(4)},0,0.00,0.00,0.00,0.00`,
      `${cairoDay(3)},1,1310.00,0.00,1310.00,1310.00`,
      `${cairoDay(2)},0,0.00,0.00,0.00,0.00`,
      `${cairoDay(1)},1,2000.00,0.00,2000.00,2000.00`,
      // 182,000 over 2 orders; 100,000 refunded.
      `${cairoDay(0)},2,1820.00,1000.00,820.00,910.00`,
    ]);
    expect(sales.at(-1)).toBe('');
    // A range of one's own: its days, and the file named after them.
    const range = await manager.get(`/api/staff/reports/sales.csv?from=${cairoDay(12)}&to=${cairoDay(10)}`);
    expect(range.headers['content-disposition']).toBe(`attachment; filename="sales-${cairoDay(12)}-to-${cairoDay(10)}.csv"`);
    expect(range.body.slice(1).split('\r\n')).toEqual([
      'day,orders,revenue,refunds,net_revenue,average_order_value',
      `${cairoDay(12)},1,1200.00,0.00,1200.00,1200.00`,
      `${cairoDay(11)},0,0.00,0.00,0.00,0.00`,
      `${cairoDay(10)},1,1000.00,0.00,1000.00,1000.00`,
      '',
    ]);

    expect(await csv('/api/staff/reports/best-sellers.csv')).toEqual([
      'product,name_en,name_ar,ml,sku,units,revenue',
      expect.stringMatching(/^test-[0-9a-f]+,Test Scent,عطر تجريبي,100,TEST-\d+,7,2800\.00$/),
      expect.stringMatching(/^test-[0-9a-f]+,"Oud, ""Royal""",عود ملكي,100,TEST-\d+,3,3000\.00$/),
      '',
    ]);
    expect(await csv('/api/staff/reports/orders-by-status.csv?period=today')).toEqual([
      'status,orders,total',
      'pending_payment,0,0.00',
      'awaiting_shopper,0,0.00',
      'placed,1,1050.00',
      'confirmed,1,770.00',
      'packed,0,0.00',
      'shipped,0,0.00',
      'delivered,0,0.00',
      'cancelled,0,0.00',
      'refunded,0,0.00',
      '',
    ]);
    expect(await csv('/api/staff/reports/promotions.csv')).toEqual([
      'code,orders,discount_given,revenue',
      'FLAT50,2,100.00,1200.00',
      'SAVE10,2,220.00,2080.00',
      '',
    ]);
    const payments = await csv('/api/staff/reports/payments.csv');
    expect(payments[0]).toBe('kind,order_number,status,payment_method,placed_at,order_total,paid,refund');
    expect(payments.slice(1, -1).map((line) => line.split(',').filter((_, i) => i !== 4))).toEqual([
      ['amount_mismatch', 'R4', 'shipped', 'card', '1310.00', '1300.00', ''],
      ['unpaid', 'R8', 'delivered', 'card', '1200.00', '', ''],
      ['paid_cancelled', 'R9', 'cancelled', 'card', '1050.00', '1050.00', ''],
      ['refund_failed', 'R9', 'cancelled', 'card', '1050.00', '1050.00', '1050.00'],
    ]);
    expect(payments[1]!.split(',')[4]).toBe(`${cairoDay(3)} 12:00`);
    // A name starting like a formula is written as text; 500 points at 25 pt = 125 LE. A phone is written as dialled
    // in Egypt, with spaces: a spreadsheet shows it as it is, with no apostrophe, not a formula, not a number.
    const points = await csv('/api/staff/reports/points.csv');
    expect(points.slice(0, -1).map((line) => line.replace(/^\d+,/, 'id,'))).toEqual([
      'customer,name,email,phone,points,value',
      "id,'=Sara Holder,sara.points@example.com,,500,125.00",
      'id,Omar Holder,omar.points@example.com,0100 123 4567,120,30.00',
    ]);
  });
});
