import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DeliveryCalendar, Order, StaffDeliverySchedule, StaffRegion, type StaffRole } from '@attar/contract';
import { deliveryPromise } from '@attar/contract/rules';
import { arrivalText } from '../i18n/catalogue';
import { useTestApp } from '../test/app';
import { orderFixtures } from '../test/orders';
import { useSmtpServer } from '../test/smtp';
import { signedInStaff } from '../test/staff';

const smtp = useSmtpServer();
const t = useTestApp(() => ({ JOBS: 'on', SMTP_URL: smtp.url, STOREFRONT_URL: 'https://shop.test' }));
const f = orderFixtures(t);

const audits = async (action: string) =>
  (await t.db.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = ${action}`))[0]!.n;
const settings = () =>
  t.db.database.rows(sql`
    SELECT c.delivery_cutoff, c.delivery_days_off, (SELECT array_agg(day ORDER BY day) FROM delivery_holidays) AS holidays,
      (SELECT json_agg(json_build_array(delivery_min_days, delivery_max_days) ORDER BY id) FROM regions) AS days
    FROM site_config c`);
const calendar = async (lang = 'en') => DeliveryCalendar.parse((await t.app.inject({ url: `/api/delivery/?lang=${lang}` })).json());

describe('the delivery promise’s settings', () => {
  it('are for owners and managers: support and fulfilment get 403, a visitor 401, and nothing changes', async () => {
    const before = await settings();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/staff/delivery-schedule/'],
      ['PUT', '/api/staff/delivery-schedule/', { cutoff: '12:00', weekly_off: [5, 6], holidays: [] }],
      ['PUT', '/api/staff/regions/1/days/', { min_days: 3, max_days: 9 }],
    ];
    for (const role of ['support', 'fulfilment'] as StaffRole[]) {
      const staff = await signedInStaff(t, role);
      for (const [method, url, body] of calls) {
        const response = await staff.call(method as 'GET', url, body);
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(response.json()).toMatchObject({ code: 'permission_denied' });
      }
    }
    for (const [method, url, body] of calls) {
      const response = await t.app.inject({ method: method as 'GET', url, ...(body === undefined ? {} : { payload: body as object }) });
      expect(response.statusCode).toBe(401);
    }
    expect(await settings()).toEqual(before);
  });

  it('are edited by a manager and an owner, audited, and the storefront’s calendar follows', async () => {
    const seeded = await calendar('ar');
    expect(seeded).toMatchObject({ cutoff: '14:00', weekly_off: [5], holidays: [] });
    expect(seeded.regions).toHaveLength(27);
    expect(seeded.regions[0]).toMatchObject({ slug: 'cairo', name: 'القاهرة', fee: 50, min_days: 1, max_days: 2 });
    expect(seeded.regions.find((region) => region.slug === 'aswan')).toMatchObject({ min_days: 4, max_days: 6 });

    const manager = await signedInStaff(t, 'manager');
    const saved = await manager.put('/api/staff/delivery-schedule/', {
      cutoff: '15:30',
      weekly_off: [6, 5],
      holidays: ['2999-01-07', '2000-01-25'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(StaffDeliverySchedule.parse(saved.json())).toEqual({
      cutoff: '15:30',
      weekly_off: [5, 6],
      holidays: ['2000-01-25', '2999-01-07'],
    });
    expect(await audits('delivery.schedule')).toBe(1);

    const owner = await signedInStaff(t, 'owner');
    const aswan = seeded.regions.find((region) => region.slug === 'aswan')!;
    const days = await owner.put(`/api/staff/regions/${aswan.id}/days/`, { min_days: 5, max_days: 8 });
    expect(days.statusCode, days.body).toBe(200);
    expect(StaffRegion.parse(days.json())).toMatchObject({ slug: 'aswan', min_days: 5, max_days: 8 });
    expect(await audits('region.days')).toBe(1);

    // Past holidays change no promise: the storefront gets today's and later ones only.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const after = await calendar();
    expect(after).toMatchObject({ cutoff: '15:30', weekly_off: [5, 6], holidays: ['2999-01-07'] });
    expect(after.regions.find((region) => region.slug === 'aswan')).toMatchObject({ min_days: 5, max_days: 8, name: 'Aswan' });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const manager = await signedInStaff(t, 'manager');
    const before = await settings();
    const auditsBefore = (await audits('delivery.schedule')) + (await audits('region.days'));
    const schedules = [
      { cutoff: '24:00', weekly_off: [5], holidays: [] },
      { cutoff: '9:00', weekly_off: [5], holidays: [] },
      { cutoff: '14:00', weekly_off: [0, 1, 2, 3, 4, 5, 6], holidays: [] },
      { cutoff: '14:00', weekly_off: [7], holidays: [] },
      { cutoff: '14:00', weekly_off: [5, 5], holidays: [] },
      { cutoff: '14:00', weekly_off: [5], holidays: ['2026-02-30'] },
      { cutoff: '14:00', weekly_off: [5], holidays: ['0000-01-01'] },
      { cutoff: '14:00', weekly_off: [5], holidays: ['2026-12-25', '2026-12-25'] },
      { cutoff: '14:00', weekly_off: [5] },
    ];
    for (const body of schedules) {
      const response = await manager.put('/api/staff/delivery-schedule/', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const body of [
      { min_days: 3, max_days: 2 },
      { min_days: -1, max_days: 2 },
      { min_days: 1, max_days: 31 },
      { min_days: 1.5, max_days: 2 },
      {},
    ]) {
      const response = await manager.put('/api/staff/regions/1/days/', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const reversed = await manager.put('/api/staff/regions/1/days/', { min_days: 3, max_days: 2 });
    expect(reversed.json()).toMatchObject({ max_days: ['The most working days cannot be fewer than the fewest.'] });
    expect((await manager.put('/api/staff/regions/99999/days/', { min_days: 1, max_days: 2 })).statusCode).toBe(404);
    expect(await settings()).toEqual(before);
    expect((await audits('delivery.schedule')) + (await audits('region.days'))).toBe(auditsBefore);
  });

  it('is kept by the database: no range backwards, no week without a working day', async () => {
    await expect(t.db.database.rows(sql`UPDATE regions SET delivery_min_days = 3, delivery_max_days = 2 WHERE id = 1`)).rejects.toThrow();
    await expect(t.db.database.rows(sql`UPDATE regions SET delivery_min_days = -1 WHERE id = 1`)).rejects.toThrow();
    await expect(t.db.database.rows(sql`UPDATE site_config SET delivery_days_off = '{0,1,2,3,4,5,6}'`)).rejects.toThrow();
  });
});

describe('an order’s promise', () => {
  it('is computed when it is placed, kept on the order and repeated by its e-mail', async () => {
    const shopper = await f.shopperWithAddress();
    const product = await f.productWithStock(3);
    await shopper.post('/api/cart-products/', { product, quantity: 1 });
    const placed = await f.order(shopper, { address: shopper.addressId, payment_method: 'cod' }, { 'accept-language': 'ar' });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = Order.parse(placed.json());

    const [row] = await t.db.database.rows<{ created_at: Date | string; earliest: string; latest: string }>(sql`
      SELECT created_at, to_char(promised_earliest, 'YYYY-MM-DD') AS earliest, to_char(promised_latest, 'YYYY-MM-DD') AS latest
      FROM orders WHERE id = ${order.id}`);
    const { cutoff, weekly_off: weeklyOff, holidays } = await calendar();
    const cairo = (await calendar()).regions.find((region) => region.slug === 'cairo')!;
    const expected = deliveryPromise(
      new Date(row!.created_at),
      { minDays: cairo.min_days, maxDays: cairo.max_days },
      { cutoff, weeklyOff, holidays },
    );
    expect({ earliest: row!.earliest, latest: row!.latest }).toEqual(expected);
    expect(order.delivery_promise).toEqual(expected);
    const read = Order.parse((await shopper.get(`/api/orders/order_number/?number=${order.order_number}`)).json());
    expect(read.delivery_promise).toEqual(expected);

    // Settings changed later never move a placed order's promise.
    const manager = await signedInStaff(t, 'manager');
    expect((await manager.put(`/api/staff/regions/${cairo.id}/days/`, { min_days: 9, max_days: 12 })).statusCode).toBe(200);
    expect(Order.parse((await shopper.get(`/api/orders/order_number/?number=${order.order_number}`)).json()).delivery_promise).toEqual(
      expected,
    );

    const [, confirmation] = await smtp.waitFor(shopper.user.email, 2);
    const arrival = arrivalText('ar', expected);
    expect(arrival).toMatch(/^يصل /);
    expect(confirmation!.html).toContain(arrival);
    expect(confirmation!.text).toContain(arrival);
  });
});
