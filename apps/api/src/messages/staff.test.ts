import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorBody, Order, StaffMessage, StaffMessagePage, StaffMessagesRetried, type StaffRole } from '@attar/contract';
import { createDelivery } from '../delivery/service';
import { text } from '../i18n/catalogue';
import { createCounterStore } from '../ratelimit/counters';
import { useTestApp } from '../test/app';
import { orderFixtures } from '../test/orders';
import { signedInStaff } from '../test/staff';
import { drainDue } from './worker';

// No mail server or SMS gateway: what the worker sends lands in the development outbox.
const t = useTestApp();
const f = orderFixtures(t);

type Row = { id: number; state: string; attempts: number; last_error: string | null; next_attempt_at: string; leased_until: string | null };
const rowOf = async (id: number) =>
  (
    await f.db().rows<Row>(sql`
      SELECT id, state, attempts, last_error, to_json(next_attempt_at) #>> '{}' AS next_attempt_at, leased_until
      FROM queued_messages WHERE id = ${id}`)
  )[0]!;

/** A cash order placed by a shopper: its confirmation e-mail and SMS are queued (the worker is off here). */
async function cashOrder() {
  const s = await f.shopperWithAddress();
  await s.post('/api/cart-products/', { product: await f.productWithStock(5), quantity: 1 });
  const placed = await f.order(s, { address: s.addressId, payment_method: 'cod' });
  expect(placed.statusCode, placed.body).toBe(201);
  return Order.parse(placed.json());
}

/** The order's message on `channel`, given up on after 8 failed attempts as the worker would. */
async function deadMessage(orderId: number, channel: 'email' | 'sms') {
  const [row] = await f.db().rows<{ id: number }>(sql`
    UPDATE queued_messages SET state = 'dead', attempts = 8, last_error = '550 mailbox unavailable',
      next_attempt_at = now() + interval '1 hour'
    WHERE order_id = ${orderId} AND channel = ${channel} AND kind = 'order_status' RETURNING id`);
  return row!.id;
}

const auditCount = async (action: string, entityId: string) =>
  (
    await f.db().rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM audit_log WHERE action = ${action} AND entity = 'queued_message' AND entity_id = ${entityId}`)
  )[0]!.n;

describe('failed order messages in the back office', () => {
  it('are for owners and managers only', async () => {
    const order = await cashOrder();
    const id = await deadMessage(order.id, 'email');
    const before = await rowOf(id);
    for (const role of ['fulfilment', 'support'] as StaffRole[]) {
      const staff = await signedInStaff(t, role);
      for (const response of [
        await staff.get('/api/staff/messages/'),
        await staff.post(`/api/staff/messages/${id}/retry/`),
        await staff.post('/api/staff/messages/retry-dead/'),
        // Refused before the input is read.
        await staff.get('/api/staff/messages/?state=nonsense'),
      ]) {
        expect(response.statusCode, role).toBe(403);
        expect(ErrorBody.parse(response.json()).code).toBe('permission_denied');
      }
    }
    expect((await t.app.inject('/api/staff/messages/')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/messages/${id}/retry/` })).statusCode).toBe(401);
    for (const role of ['owner', 'manager'] as StaffRole[]) {
      expect((await (await signedInStaff(t, role)).get('/api/staff/messages/')).statusCode, role).toBe(200);
    }
    expect(await rowOf(id)).toEqual(before);
  });

  it('refuse a retry without the session’s CSRF token', async () => {
    const order = await cashOrder();
    const id = await deadMessage(order.id, 'sms');
    const manager = await signedInStaff(t, 'manager');
    for (const token of ['', 'not-the-token']) {
      const response = await manager.call('POST', `/api/staff/messages/${id}/retry/`, {}, { 'x-csrf-token': token });
      expect(response.statusCode).toBe(403);
      expect(ErrorBody.parse(response.json()).code).toBe('csrf_failed');
    }
    const all = await manager.call('POST', '/api/staff/messages/retry-dead/', {}, { 'x-csrf-token': '' });
    expect(all.statusCode).toBe(403);
    expect((await rowOf(id)).state).toBe('dead');
  });

  it('list the dead by default, newest first, with the order, recipient, what they said and why they failed', async () => {
    const older = await cashOrder();
    const newer = await cashOrder();
    const olderId = await deadMessage(older.id, 'email');
    const newerId = await deadMessage(newer.id, 'sms');
    const owner = await signedInStaff(t, 'owner');
    const list = async (query = '') => {
      const response = await owner.get(`/api/staff/messages/${query}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      return StaffMessagePage.parse(response.json());
    };

    const dead = await list();
    expect(dead.results.every((message) => message.state === 'dead')).toBe(true);
    const ids = dead.results.map((message) => message.id);
    expect(ids.indexOf(newerId)).toBeLessThan(ids.indexOf(olderId));
    expect(dead.results.find((message) => message.id === newerId)).toEqual({
      id: newerId,
      order_id: newer.id,
      order_number: newer.order_number,
      product: null,
      channel: 'sms',
      recipient: expect.stringMatching(/^\+20\d{10}$/),
      kind: 'order_status',
      status: 'placed',
      event: null,
      state: 'dead',
      attempts: 8,
      last_error: '550 mailbox unavailable',
      whatsapp_status: null,
      fell_back_at: null,
      created_at: expect.any(String),
      next_attempt_at: expect.any(String),
    });

    const pending = await list('?state=pending');
    // The order's e-mail to the shopper still waits (and so do the shop's new-order alerts); its SMS is dead.
    const pendingOfOrder = pending.results.filter((message) => message.order_id === newer.id && message.kind === 'order_status');
    expect(pendingOfOrder.map((message) => [message.channel, message.state])).toEqual([['email', 'pending']]);
    expect(pending.results.map((message) => message.id)).not.toContain(newerId);

    const first = await list('?page_size=1');
    expect(first.results).toHaveLength(1);
    expect(first.next).toContain('page=2');

    for (const bad of ['?state=held', '?state=', '?page=0', '?page_size=101', '?page=x']) {
      const response = await owner.get(`/api/staff/messages/${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(Object.values(response.json() as Record<string, unknown>).every(Array.isArray), bad).toBe(true);
    }
  });

  it('send a dead message again, once, and the worker sends it', async () => {
    const order = await cashOrder();
    const id = await deadMessage(order.id, 'email');
    const manager = await signedInStaff(t, 'manager');

    const response = await manager.post(`/api/staff/messages/${id}/retry/`);
    expect(response.statusCode, response.body).toBe(200);
    expect(StaffMessage.parse(response.json())).toMatchObject({ id, state: 'pending', attempts: 0, last_error: '550 mailbox unavailable' });
    const retried = await rowOf(id);
    expect(retried).toMatchObject({ state: 'pending', attempts: 0, leased_until: null, last_error: '550 mailbox unavailable' });
    expect(new Date(retried.next_attempt_at).getTime()).toBeLessThanOrEqual(Date.now());
    expect(await auditCount('message.retry', String(id))).toBe(1);
    const [entry] = await f.db().rows<{ staff_id: number; before: unknown; after: unknown }>(sql`
      SELECT staff_id, before, after FROM audit_log WHERE action = 'message.retry' AND entity_id = ${String(id)}`);
    expect(entry).toEqual({ staff_id: manager.id, before: { state: 'dead', attempts: 8 }, after: { state: 'pending', attempts: 0 } });

    // Not dead any more: a second retry changes nothing, in the caller's language.
    const again = await manager.call('POST', `/api/staff/messages/${id}/retry/`, {}, { 'accept-language': 'ar' });
    expect(again.statusCode).toBe(409);
    expect(ErrorBody.parse(again.json())).toEqual({ code: 'message_not_dead', detail: text('ar', 'messageNotDead') });
    expect(await rowOf(id)).toEqual(retried);
    expect(await auditCount('message.retry', String(id))).toBe(1);

    const delivery = createDelivery(t.config, f.db(), createCounterStore(f.db(), ''), t.app.log);
    while ((await drainDue({ database: f.db(), config: t.config, delivery, log: t.app.log })) > 0);
    expect((await rowOf(id)).state).toBe('sent');
    const sent = await manager.post(`/api/staff/messages/${id}/retry/`);
    expect(sent.statusCode).toBe(409);
    expect((await rowOf(id)).state).toBe('sent');
  });

  it('answer 404 for no such message, and 400 for an id that is not one or a body that is not JSON', async () => {
    const owner = await signedInStaff(t, 'owner');
    const missing = await owner.post('/api/staff/messages/2147483647/retry/');
    expect(missing.statusCode).toBe(404);
    expect(ErrorBody.parse(missing.json())).toEqual({ code: 'not_found', detail: text('en', 'messageNotFound') });
    for (const bad of ['0', 'abc', '2147483648']) {
      const response = await owner.post(`/api/staff/messages/${bad}/retry/`);
      expect(response.statusCode, bad).toBe(400);
      expect(Object.values(response.json() as Record<string, unknown>).every(Array.isArray), bad).toBe(true);
    }
    for (const path of ['2147483647/retry/', 'retry-dead/']) {
      const notJson = await owner.call('POST', `/api/staff/messages/${path}`, '{', { 'content-type': 'application/json' });
      expect(notJson.statusCode, path).toBe(400);
      expect(ErrorBody.safeParse(notJson.json()).success, notJson.body).toBe(true);
    }
  });

  it('send every dead message again at once, with one audit entry', async () => {
    const first = await deadMessage((await cashOrder()).id, 'email');
    const second = await deadMessage((await cashOrder()).id, 'sms');
    const owner = await signedInStaff(t, 'owner');

    const response = await owner.post('/api/staff/messages/retry-dead/');
    expect(response.statusCode, response.body).toBe(200);
    const { retried } = StaffMessagesRetried.parse(response.json());
    expect(retried).toBeGreaterThanOrEqual(2);
    for (const id of [first, second]) expect(await rowOf(id)).toMatchObject({ state: 'pending', attempts: 0 });
    const [entry] = await f.db().rows<{ after: { messages: number[] } }>(sql`
      SELECT after FROM audit_log WHERE action = 'message.retry_all' AND staff_id = ${owner.id}`);
    expect(entry!.after.messages).toEqual(expect.arrayContaining([first, second]));
    expect(entry!.after.messages).toHaveLength(retried);

    const none = StaffMessagesRetried.parse((await owner.post('/api/staff/messages/retry-dead/')).json());
    expect(none).toEqual({ retried: 0 });
    expect(await auditCount('message.retry_all', 'dead')).toBe(1);
    const dead = StaffMessagePage.parse((await owner.get('/api/staff/messages/')).json());
    expect(dead.count).toBe(0);
  });
});
