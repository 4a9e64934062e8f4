import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Order, PointsResponse, StaffBulkResult, StaffOrder, StaffOrderBoard, type StaffRole } from '@attar/contract';
import { useTestApp } from '../test/app';
import { orderFixtures } from '../test/orders';
import { signedInStaff } from '../test/staff';
import { inTransaction } from '../db/transaction';
import { purgeExpired } from '../jobs/housekeeping';
import { searchTerm } from './staff-service';

const t = useTestApp();
const f = orderFixtures(t);

/** A cash-on-delivery order of one fresh product (12 LE … as priced), by a new signed-in shopper. */
async function codOrder(pricePiastres = 120_000, units = 5) {
  const s = await f.shopperWithAddress();
  const productId = await f.productWithStock(units, pricePiastres);
  await s.post('/api/cart-products/', { product: productId, quantity: 1 });
  const response = await f.order(s, { address: s.addressId, payment_method: 'cod' });
  expect(response.statusCode, response.body).toBe(201);
  return { s, productId, placed: Order.parse(response.json()) };
}

/** A card order of one fresh product, placed and not yet paid; `pay()` approves it at the test gateway. */
async function cardOrder() {
  const s = await f.shopperWithAddress();
  await s.post('/api/cart-products/', { product: await f.productWithStock(2, 70_000), quantity: 1 });
  const placed = Order.parse((await f.order(s, { address: s.addressId, payment_method: 'card' })).json());
  return { placed, pay: () => f.payOnTestGateway(placed.id) };
}

/** Confirms, packs and hands an order to a courier. */
async function ship(staff: Awaited<ReturnType<typeof signedInStaff>>, id: number) {
  for (const [action, body] of [['confirm'], ['pack'], ['ship', { courier: 'Mandoub', tracking_number: `M-${id}` }]] as const) {
    expect((await staff.act(id, action, body)).statusCode).toBe(200);
  }
}

/** The order's row on the board, and whether the board's paid filter lists it under `paid`. */
async function paidOnBoard(staff: Awaited<ReturnType<typeof signedInStaff>>, order: Order, paid: 'yes' | 'no') {
  const answer = StaffOrderBoard.parse((await staff.get(`/api/staff/orders/?q=${order.order_number}&paid=${paid}`)).json());
  return answer.results.map((r) => [r.id, r.paid]);
}

describe('the orders board', () => {
  it('pages, filters, searches and counts per status', async () => {
    const manager = await signedInStaff(t, 'manager');
    await codOrder(990_000);
    const { s, placed } = await codOrder();
    const board = async (query: string) => {
      const response = await manager.get(`/api/staff/orders/?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return StaffOrderBoard.parse(response.json());
    };
    const all = await board('page_size=1');
    expect(all.results).toHaveLength(1);
    expect(all.count).toBe(Object.values(all.counts).reduce((a, b) => a + b, 0));
    expect(all.next).toContain('page=2');
    expect(all.waiting).toBe(all.counts.placed);

    for (const q of [
      placed.order_number,
      placed.order_number.toLowerCase(),
      '01001112223',
      '+20 100 111 2223',
      '٠١٠٠١١١٢٢٢٣',
      'amira',
      s.user.email,
    ]) {
      const found = await board(`q=${encodeURIComponent(q)}&page_size=100`);
      expect(
        found.results.map((r) => r.id),
        q,
      ).toContain(placed.id);
    }
    expect((await board(`q=${placed.order_number}`)).results).toEqual([
      expect.objectContaining({
        id: placed.id,
        status: 'placed',
        paid: false,
        payment_method: 'cod',
        customer_name: 'Amira Fathy',
        items: 1,
      }),
    ]);
    const placedOnly = await board('status=placed&page_size=100');
    expect(placedOnly.results.every((r) => r.status === 'placed')).toBe(true);
    expect(placedOnly.count).toBe(placedOnly.counts.placed);
    expect((await board('status=delivered,cancelled&page_size=100')).results.map((r) => r.id)).not.toContain(placed.id);
    expect((await board('payment_method=card&page_size=100')).results.map((r) => r.id)).not.toContain(placed.id);
    expect((await board('paid=no&page_size=100')).results.map((r) => r.id)).toContain(placed.id);
    const cairo = await f.cairo();
    expect((await board(`region=${cairo.region}&page_size=100`)).results.map((r) => r.id)).toContain(placed.id);
    const today = new Date().toISOString().slice(0, 10);
    expect((await board(`from=2020-01-01&to=2020-12-31`)).count).toBe(0);
    expect((await board(`from=${today}&page_size=100`)).results.map((r) => r.id)).toContain(placed.id);
    const byTotal = await board('sort=-total&page_size=100');
    const totals = byTotal.results.map((r) => r.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });

  it('counts per status unfiltered from the counts the database keeps, as orders come, move, go and are folded', async () => {
    const manager = await signedInStaff(t, 'manager');
    const db = t.db.database;
    const board = async (query: string) => StaffOrderBoard.parse((await manager.get(`/api/staff/orders/?${query}`)).json());
    /** The kept counts, as the orders themselves count, and as the board counts under a filter every order passes. */
    const expectCountsTrue = async () => {
      const kept = (await board('page_size=1')).counts;
      const counted = await db.rows<{ status: string; n: number }>(sql`SELECT status, count(*)::int AS n FROM orders GROUP BY status`);
      expect(Object.entries(kept).filter(([, n]) => n > 0)).toEqual(expect.arrayContaining(counted.map(({ status, n }) => [status, n])));
      expect(Object.values(kept).reduce((a, b) => a + b, 0)).toBe(counted.reduce((sum, { n }) => sum + n, 0));
      expect((await board('from=2000-01-01&page_size=1')).counts).toEqual(kept);
    };
    const first = await codOrder();
    const second = await codOrder();
    await expectCountsTrue();
    await ship(manager, first.placed.id);
    expect((await manager.act(second.placed.id, 'cancel', { reason: 'Asked by phone' })).statusCode).toBe(200);
    await expectCountsTrue();
    // Two orders in one statement, then both gone in one statement.
    const copies = await db.rows<{ id: number }>(sql`
      INSERT INTO orders SELECT (jsonb_populate_record(NULL::orders, to_jsonb(o) || jsonb_build_object(
        'id', nextval(pg_get_serial_sequence('orders', 'id')), 'order_number', o.order_number || '-C', 'idempotency_key', NULL))).*
      FROM orders o WHERE o.id IN (${first.placed.id}, ${second.placed.id}) RETURNING id`);
    expect(copies).toHaveLength(2);
    await expectCountsTrue();
    await db.rows(sql`DELETE FROM orders WHERE id IN (${copies[0]!.id}, ${copies[1]!.id})`);
    await expectCountsTrue();
    await purgeExpired(db);
    const rows = await db.rows<{ status: string }>(sql`SELECT status FROM order_status_counts`);
    expect(new Set(rows.map((r) => r.status)).size).toBe(rows.length);
    await expectCountsTrue();
    // Emptying the orders empties the counts (then taken back: the other tests' orders stay).
    await expect(
      inTransaction(db, async (tx) => {
        await tx(sql`TRUNCATE orders CASCADE`);
        const [left] = await tx<{ n: number }>(sql`SELECT count(*)::int AS n FROM order_status_counts`);
        throw new Error(`count rows left: ${left!.n}`);
      }),
    ).rejects.toThrow('count rows left: 0');
    await expectCountsTrue();
  });

  it('searches once for the page and the counts, with the other filters, sorts and pages', async () => {
    const manager = await signedInStaff(t, 'manager');
    const cheap = await codOrder(50_000);
    const dear = await codOrder(1_500_000);
    await ship(manager, dear.placed.id);
    const board = async (query: string) => StaffOrderBoard.parse((await manager.get(`/api/staff/orders/?q=amira&${query}`)).json());
    const all = await board('page_size=100');
    expect(all.count).toBe(all.results.length);
    for (const [status, n] of Object.entries(all.counts)) expect(all.results.filter((r) => r.status === status)).toHaveLength(n);
    const byTotal = await board('sort=-total&page_size=100');
    expect(byTotal.results.map((r) => r.total)).toEqual(byTotal.results.map((r) => r.total).sort((a, b) => b - a));
    expect((await board('sort=-total&page_size=1&page=2')).results.map((r) => r.id)).toEqual([byTotal.results[1]!.id]);
    const shipped = await board('status=shipped&page_size=100');
    expect(shipped.results.map((r) => r.id)).toContain(dear.placed.id);
    expect(shipped.results.map((r) => r.id)).not.toContain(cheap.placed.id);
    expect(shipped.counts).toEqual(all.counts);
    const unpaid = await board('paid=no&page_size=100');
    expect(unpaid.results.every((r) => !r.paid)).toBe(true);
    expect(unpaid.results.map((r) => r.id)).toContain(cheap.placed.id);
  });

  it('refuses bad filters with 400, never 500', async () => {
    const support = await signedInStaff(t, 'support');
    for (const query of ['status=lost', 'from=yesterday', 'sort=name', 'page=0', 'paid=maybe', 'region=-1']) {
      const response = await support.get(`/api/staff/orders/?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('reads phones the way people type them', () => {
    expect(searchTerm('010 0111 2223')).toBe('1001112223');
    expect(searchTerm('+201001112223')).toBe('1001112223');
    expect(searchTerm('00201001112223')).toBe('1001112223');
    expect(searchTerm('٠١٠٠١١١٢٢٢٣')).toBe('1001112223');
    expect(searchTerm('AT100001')).toBe('at100001');
  });
});

describe('an order through the back office', () => {
  it('is confirmed, packed, handed to a courier the shopper then sees, and delivered with the cash collected', async () => {
    const { s, placed } = await codOrder();
    const fulfilment = await signedInStaff(t, 'fulfilment');
    expect((await fulfilment.act(placed.id, 'ship', { courier: 'Bosta', tracking_number: 'X' })).json()).toMatchObject({
      code: 'invalid_transition',
      detail: 'An order that is placed cannot become shipped.',
    });
    expect((await fulfilment.act(placed.id, 'confirm')).statusCode).toBe(200);
    expect((await fulfilment.act(placed.id, 'pack')).statusCode).toBe(200);
    const shipped = await fulfilment.act(placed.id, 'ship', { courier: 'Bosta', tracking_number: 'BST-778812' });
    expect(StaffOrder.parse(shipped.json())).toMatchObject({
      status: 'shipped',
      courier: { name: 'Bosta', tracking_number: 'BST-778812' },
    });
    const mine = Order.parse((await s.get(`/api/orders/order_number/?number=${placed.order_number}`)).json());
    expect(mine.courier).toEqual({ name: 'Bosta', tracking_number: 'BST-778812' });

    expect((await fulfilment.act(placed.id, 'deliver')).json()).toMatchObject({ cash_collected: expect.any(Array) });
    expect(await paidOnBoard(fulfilment, placed, 'no')).toEqual([[placed.id, false]]);
    const delivered = StaffOrder.parse((await fulfilment.act(placed.id, 'deliver', { cash_collected: placed.total })).json());
    expect(delivered).toMatchObject({ status: 'delivered', cash_collected: placed.total });
    // The cash is in: the board says paid (the database marks it, whichever code path delivered the order).
    expect(await paidOnBoard(fulfilment, placed, 'yes')).toEqual([[placed.id, true]]);
    expect(await paidOnBoard(fulfilment, placed, 'no')).toEqual([]);
    expect(PointsResponse.parse((await s.get('/api/users/points/')).json()).points).toBe(placed.points_earned);

    // The timeline says who did what; the audit log has the values before and after.
    expect(delivered.timeline.map((e) => [e.from, e.to, e.staff?.id ?? null])).toEqual([
      [null, 'placed', null],
      ['placed', 'confirmed', fulfilment.id],
      ['confirmed', 'packed', fulfilment.id],
      ['packed', 'shipped', fulfilment.id],
      ['shipped', 'delivered', fulfilment.id],
    ]);
    expect(delivered.audit.find((a) => a.action === 'order.ship')).toMatchObject({
      before: { status: 'packed', courier_name: null, tracking_number: null },
      after: { status: 'shipped', courier_name: 'Bosta', tracking_number: 'BST-778812' },
    });
  });

  it('cancels with a reason: stock, points and the promotion use come back; a paid card order is refunded', async () => {
    const support = await signedInStaff(t, 'support');
    const { placed, productId } = await codOrder(50_000, 3);
    expect(await f.stock(productId)).toBe(2);
    expect((await support.act(placed.id, 'cancel', { reason: '' })).statusCode).toBe(400);
    const cancelled = StaffOrder.parse((await support.act(placed.id, 'cancel', { reason: 'Customer asked by phone' })).json());
    expect(cancelled).toMatchObject({ status: 'cancelled', status_reason: 'Customer asked by phone' });
    expect(await f.stock(productId)).toBe(3);

    const { placed: card, pay } = await cardOrder();
    expect(await paidOnBoard(support, card, 'no')).toEqual([[card.id, false]]);
    await pay();
    expect(await paidOnBoard(support, card, 'yes')).toEqual([[card.id, true]]);
    const refunded = StaffOrder.parse((await support.act(card.id, 'cancel', { reason: 'Out of stock in the shop' })).json());
    // Refunded since, but it was paid: the board still says so.
    expect(await paidOnBoard(support, card, 'yes')).toEqual([[card.id, true]]);
    expect(refunded.payments[0]).toMatchObject({
      status: 'refunded',
      refunded: card.total,
      refunds: [{ status: 'confirmed', amount: card.total }],
    });
  });

  it('keeps internal notes, never shown to the shopper', async () => {
    const { s, placed } = await codOrder();
    const support = await signedInStaff(t, 'support');
    const noted = await support.post(`/api/staff/orders/${placed.id}/notes/`, { body: 'Call before 5 pm' });
    expect(noted.statusCode).toBe(201);
    expect(StaffOrder.parse(noted.json()).staff_notes).toEqual([
      expect.objectContaining({ body: 'Call before 5 pm', staff: expect.objectContaining({ id: support.id }) }),
    ]);
    expect((await s.get(`/api/orders/order_number/?number=${placed.order_number}`)).body).not.toContain('Call before 5 pm');
  });

  it('refuses each role what it may not do with 403, and changes nothing', async () => {
    const { placed } = await codOrder();
    const cases: [StaffRole, string, Record<string, unknown>][] = [
      ['support', 'confirm', {}],
      ['support', 'pack', {}],
      ['fulfilment', 'cancel', { reason: 'no' }],
    ];
    for (const [role, action, body] of cases) {
      const staff = await signedInStaff(t, role);
      const response = await staff.act(placed.id, action, body);
      expect(response.statusCode, `${role} ${action}`).toBe(403);
      expect(response.json()).toMatchObject({ code: 'permission_denied' });
    }
    const support = await signedInStaff(t, 'support');
    expect((await support.post('/api/staff/orders/bulk/', { action: 'confirm', orders: [{ id: placed.id, version: 1 }] })).statusCode).toBe(
      403,
    );
    const now = await support.order(placed.id);
    expect(now).toMatchObject({ status: 'placed', version: placed.id ? now.version : 0 });
    expect(now.timeline).toHaveLength(1);
    expect(now.audit).toHaveLength(0);
  });

  it('lets one of two staff acting at once win; the other gets 409 with the order as it is now', async () => {
    const { placed } = await codOrder();
    const [a, b] = [await signedInStaff(t, 'fulfilment'), await signedInStaff(t, 'manager')];
    const { version } = await a.order(placed.id);
    const [first, second] = await Promise.all([
      a.post(`/api/staff/orders/${placed.id}/confirm/`, { version }),
      b.post(`/api/staff/orders/${placed.id}/cancel/`, { version, reason: 'duplicate' }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    const winner = first.statusCode === 200 ? first : second;
    expect(loser.json()).toMatchObject({ code: 'order_changed', order: { status: StaffOrder.parse(winner.json()).status } });
    // A stale version later is refused the same way.
    expect((await a.post(`/api/staff/orders/${placed.id}/pack/`, { version })).statusCode).toBe(409);
  });

  it('confirms in bulk, each order on its own', async () => {
    const [one, two] = [await codOrder(), await codOrder()];
    const manager = await signedInStaff(t, 'manager');
    const result = StaffBulkResult.parse(
      (
        await manager.post('/api/staff/orders/bulk/', {
          action: 'confirm',
          orders: [
            { id: one.placed.id, version: (await manager.order(one.placed.id)).version },
            { id: two.placed.id, version: 999 },
          ],
        })
      ).json(),
    );
    expect(result.done).toEqual([one.placed.id]);
    expect(result.failed).toEqual([expect.objectContaining({ id: two.placed.id, code: 'order_changed' })]);
  });

  it('hands several parcels to one courier in bulk, each with its tracking number the shopper then sees', async () => {
    const [one, two, waiting] = [await codOrder(), await codOrder(), await codOrder()];
    const fulfilment = await signedInStaff(t, 'fulfilment');
    for (const { placed } of [one, two]) {
      expect((await fulfilment.act(placed.id, 'confirm')).statusCode).toBe(200);
      expect((await fulfilment.act(placed.id, 'pack')).statusCode).toBe(200);
    }
    const parcel = async (order: Order, tracking_number: string) => ({
      id: order.id,
      version: (await fulfilment.order(order.id)).version,
      tracking_number,
    });
    const handOver = (orders: unknown[], role = fulfilment) =>
      role.post('/api/staff/orders/bulk/', { action: 'ship', courier: 'Bosta', orders });

    // The same number scanned twice, no courier, a missing number: 400, nothing handed over.
    for (const orders of [[await parcel(one.placed, 'BST-1'), await parcel(two.placed, 'bst-1')], [{ id: one.placed.id, version: 1 }]]) {
      expect((await handOver(orders)).statusCode).toBe(400);
    }
    expect(
      (await fulfilment.post('/api/staff/orders/bulk/', { action: 'ship', orders: [await parcel(one.placed, 'BST-1')] })).statusCode,
    ).toBe(400);
    // Support do not run the shelf.
    const support = await signedInStaff(t, 'support');
    expect((await handOver([await parcel(one.placed, 'BST-1')], support)).statusCode).toBe(403);
    expect((await fulfilment.order(one.placed.id)).status).toBe('packed');

    const result = StaffBulkResult.parse(
      (
        await handOver([
          await parcel(one.placed, 'BST-1001'),
          await parcel(two.placed, 'BST-1002'),
          await parcel(waiting.placed, 'BST-1003'),
        ])
      ).json(),
    );
    expect(result.done).toEqual([one.placed.id, two.placed.id]);
    expect(result.failed).toEqual([expect.objectContaining({ id: waiting.placed.id, code: 'invalid_transition' })]);
    const mine = Order.parse((await two.s.get(`/api/orders/order_number/?number=${two.placed.order_number}`)).json());
    expect(mine).toMatchObject({ status: 'shipped', courier: { name: 'Bosta', tracking_number: 'BST-1002' } });
    expect((await fulfilment.order(one.placed.id)).audit.find((a) => a.action === 'order.ship')).toMatchObject({
      staff: { id: fulfilment.id },
      after: { status: 'shipped', courier_name: 'Bosta', tracking_number: 'BST-1001' },
    });
  });

  it('marks a courier’s remittance delivered in bulk: the cash of each cash order, none for a paid card order', async () => {
    const fulfilment = await signedInStaff(t, 'fulfilment');
    const [one, two, waiting] = [await codOrder(), await codOrder(), await codOrder()];
    const card = await cardOrder();
    await card.pay();
    for (const id of [one.placed.id, two.placed.id, card.placed.id]) await ship(fulfilment, id);
    const remittance = async () => ({
      action: 'deliver',
      orders: [
        { id: one.placed.id, version: (await fulfilment.order(one.placed.id)).version, cash_collected: one.placed.total },
        // The courier came back short: recorded as handed over, as a single delivery would.
        { id: two.placed.id, version: (await fulfilment.order(two.placed.id)).version, cash_collected: two.placed.total - 10.5 },
        { id: card.placed.id, version: (await fulfilment.order(card.placed.id)).version, cash_collected: 5 },
        { id: waiting.placed.id, version: (await fulfilment.order(waiting.placed.id)).version, cash_collected: waiting.placed.total },
      ],
    });
    const request = await remittance();

    // Support do not run the shelf; a missing or negative amount is refused whole.
    const support = await signedInStaff(t, 'support');
    expect((await support.post('/api/staff/orders/bulk/', request)).json()).toMatchObject({ code: 'permission_denied' });
    const [first] = request.orders;
    for (const bad of [
      { id: first!.id, version: first!.version },
      { ...first, cash_collected: -1 },
      { ...first, cash_collected: 'all' },
    ]) {
      expect((await fulfilment.post('/api/staff/orders/bulk/', { action: 'deliver', orders: [bad] })).statusCode).toBe(400);
    }
    expect((await fulfilment.order(one.placed.id)).status).toBe('shipped');

    const result = StaffBulkResult.parse((await fulfilment.post('/api/staff/orders/bulk/', request)).json());
    expect(result.done).toEqual([one.placed.id, two.placed.id, card.placed.id]);
    expect(result.failed).toEqual([expect.objectContaining({ id: waiting.placed.id, code: 'invalid_transition' })]);
    const after = async () =>
      Promise.all(
        [one, two, card, waiting].map(async ({ placed }) => {
          const order = await fulfilment.order(placed.id);
          return [order.status, order.cash_collected, order.version, order.audit.length];
        }),
      );
    const delivered = await after();
    expect(delivered.map(([status, cash]) => [status, cash])).toEqual([
      ['delivered', one.placed.total],
      ['delivered', two.placed.total - 10.5],
      ['delivered', null],
      ['placed', null],
    ]);
    expect((await fulfilment.order(two.placed.id)).audit.at(-1)).toMatchObject({
      action: 'order.deliver',
      staff: { id: fulfilment.id },
      after: { status: 'delivered', cash_collected_piastres: Math.round((two.placed.total - 10.5) * 100) },
    });

    // The same remittance sent again: every order is past the version it names, nothing changes.
    const again = StaffBulkResult.parse((await fulfilment.post('/api/staff/orders/bulk/', request)).json());
    expect(again.done).toEqual([]);
    expect(again.failed.map((failure) => failure.code)).toEqual(['order_changed', 'order_changed', 'order_changed', 'invalid_transition']);
    expect(await after()).toEqual(delivered);
  });

  it('cancels in bulk for one reason: stock comes back for each, what cannot be cancelled stays', async () => {
    const [one, two, gone] = [await codOrder(50_000, 3), await codOrder(50_000, 3), await codOrder(50_000, 3)];
    const manager = await signedInStaff(t, 'manager');
    const support = await signedInStaff(t, 'support');
    const extra = await codOrder(50_000, 3);
    for (const action of ['confirm', 'pack']) expect((await manager.act(two.placed.id, action)).statusCode).toBe(200);
    expect((await manager.act(gone.placed.id, 'cancel', { reason: 'Duplicate' })).statusCode).toBe(200);
    await ship(manager, one.placed.id);
    const orders = await Promise.all(
      [extra, two, one, gone].map(async ({ placed }) => ({ id: placed.id, version: (await manager.order(placed.id)).version })),
    );
    const cancel = (role = support, reason = 'Courier strike') =>
      role.post('/api/staff/orders/bulk/', { action: 'cancel', reason, orders });

    // Fulfilment do not cancel; no reason is refused whole.
    const fulfilment = await signedInStaff(t, 'fulfilment');
    expect((await cancel(fulfilment)).json()).toMatchObject({ code: 'permission_denied' });
    expect((await cancel(support, ' ')).statusCode).toBe(400);
    expect(await f.stock(extra.productId)).toBe(2);

    const result = StaffBulkResult.parse((await cancel()).json());
    expect(result.done).toEqual([extra.placed.id, two.placed.id]);
    // A shipped parcel is cancelled only when its courier brings it back; a cancelled order was already.
    expect(result.failed).toEqual([
      expect.objectContaining({ id: one.placed.id, code: 'invalid_transition' }),
      expect.objectContaining({ id: gone.placed.id, code: 'invalid_transition' }),
    ]);
    const stock = () => Promise.all([extra, two, one, gone].map(({ productId }) => f.stock(productId)));
    expect(await stock()).toEqual([3, 3, 2, 3]);
    expect(await support.order(two.placed.id)).toMatchObject({ status: 'cancelled', status_reason: 'Courier strike' });
    expect((await support.order(extra.placed.id)).audit.at(-1)).toMatchObject({
      action: 'order.cancel',
      staff: { id: support.id },
      after: { status: 'cancelled', status_reason: 'Courier strike' },
    });

    // Sent again: nothing comes back twice.
    const again = StaffBulkResult.parse((await cancel()).json());
    expect(again.done).toEqual([]);
    expect(again.failed.map((failure) => failure.code)).toEqual([
      'order_changed',
      'order_changed',
      'invalid_transition',
      'invalid_transition',
    ]);
    expect(await stock()).toEqual([3, 3, 2, 3]);
  });

  it('answers 404 for an unknown order and 400 for a malformed one', async () => {
    const manager = await signedInStaff(t, 'manager');
    expect((await manager.get('/api/staff/orders/99999999/')).statusCode).toBe(404);
    expect((await manager.get('/api/staff/orders/abc/')).statusCode).toBe(400);
    expect((await manager.post('/api/staff/orders/99999999/confirm/', { version: 1 })).statusCode).toBe(404);
    expect((await manager.post('/api/staff/orders/1/confirm/', { version: 'one' })).statusCode).toBe(400);
  });
});
