import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  SavedView,
  StaffCustomer,
  StaffCustomerPage,
  StaffOrderBoard,
  TAG_MAX_LENGTH,
  TagList,
  TAGS_PER_THING_MAX,
  TagSuggestions,
  type StaffRole,
} from '@attar/contract';
import { useTestApp } from '../test/app';
import { signedInShopper } from '../test/shoppers';
import { signedInStaff, type StaffCaller } from '../test/staff';

const t = useTestApp();
const db = () => t.db.database;
let nextOrder = 1;

/** An order of `userId` (a guest's when null) in `status` for `total` piastres, straight into the table. */
async function insertOrder(userId: number | null, status: string, total: number) {
  const number = `TAG-${Date.now()}-${nextOrder++}`;
  const [row] = await db().rows<{ id: number }>(sql`
    INSERT INTO orders (order_number, user_id, guest_name, guest_phone, status, address, region_id, payment_method,
      subtotal_piastres, delivery_fee_piastres, discount_piastres, total_piastres)
    SELECT ${number}, ${userId}, ${userId === null ? 'Tag Guest' : null}, ${userId === null ? '+201000000002' : null}, ${status},
      jsonb_build_object('name', 'Tag Test', 'phone', '+201000000002', 'street', '1 Tag Street', 'building', '', 'floor', '',
        'apartment', '', 'landmark', '', 'region_id', ci.region_id, 'city_id', ci.id),
      ci.region_id, 'cod', ${total}, 0, 0, ${total}
    FROM cities ci ORDER BY ci.id LIMIT 1
    RETURNING id`);
  return row!.id;
}

const tagRows = async (table: 'order_tags' | 'customer_tags', id: number) =>
  (
    await db().rows<{ tag: string }>(
      sql`SELECT tag FROM ${sql.raw(table)} WHERE ${sql.raw(table === 'order_tags' ? 'order_id' : 'user_id')} = ${id} ORDER BY id`,
    )
  ).map((row) => row.tag);
const auditOf = async (entity: string, id: number) =>
  db().rows<{ action: string; before: unknown; after: unknown }>(sql`
    SELECT action, before, after FROM audit_log WHERE entity = ${entity} AND entity_id = ${String(id)} AND action LIKE '%tag' ORDER BY id`);

const tag = (staff: StaffCaller, path: string, value: unknown) => staff.post(`${path}tags/`, { tag: value });
const untag = (staff: StaffCaller, path: string, value: string) => staff.call('DELETE', `${path}tags/?tag=${encodeURIComponent(value)}`);
const tagsAfter = (response: { statusCode: number; body: string; json(): unknown }) => {
  expect(response.statusCode, response.body).toBe(200);
  return TagList.parse(response.json()).tags;
};

describe('tags on orders and customers', () => {
  it('are added and removed by the roles allowed: fulfilment tags orders only, and a refusal changes nothing', async () => {
    const shopper = await signedInShopper(t.app);
    const order = `/api/staff/orders/${await insertOrder(shopper.user.id, 'placed', 10_000)}/`;
    const customer = `/api/staff/customers/${shopper.user.id}/`;
    const fulfilment = await signedInStaff(t, 'fulfilment');
    expect(tagsAfter(await tag(fulfilment, order, 'Fragile'))).toEqual(['Fragile']);
    expect((await tag(fulfilment, customer, 'VIP')).statusCode).toBe(403);
    expect((await untag(fulfilment, customer, 'VIP')).statusCode).toBe(403);
    expect((await fulfilment.get('/api/staff/customers/tags/')).statusCode).toBe(403);
    expect(await tagRows('customer_tags', shopper.user.id)).toEqual([]);

    for (const role of ['owner', 'manager', 'support'] as StaffRole[]) {
      const staff = await signedInStaff(t, role);
      expect(tagsAfter(await tag(staff, customer, role)), role).toContain(role);
      expect(tagsAfter(await untag(staff, customer, role)), role).not.toContain(role);
    }
    expect((await t.app.inject({ method: 'POST', url: `${order}tags/`, payload: { tag: 'x' } })).statusCode).toBe(401);
    expect((await shopper.post(`${order}tags/`, { tag: 'x' })).statusCode).toBe(401);
    expect(await tagRows('order_tags', Number(order.split('/')[4]))).toEqual(['Fragile']);
  });

  it('are trimmed, once per thing whatever the case, in Arabic too, a few at most, and audited', async () => {
    const support = await signedInStaff(t, 'support');
    const orderId = await insertOrder(null, 'placed', 10_000);
    const order = `/api/staff/orders/${orderId}/`;
    expect(tagsAfter(await tag(support, order, '  call   first '))).toEqual(['call first']);
    expect(tagsAfter(await tag(support, order, 'هش'))).toEqual(['call first', 'هش']);
    for (const twice of ['CALL FIRST', ' هش ']) {
      const refused = await tag(support, order, twice);
      expect(refused.statusCode, twice).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'tag_exists' });
    }
    const arabic = await support.call('POST', `${order}tags/`, { tag: 'Call First' }, { 'accept-language': 'ar' });
    expect(arabic.json()).toEqual({ code: 'tag_exists', detail: '«Call First» وسم موجود هنا بالفعل.' });

    for (const bad of ['', '   ', 'x'.repeat(TAG_MAX_LENGTH + 1), 'a\u0007b', 42, null]) {
      expect((await tag(support, order, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await support.post(`${order}tags/`, {})).statusCode).toBe(400);
    expect((await tag(support, '/api/staff/orders/abc/', 'x')).statusCode).toBe(400);
    expect((await tag(support, '/api/staff/orders/2147483647/', 'x')).statusCode).toBe(404);
    expect((await untag(support, order, '')).statusCode).toBe(400);
    expect(tagsAfter(await tag(support, order, 'x'.repeat(TAG_MAX_LENGTH)))).toHaveLength(3);

    for (let n = 4; n <= TAGS_PER_THING_MAX; n++) await tag(support, order, `tag ${n}`);
    const full = await tag(support, order, 'one too many');
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'too_many_tags' });
    expect(await tagRows('order_tags', orderId)).toHaveLength(TAGS_PER_THING_MAX);

    // Removed in any case; the freed place takes the next one.
    expect(tagsAfter(await untag(support, order, 'CALL first'))).not.toContain('call first');
    expect((await untag(support, order, 'call first')).json()).toMatchObject({ code: 'no_such_tag' });
    expect(tagsAfter(await tag(support, order, 'one too many'))).toContain('one too many');

    const audit = await auditOf('order', orderId);
    expect(audit.slice(0, 2)).toEqual([
      { action: 'order.tag', before: null, after: { tag: 'call first' } },
      { action: 'order.tag', before: null, after: { tag: 'هش' } },
    ]);
    expect(audit.filter((entry) => entry.action === 'order.untag')).toEqual([
      { action: 'order.untag', before: { tag: 'call first' }, after: null },
    ]);
    const page = await support.order(orderId);
    expect(page.tags).toContain('هش');
    expect(page.audit.map((entry) => entry.action)).toContain('order.untag');
  });

  it('are the database’s to keep: a blank or padded tag, a tag twice in another case, a slot beyond the last', async () => {
    const orderId = await insertOrder(null, 'placed', 100);
    const [staff] = await db().rows<{ id: number }>(sql`SELECT min(id) AS id FROM staff_members`);
    const insert = (slot: number, value: string) =>
      db().rows(sql`INSERT INTO order_tags (order_id, slot, tag, created_by) VALUES (${orderId}, ${slot}, ${value}, ${staff!.id})`);
    await insert(1, 'VIP');
    for (const [slot, value] of [
      [2, 'vip'],
      [2, ' padded'],
      [2, ''],
      [1, 'other'],
      [TAGS_PER_THING_MAX + 1, 'beyond'],
    ] as const) {
      await expect(insert(slot, value), `${slot} ${value}`).rejects.toThrow();
    }
  });

  it('suggest the tags in use on each kind, the most used first', async () => {
    const manager = await signedInStaff(t, 'manager');
    const marker = `Gift ${Date.now()}`;
    for (let n = 0; n < 3; n++)
      await tag(manager, `/api/staff/orders/${await insertOrder(null, 'placed', 100)}/`, n ? marker : marker.toUpperCase());
    await tag(manager, `/api/staff/orders/${await insertOrder(null, 'placed', 100)}/`, `${marker} wrap`);
    const suggestions = async (path: string, q: string) => {
      const response = await manager.get(`${path}?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, response.body).toBe(200);
      return TagSuggestions.parse(response.json()).results;
    };
    expect(await suggestions('/api/staff/orders/tags/', marker.slice(2).toLowerCase())).toEqual([
      { tag: marker, count: 3 },
      { tag: `${marker} wrap`, count: 1 },
    ]);
    expect(await suggestions('/api/staff/customers/tags/', marker)).toEqual([]);
    expect((await manager.get(`/api/staff/orders/tags/?q=${'x'.repeat(TAG_MAX_LENGTH + 1)}`)).statusCode).toBe(400);
  });

  it('filter the board by the order’s tag and its customer’s, and a saved view keeps both', async () => {
    const support = await signedInStaff(t, 'support');
    const fulfilment = await signedInStaff(t, 'fulfilment');
    const shopper = await signedInShopper(t.app);
    const marker = `Rush ${Date.now()}`;
    const tagged = await insertOrder(shopper.user.id, 'placed', 100);
    const untagged = await insertOrder(shopper.user.id, 'confirmed', 100);
    const guest = await insertOrder(null, 'placed', 100);
    await tag(support, `/api/staff/orders/${tagged}/`, marker);
    await tag(support, `/api/staff/orders/${guest}/`, 'غير مستعجل');
    await tag(support, `/api/staff/customers/${shopper.user.id}/`, `${marker} customer`);
    const board = async (query: string) => {
      const response = await fulfilment.get(`/api/staff/orders/?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return StaffOrderBoard.parse(response.json());
    };
    const byTag = await board(`tag=${encodeURIComponent(marker.toUpperCase())}`);
    expect(byTag.results.map((row) => [row.id, row.tags])).toEqual([[tagged, [marker]]]);
    expect(byTag.counts.placed).toBe(1);
    expect((await board(`customer_tag=${encodeURIComponent(`${marker} customer`)}`)).results.map((row) => row.id)).toEqual([
      untagged,
      tagged,
    ]);
    expect((await board(`tag=${encodeURIComponent('غير مستعجل')}`)).results.map((row) => row.id)).toEqual([guest]);
    expect((await board(`tag=${encodeURIComponent(marker)}&status=confirmed`)).results).toEqual([]);
    expect((await fulfilment.get(`/api/staff/orders/?tag=${'x'.repeat(TAG_MAX_LENGTH + 1)}`)).statusCode).toBe(400);

    const saved = await fulfilment.post('/api/staff/saved-views/', {
      list: 'orders',
      name: 'Rush',
      search: { tag: ` ${marker} `, customer_tag: `${marker} customer` },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(SavedView.parse(saved.json()).search).toEqual({ tag: marker, customer_tag: `${marker} customer` });
    const refused = await fulfilment.post('/api/staff/saved-views/', { list: 'orders', name: 'Long', search: { tag: 'x'.repeat(31) } });
    expect(refused.statusCode).toBe(400);
  });

  it('filter the customers, who carry their lifetime value by the reports’ rule of a sale, sortable with their orders', async () => {
    const manager = await signedInStaff(t, 'manager');
    const [big, small, none] = [await signedInShopper(t.app), await signedInShopper(t.app), await signedInShopper(t.app)];
    const marker = `LTV ${Date.now()}`;
    // Sales: placed, confirmed, packed, shipped, delivered, refunded. Not: pending_payment, cancelled.
    const bigOrders: [string, number][] = [
      ['placed', 10_001],
      ['confirmed', 20_050],
      ['packed', 30_000],
      ['shipped', 40_000],
      ['delivered', 123_456],
      ['refunded', 5_005],
      ['pending_payment', 99_999],
      ['cancelled', 77_777],
    ];
    for (const [status, total] of bigOrders) await insertOrder(big.user.id, status, total);
    await insertOrder(small.user.id, 'delivered', 1_099);
    await insertOrder(small.user.id, 'cancelled', 500_000);
    for (const shopper of [big, small, none]) await tag(manager, `/api/staff/customers/${shopper.user.id}/`, marker);

    const list = async (query: string) => {
      const response = await manager.get(`/api/staff/customers/?tag=${encodeURIComponent(marker.toLowerCase())}&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return StaffCustomerPage.parse(response.json()).results;
    };
    const figures = (rows: Awaited<ReturnType<typeof list>>) => rows.map((row) => [row.id, row.lifetime_value, row.order_count]);
    // 10,001 + 20,050 + 30,000 + 40,000 + 123,456 + 5,005 = 228,512 piastres.
    expect(figures(await list('sort=-lifetime_value'))).toEqual([
      [big.user.id, 2285.12, 8],
      [small.user.id, 10.99, 2],
      [none.user.id, 0, 0],
    ]);
    expect((await list('sort=lifetime_value')).map((row) => row.id)).toEqual([none.user.id, small.user.id, big.user.id]);
    expect((await list('sort=-order_count')).map((row) => row.id)).toEqual([big.user.id, small.user.id, none.user.id]);
    expect((await list('sort=order_count')).map((row) => row.id)).toEqual([none.user.id, small.user.id, big.user.id]);
    expect((await list('')).map((row) => row.id)).toEqual([none.user.id, small.user.id, big.user.id]);
    expect((await list('')).every((row) => row.tags.includes(marker))).toBe(true);

    const page = StaffCustomer.parse((await manager.get(`/api/staff/customers/${big.user.id}/`)).json());
    expect(page).toMatchObject({ lifetime_value: 2285.12, tags: [marker] });
    for (const bad of ['sort=-points', `tag=${'x'.repeat(TAG_MAX_LENGTH + 1)}`]) {
      expect((await manager.get(`/api/staff/customers/?${bad}`)).statusCode, bad).toBe(400);
    }
  });
});
