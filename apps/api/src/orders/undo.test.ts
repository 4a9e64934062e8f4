import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorBody, NotificationPage, Order, StaffOrder } from '@attar/contract';
import { useTestApp } from '../test/app';
import { orderFixtures } from '../test/orders';
import { useOutboxWorker } from '../test/outbox';
import { signedInStaff } from '../test/staff';

const t = useTestApp();
const f = orderFixtures(t);
const { drainAll } = useOutboxWorker(t);

type Staff = Awaited<ReturnType<typeof signedInStaff>>;

async function codOrder() {
  const s = await f.shopperWithAddress();
  await s.post('/api/cart-products/', { product: await f.productWithStock(5), quantity: 1 });
  const response = await f.order(s, { address: s.addressId, payment_method: 'cod' });
  expect(response.statusCode, response.body).toBe(201);
  return { shopper: s, order: Order.parse(response.json()) };
}

/** Takes a step and answers the order as the API returned it. */
async function step(staff: Staff, id: number, action: string, body: Record<string, unknown> = {}) {
  const response = await staff.act(id, action, body);
  expect(response.statusCode, response.body).toBe(200);
  return StaffOrder.parse(response.json());
}
const undo = (staff: Staff, order: { id: number; version: number }, headers: Record<string, string> = {}) =>
  staff.call('POST', `/api/staff/orders/${order.id}/undo/`, { version: order.version }, headers);
/** Moves the order's last step `seconds` into the past (the codebase's clock: rows aged in the database). */
const ageLastMove = (id: number, seconds: number) =>
  f.db().rows(sql`UPDATE order_status_history SET created_at = now() - make_interval(secs => ${seconds})
    WHERE id = (SELECT max(id) FROM order_status_history WHERE order_id = ${id})`);
const statusMessages = (id: number, status: string) =>
  f
    .db()
    .rows<{ state: string }>(
      sql`SELECT state FROM queued_messages WHERE order_id = ${id} AND key LIKE ${`order:${id}:status:${status}:%`}`,
    );
/** What an order is made of besides its status: nothing of it may change when an undo is refused. */
const trace = async (id: number) =>
  f.db().rows(sql`
    SELECT o.status, o.version, (SELECT count(*)::int FROM order_status_history h WHERE h.order_id = o.id) AS moves,
      (SELECT count(*)::int FROM queued_messages q WHERE q.order_id = o.id) AS messages,
      (SELECT count(*)::int FROM audit_log a WHERE a.entity = 'order' AND a.entity_id = o.id::text) AS audited
    FROM orders o WHERE o.id = ${id}`);

describe('undoing a step taken by mistake', () => {
  it('takes back a pack within the minute, audited, and only once', async () => {
    const { order } = await codOrder();
    const fulfilment = await signedInStaff(t, 'fulfilment');
    await step(fulfilment, order.id, 'confirm');
    const packed = await step(fulfilment, order.id, 'pack');
    expect(packed.undo).toMatchObject({ action: 'pack', status: 'confirmed' });
    expect(Date.parse(packed.undo!.until) - Date.now()).toBeGreaterThan(50_000);

    // Another member who may pack may take it back.
    const colleague = await signedInStaff(t, 'manager');
    const undone = await undo(colleague, packed);
    expect(undone.statusCode, undone.body).toBe(200);
    const back = StaffOrder.parse(undone.json());
    expect(back).toMatchObject({ status: 'confirmed', version: packed.version + 1, undo: null });
    expect(back.timeline.slice(-2).map((event) => [event.from, event.to, event.staff?.id])).toEqual([
      ['confirmed', 'packed', fulfilment.id],
      ['packed', 'confirmed', colleague.id],
    ]);
    expect(back.audit.at(-1)).toMatchObject({
      action: 'order.undo',
      staff: { id: colleague.id },
      before: { status: 'packed' },
      after: { status: 'confirmed', undone: 'order.pack' },
    });
    // The undo is no step to undo; the confirm before it is not the last move any more.
    expect((await undo(colleague, back)).json()).toMatchObject({ code: 'undo_unavailable' });
    // And it can be packed again.
    expect((await step(fulfilment, order.id, 'pack')).status).toBe('packed');
  });

  it('withdraws a confirm’s unsent messages and notification with it, so confirming again tells the shopper afresh', async () => {
    const { shopper, order } = await codOrder();
    const fulfilment = await signedInStaff(t, 'fulfilment');
    const confirmed = await step(fulfilment, order.id, 'confirm');
    expect((await statusMessages(order.id, 'confirmed')).length).toBeGreaterThan(0);
    const bell = async () => NotificationPage.parse((await shopper.get('/api/notifications/')).json()).results;
    expect((await bell()).some((n) => n.kind === 'order_status' && n.params.status === 'confirmed')).toBe(true);

    const undone = await undo(fulfilment, confirmed);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(StaffOrder.parse(undone.json()).status).toBe('placed');
    expect(await statusMessages(order.id, 'confirmed')).toEqual([]);
    expect((await bell()).some((n) => n.kind === 'order_status' && n.params.status === 'confirmed')).toBe(false);

    await step(fulfilment, order.id, 'confirm');
    await drainAll();
    const again = await statusMessages(order.id, 'confirmed');
    expect(again.length).toBeGreaterThan(0);
    expect(again.every((message) => message.state === 'sent')).toBe(true);
  });

  it('is refused once the confirm’s message has gone out, and the order page stops offering it', async () => {
    const { order } = await codOrder();
    const fulfilment = await signedInStaff(t, 'fulfilment');
    const confirmed = await step(fulfilment, order.id, 'confirm');
    expect(confirmed.undo).toMatchObject({ action: 'confirm', status: 'placed' });
    await drainAll();
    expect((await fulfilment.order(order.id)).undo).toBeNull();
    const before = await trace(order.id);
    const refused = await undo(fulfilment, confirmed);
    expect(refused.statusCode).toBe(409);
    expect(ErrorBody.parse(refused.json())).toMatchObject({
      code: 'undo_message_sent',
      detail: expect.stringContaining('already been told'),
    });
    expect(await trace(order.id)).toEqual(before);
  });

  it('is allowed within the minute and refused after it', async () => {
    const { order } = await codOrder();
    const fulfilment = await signedInStaff(t, 'fulfilment');
    await step(fulfilment, order.id, 'confirm');
    const packed = await step(fulfilment, order.id, 'pack');
    await ageLastMove(order.id, 55);
    expect((await fulfilment.order(order.id)).undo).not.toBeNull();
    await ageLastMove(order.id, 61);
    expect((await fulfilment.order(order.id)).undo).toBeNull();
    const before = await trace(order.id);
    const late = await undo(fulfilment, packed, { 'accept-language': 'ar' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ code: 'undo_expired', detail: 'فات أوان التراجع: يمكن التراجع عن الخطوة خلال الدقيقة التالية لها فقط.' });
    expect(await trace(order.id)).toEqual(before);

    const other = await codOrder();
    const confirmed = await step(fulfilment, other.order.id, 'confirm');
    await ageLastMove(other.order.id, 55);
    expect((await undo(fulfilment, confirmed)).statusCode).toBe(200);
  });

  it('is only for the roles that may take the step, and refuses hand-over, delivery and cancelling', async () => {
    const { order } = await codOrder();
    const fulfilment = await signedInStaff(t, 'fulfilment');
    const support = await signedInStaff(t, 'support');
    const packed = (await step(fulfilment, order.id, 'confirm'), await step(fulfilment, order.id, 'pack'));
    const before = await trace(order.id);
    const denied = await undo(support, packed);
    expect(denied.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/staff/orders/${order.id}/undo/`, payload: { version: packed.version } })).statusCode,
    ).toBe(401);
    const noCsrf = await undo(fulfilment, packed, { 'x-csrf-token': 'wrong' });
    expect(noCsrf.statusCode).toBe(403);
    expect(await trace(order.id)).toEqual(before);

    const shipped = await step(fulfilment, order.id, 'ship', { courier: 'Mandoub', tracking_number: `M-${order.id}` });
    expect(shipped.undo).toBeNull();
    expect((await undo(fulfilment, shipped)).json()).toMatchObject({ code: 'undo_unavailable' });
    const delivered = await step(fulfilment, order.id, 'deliver', { cash_collected: shipped.total });
    expect((await undo(fulfilment, delivered)).json()).toMatchObject({ code: 'undo_unavailable' });

    const owner = await signedInStaff(t, 'owner');
    const other = await codOrder();
    const cancelled = await step(owner, other.order.id, 'cancel', { reason: 'Asked by phone' });
    expect(cancelled.undo).toBeNull();
    const refused = await undo(owner, cancelled);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'undo_unavailable' });
    expect((await owner.order(other.order.id)).status).toBe('cancelled');
  });

  it('names the order’s version: a stale one, bad input or an unknown order change nothing', async () => {
    const { order } = await codOrder();
    const fulfilment = await signedInStaff(t, 'fulfilment');
    const confirmed = await step(fulfilment, order.id, 'confirm');
    const packed = await step(fulfilment, order.id, 'pack');
    const before = await trace(order.id);
    // The confirm is no longer the last move: its version is gone.
    const stale = await undo(fulfilment, confirmed);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'order_changed', order: { status: 'packed', version: packed.version } });
    for (const body of [{}, { version: 'x' }, { version: 0 }, { version: 2 ** 31 }]) {
      expect((await fulfilment.post(`/api/staff/orders/${order.id}/undo/`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await fulfilment.post('/api/staff/orders/999999999/undo/', { version: 1 })).statusCode).toBe(404);
    expect((await fulfilment.post('/api/staff/orders/abc/undo/', { version: 1 })).statusCode).toBe(400);
    expect(await trace(order.id)).toEqual(before);
  });
});
