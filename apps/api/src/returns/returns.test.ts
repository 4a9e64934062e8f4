import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Order, PointsResponse, StaffOrder, StaffReturnRow, paginated, type StaffRole } from '@attar/contract';
import { useTestApp } from '../test/app';
import { orderFixtures } from '../test/orders';
import { signedInStaff, type StaffCaller } from '../test/staff';

const t = useTestApp({ JOBS: 'on' });
const f = orderFixtures(t);
const DELIVER: [string, Record<string, unknown>][] = [
  ['confirm', {}],
  ['pack', {}],
  ['ship', { courier: 'Bosta', tracking_number: 'BST-7' }],
];

/** A delivered order of two fresh products (2 × 300 LE and 1 × 200 LE), by a new signed-in shopper. */
async function deliveredOrder(paymentMethod: 'cod' | 'card') {
  const s = await f.shopperWithAddress();
  const [first, second] = [await f.productWithStock(5, 30_000), await f.productWithStock(5, 20_000)];
  await s.post('/api/cart-products/', { product: first, quantity: 2 });
  await s.post('/api/cart-products/', { product: second, quantity: 1 });
  const placed = Order.parse((await f.order(s, { address: s.addressId, payment_method: paymentMethod })).json());
  if (paymentMethod === 'card') await f.payOnTestGateway(placed.id);
  const staff = await signedInStaff(t, 'fulfilment');
  for (const [action, body] of DELIVER) expect((await staff.act(placed.id, action, body)).statusCode).toBe(200);
  const deliver = await staff.act(placed.id, 'deliver', paymentMethod === 'cod' ? { cash_collected: placed.total } : {});
  expect(deliver.statusCode, deliver.body).toBe(200);
  const line = (productId: number) => placed.items.find((item) => item.product_obj?.id === productId)!.id;
  return { s, placed, first, second, firstLine: line(first), secondLine: line(second) };
}

const points = async (s: { get(url: string): Promise<{ json(): unknown }> }) =>
  PointsResponse.parse((await s.get('/api/users/points/')).json());

/**
 * The shopper's messages about this order once `last` has arrived (the queue sends one job after another, and the
 * tests before this one queued theirs first).
 */
async function messagesAbout(orderNumber: string, last: string) {
  const deadline = Date.now() + 50_000;
  for (;;) {
    const rows = await f.db().rows<{ body: string }>(sql`
      SELECT body FROM outbox_messages WHERE channel = 'sms' AND body LIKE ${`%${orderNumber}%`} ORDER BY id`);
    const bodies = rows.map((row) => row.body);
    if (bodies.includes(last) || Date.now() > deadline) return bodies;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('refunds in part and in full', () => {
  it('refund a card order by line through the gateway, a unit once, never more than was paid, points in proportion', async () => {
    const { s, placed, first, second, firstLine, secondLine } = await deliveredOrder('card');
    const manager = await signedInStaff(t, 'manager');
    const before = await points(s);
    expect(before.points).toBe(placed.points_earned);

    const part = await manager.refund(placed.id, {
      reason: 'One bottle arrived broken',
      lines: [{ item: firstLine, quantity: 1, restock: false }],
    });
    expect(part.statusCode, part.body).toBe(201);
    const afterPart = StaffOrder.parse(part.json());
    // 300 of the 800 the goods cost: 300 LE back, through the test gateway, and 3/8 of the points earned.
    expect(afterPart).toMatchObject({ status: 'delivered', refunded: 300 });
    expect(afterPart.payments[0]).toMatchObject({
      status: 'paid',
      refunded: 300,
      refunds: [expect.objectContaining({ amount: 300, status: 'confirmed' })],
    });
    expect(afterPart.refunds).toEqual([
      expect.objectContaining({ amount: 300, lines: [{ item: firstLine, quantity: 1, restocked: false }], points_reversed: 30 }),
    ]);
    expect(await f.stock(first)).toBe(3);
    expect((await points(s)).points).toBe(before.points - 30);

    const unchanged = async () => {
      const now = await manager.order(placed.id);
      expect(now).toMatchObject({ refunded: 300, version: afterPart.version });
      expect(await f.stock(first)).toBe(3);
    };
    const tooMany = await manager.refund(placed.id, { reason: 'x', lines: [{ item: firstLine, quantity: 2, restock: true }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ 'lines.0.quantity': ['Only 1 of this line can still be refunded.'] });
    const twice = await manager.refund(placed.id, {
      reason: 'x',
      lines: [
        { item: firstLine, quantity: 1, restock: true },
        { item: firstLine, quantity: 1, restock: true },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const aboveLeft = await manager.refund(placed.id, { reason: 'x', amount: placed.total - 300 + 0.01 });
    expect(aboveLeft.statusCode).toBe(400);
    expect(aboveLeft.json()).toEqual({ amount: [`Only ${placed.total - 300} LE of this order is left to refund.`] });
    const stale = await manager.call('POST', `/api/staff/orders/${placed.id}/refunds/`, {
      version: placed.id && 1,
      reason: 'x',
      amount: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'order_changed', order: { id: placed.id, refunded: 300 } });
    const foreign = await manager.refund(placed.id, { reason: 'x', lines: [{ item: 2_000_000, quantity: 1, restock: true }] });
    expect(foreign.statusCode).toBe(400);
    await unchanged();

    // The rest, and the delivery fee: the order is refunded in full and every point earned is taken back.
    const rest = await manager.refund(placed.id, {
      reason: 'Returned',
      lines: [
        { item: firstLine, quantity: 1, restock: true },
        { item: secondLine, quantity: 1, restock: true },
      ],
      amount: placed.total - 300,
    });
    expect(rest.statusCode, rest.body).toBe(201);
    const full = StaffOrder.parse(rest.json());
    expect(full).toMatchObject({ status: 'refunded', refunded: placed.total });
    expect(full.payments[0]).toMatchObject({ status: 'refunded', refunded: placed.total });
    expect(full.refunds.reduce((sum, r) => sum + r.points_reversed, 0)).toBe(placed.points_earned);
    expect([await f.stock(first), await f.stock(second)]).toEqual([4, 5]);
    expect((await points(s)).points).toBe(before.points - placed.points_earned);
    expect(full.audit.filter((a) => a.action === 'order.refund')).toHaveLength(2);
    expect((await manager.refund(placed.id, { reason: 'again', amount: 1 })).json()).toMatchObject({ code: 'not_refundable' });

    // The shopper sees what came back.
    const mine = Order.parse((await s.get(`/api/orders/order_number/?number=${placed.order_number}`)).json());
    expect(mine).toMatchObject({ status: 'refunded', refunded: placed.total, returnable_until: null });
    expect(mine.refunds).toHaveLength(2);
    const refundedText = (amount: number) => `Attar: ${amount} LE of your order ${placed.order_number} has been refunded.`;
    expect(await messagesAbout(placed.order_number, refundedText(placed.total - 300))).toEqual(
      expect.arrayContaining([refundedText(300), refundedText(placed.total - 300)]),
    );
  }, 90_000);

  it('lets one of two staff refunding the same unit at once win', async () => {
    const { placed, firstLine } = await deliveredOrder('cod');
    const [a, b] = [await signedInStaff(t, 'manager'), await signedInStaff(t, 'owner')];
    const { version } = await a.order(placed.id);
    const body = { version, reason: 'broken', lines: [{ item: firstLine, quantity: 2, restock: false }], cash_method: 'counter' };
    const answers = await Promise.all([a, b].map((staff) => staff.post(`/api/staff/orders/${placed.id}/refunds/`, body)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await a.order(placed.id)).refunds).toHaveLength(1);
  });

  it('gives a cash order’s money back the way staff say, a transfer with where it went, and tells the shopper how', async () => {
    const { placed, firstLine } = await deliveredOrder('cod');
    const manager = await signedInStaff(t, 'manager');
    const line = [{ item: firstLine, quantity: 1, restock: true }];
    const unchanged = async () => {
      const now = await manager.order(placed.id);
      expect(now).toMatchObject({ refunded: 0, refunds: [] });
      expect(now.items.find((item) => item.id === firstLine)).toMatchObject({ refunded_quantity: 0 });
    };
    const untold = await manager.refund(placed.id, { reason: 'broken', lines: line });
    expect(untold.statusCode).toBe(400);
    expect(untold.json()).toEqual({ cash_method: ['Say how the cash goes back to the shopper.'] });
    const nowhere = await manager.refund(placed.id, { reason: 'broken', lines: line, cash_method: 'instapay', cash_reference: ' ' });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json()).toEqual({ cash_reference: ['Say where the money was sent.'] });
    expect((await manager.refund(placed.id, { reason: 'broken', lines: line, cash_method: 'cheque' })).statusCode).toBe(400);
    await unchanged();

    const sent = await manager.refund(placed.id, {
      reason: 'broken',
      lines: line,
      cash_method: 'instapay',
      cash_reference: ' mai@instapay ',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const refunded = StaffOrder.parse(sent.json());
    expect(refunded.refunds).toEqual([expect.objectContaining({ amount: 300, cash_method: 'instapay', cash_reference: 'mai@instapay' })]);
    // A method for cash handed over keeps no reference.
    const handed = await manager.refund(placed.id, { reason: 'goodwill', amount: 10, cash_method: 'counter', cash_reference: 'x' });
    expect(StaffOrder.parse(handed.json()).refunds[1]).toMatchObject({ cash_method: 'counter', cash_reference: null });
    expect(refunded.audit.find((a) => a.action === 'order.refund')?.after).toMatchObject({
      cash_method: 'instapay',
      cash_reference: 'mai@instapay',
    });
    const number = placed.order_number;
    const told = `Attar: 300 LE of your order ${number} has been refunded by InstaPay.`;
    expect(await messagesAbout(number, told)).toContain(told);

    // An online order's money goes back through its gateway: a cash method for it is refused.
    const card = await deliveredOrder('card');
    const online = await manager.refund(card.placed.id, { reason: 'x', amount: 10, cash_method: 'counter' });
    expect(online.statusCode).toBe(400);
    expect(online.json()).toEqual({ cash_method: ['This order was paid online: its money goes back through the payment gateway.'] });

    // The database keeps it so whoever writes the row: a cash refund of money names its method, an online one none.
    const insert = (orderId: number, method: string | null, reference: string | null) =>
      f.db().rows(sql`INSERT INTO order_refunds (order_id, staff_id, amount_piastres, reason, cash_method, cash_reference)
        SELECT ${orderId}, staff_id, 100, 'by hand', ${method}, ${reference} FROM order_refunds WHERE order_id = ${placed.id} LIMIT 1`);
    await expect(insert(placed.id, null, null)).rejects.toThrow();
    await expect(insert(placed.id, 'wallet', null)).rejects.toThrow();
    await expect(insert(placed.id, 'counter', '123')).rejects.toThrow();
    await expect(insert(card.placed.id, 'counter', null)).rejects.toThrow();
  }, 90_000);

  it('is refused to roles that may not refund, and each return step to roles that may not take it', async () => {
    const { s, placed, firstLine } = await deliveredOrder('cod');
    for (const role of ['fulfilment', 'support'] as StaffRole[]) {
      const staff = await signedInStaff(t, role);
      const response = await staff.refund(placed.id, { reason: 'no', amount: 10 });
      expect(response.statusCode, role).toBe(403);
    }
    expect((await s.post(`/api/orders/${placed.id}/returns/`, { reason: 'Wrong scent' })).statusCode).toBe(201);
    const [ret] = (await signedInStaff(t, 'owner').then((o) => o.order(placed.id))).returns!;
    const cases: [StaffRole, string, unknown][] = [
      ['fulfilment', 'approve', {}],
      ['fulfilment', 'reject', { message: 'no' }],
      ['support', 'receive', { lines: [{ item: firstLine, restock: true }] }],
      ['support', 'refund', {}],
      ['fulfilment', 'refund', {}],
    ];
    for (const [role, step, body] of cases) {
      const staff = await signedInStaff(t, role);
      expect((await staff.post(`/api/staff/returns/${ret!.id}/${step}/`, body)).statusCode, `${role} ${step}`).toBe(403);
    }
    // A shopper's token opens no staff call.
    const asShopper = await t.app.inject({ method: 'GET', url: '/api/staff/returns/', headers: { authorization: `Token ${s.token}` } });
    expect(asShopper.statusCode).toBe(401);
    const owner = await signedInStaff(t, 'owner');
    expect((await owner.order(placed.id)).returns).toEqual([expect.objectContaining({ status: 'requested' })]);
    expect((await owner.order(placed.id)).refunds).toEqual([]);
  });
});

describe('returns', () => {
  /** Takes a return through its steps as staff of the roles allowed each. */
  async function staffFor() {
    return {
      support: await signedInStaff(t, 'support'),
      fulfilment: await signedInStaff(t, 'fulfilment'),
      manager: await signedInStaff(t, 'manager'),
    };
  }
  const step = (staff: StaffCaller, id: number, name: string, body: unknown = {}) => staff.post(`/api/staff/returns/${id}/${name}/`, body);

  it('a shopper returns some units; staff approve, receive and refund; the shopper sees each step and is told', async () => {
    const { s, placed, first, second, firstLine } = await deliveredOrder('cod');
    expect(placed.returnable_until).toBeNull();
    const delivered = Order.parse((await s.get(`/api/orders/order_number/?number=${placed.order_number}`)).json());
    expect(Date.parse(delivered.returnable_until!) - Date.now()).toBeGreaterThan(13.9 * 86_400_000);

    const stranger = await f.shopperWithAddress();
    expect((await stranger.post(`/api/orders/${placed.id}/returns/`, { reason: 'mine now' })).statusCode).toBe(404);
    const tooMany = await s.post(`/api/orders/${placed.id}/returns/`, { reason: 'x', lines: [{ item: firstLine, quantity: 3 }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ 'lines.0.quantity': ['Only 2 of this line can still be returned.'] });
    expect((await s.post(`/api/orders/${placed.id}/returns/`, { reason: '' })).statusCode).toBe(400);

    const asked = await s.post(`/api/orders/${placed.id}/returns/`, { reason: 'Not my scent', lines: [{ item: firstLine, quantity: 1 }] });
    expect(asked.statusCode, asked.body).toBe(201);
    const requested = Order.parse(asked.json());
    expect(requested.returns).toEqual([
      expect.objectContaining({ status: 'requested', reason: 'Not my scent', lines: [{ item: firstLine, quantity: 1, restocked: null }] }),
    ]);
    expect(requested.returnable_until).toBeNull();
    expect((await s.post(`/api/orders/${placed.id}/returns/`, { reason: 'again' })).json()).toMatchObject({ code: 'return_under_way' });
    const id = requested.returns![0]!.id;

    const { support, fulfilment, manager } = await staffFor();
    const queue = paginated(StaffReturnRow).parse((await support.get('/api/staff/returns/?status=requested&page_size=100')).json());
    expect(queue.results.map((r) => r.id)).toContain(id);
    expect((await step(fulfilment, id, 'receive', { lines: [{ item: firstLine, restock: true }] })).json()).toMatchObject({
      code: 'invalid_transition',
    });
    expect((await step(support, id, 'approve', { message: 'Please keep the box.' })).statusCode).toBe(200);
    expect((await step(support, id, 'approve')).json()).toMatchObject({ code: 'invalid_transition' });
    const wrongLines = await step(fulfilment, id, 'receive', { lines: [{ item: firstLine + 1, restock: true }] });
    expect(wrongLines.statusCode).toBe(400);
    const received = await step(fulfilment, id, 'receive', { lines: [{ item: firstLine, restock: true }] });
    expect(received.statusCode, received.body).toBe(200);
    expect(await f.stock(first)).toBe(4);
    // Cash: how it goes back is asked, and nothing moves until it is said.
    expect((await step(manager, id, 'refund')).json()).toEqual({ cash_method: ['Say how the cash goes back to the shopper.'] });
    expect((await manager.order(placed.id)).returns![0]).toMatchObject({ status: 'received' });
    const refunded = StaffOrder.parse((await step(manager, id, 'refund', { cash_method: 'courier' })).json());
    expect(refunded).toMatchObject({ status: 'delivered', refunded: 300 });
    expect(refunded.refunds).toEqual([
      expect.objectContaining({
        amount: 300,
        return_id: id,
        cash_method: 'courier',
        cash_reference: null,
        lines: [expect.objectContaining({ restocked: false })],
      }),
    ]);
    // Restocked once, at receipt.
    expect([await f.stock(first), await f.stock(second)]).toEqual([4, 4]);

    const mine = Order.parse((await s.get(`/api/orders/order_number/?number=${placed.order_number}`)).json());
    expect(mine.returns).toEqual([
      expect.objectContaining({
        status: 'refunded',
        staff_message: 'Please keep the box.',
        lines: [{ item: firstLine, quantity: 1, restocked: true }],
        decided_at: expect.any(String),
        received_at: expect.any(String),
        refunded_at: expect.any(String),
      }),
    ]);
    // What is left can still be returned.
    expect(mine.returnable_until).not.toBeNull();
    expect(mine.items.find((item) => item.id === firstLine)).toMatchObject({ refunded_quantity: 1, return_quantity: 0 });
    const number = placed.order_number;
    const told = `Attar: 300 LE of your order ${number} has been refunded in cash by our courier.`;
    expect(await messagesAbout(number, told)).toEqual(
      expect.arrayContaining([
        `Attar: we received your request to return items from order ${number}. We will reply soon.`,
        `Attar: your return for order ${number} is approved. Our courier will collect the items. Please keep the box.`,
        `Attar: we received the items you returned from order ${number}.`,
        told,
      ]),
    );
    expect((await manager.order(placed.id)).audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['return.approve', 'return.receive', 'return.refund', 'order.refund']),
    );
  }, 90_000);

  it('rejects with a reason, after which the units can be asked for again; the whole order by default', async () => {
    const { s, placed } = await deliveredOrder('cod');
    const whole = Order.parse((await s.post(`/api/orders/${placed.id}/returns/`, { reason: 'Changed my mind' })).json());
    expect(whole.returns![0]!.lines.map((l) => l.quantity)).toEqual([2, 1]);
    const { support } = await staffFor();
    expect((await step(support, whole.returns![0]!.id, 'reject', { message: '' })).statusCode).toBe(400);
    const rejected = StaffOrder.parse((await step(support, whole.returns![0]!.id, 'reject', { message: 'The seal is broken.' })).json());
    expect(rejected.returns![0]).toMatchObject({ status: 'rejected', staff_message: 'The seal is broken.' });
    expect(rejected.items.every((item) => item.return_quantity === 0)).toBe(true);
    expect((await s.post(`/api/orders/${placed.id}/returns/`, { reason: 'Please look again' })).statusCode).toBe(201);
  });

  it('only for a delivered order, within the returns window', async () => {
    const s = await f.shopperWithAddress();
    await s.post('/api/cart-products/', { product: await f.productWithStock(3, 10_000), quantity: 1 });
    const placed = Order.parse((await f.order(s, { address: s.addressId, payment_method: 'cod' })).json());
    expect((await s.post(`/api/orders/${placed.id}/returns/`, { reason: 'x' })).json()).toMatchObject({ code: 'not_returnable' });

    const late = await deliveredOrder('cod');
    await f.db().rows(sql`UPDATE orders SET delivered_at = now() - interval '15 days' WHERE id = ${late.placed.id}`);
    const closed = await late.s.post(`/api/orders/${late.placed.id}/returns/`, { reason: 'x' });
    expect(closed.statusCode).toBe(400);
    expect(closed.json()).toMatchObject({ code: 'return_window_closed', detail: 'Returns are accepted within 14 days of delivery.' });
    await f.db().rows(sql`UPDATE site_config SET returns_window_days = 30`);
    expect((await late.s.post(`/api/orders/${late.placed.id}/returns/`, { reason: 'x' })).statusCode).toBe(201);
    await f.db().rows(sql`UPDATE site_config SET returns_window_days = 14`);
  });
});
