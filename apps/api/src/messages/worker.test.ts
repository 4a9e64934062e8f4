import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Order } from '@attar/contract';
import type { Delivery } from '../delivery/service';
import { client } from '../test/client';
import { useTestApp } from '../test/app';
import { registry } from '../ops/metrics';
import { orderFixtures } from '../test/orders';
import { useSmtpServer } from '../test/smtp';
import { useSmsGateway } from '../test/standin';
import { deliveryEnv, useOutboxWorker } from '../test/outbox';
import { claimDue, MAX_ATTEMPTS } from './worker';

const smtp = useSmtpServer();
const gateway = useSmsGateway();
const t = useTestApp(() => ({
  ...deliveryEnv(smtp, gateway),
  SMS_HOURLY_LIMIT: '2',
}));
const f = orderFixtures(t);

const { outbox, delivery, drainAll } = useOutboxWorker(t);

type Row = { id: number; key: string; state: string; attempts: number; last_error: string | null; provider_id: string | null };
async function rowOf(orderId: number, suffix: string) {
  const [row] = await f.db().rows<Row>(sql`
    SELECT id, key, state, attempts, last_error, provider_id FROM queued_messages WHERE order_id = ${orderId} AND key LIKE ${`%${suffix}`}`);
  return row!;
}
/** The next attempt's time has come (the test moves the clock of one row, never waits). */
const makeDue = (id: number) => f.db().rows(sql`UPDATE queued_messages SET next_attempt_at = now() WHERE id = ${id}`);
const gatewayCalls = (id: number) => gateway.requests.filter((request) => request.headers['idempotency-key'] === `queued-${id}`);

async function cashOrder() {
  const s = await f.shopperWithAddress();
  await s.post('/api/cart-products/', { product: await f.productWithStock(5), quantity: 1 });
  const placed = await f.order(s, { address: s.addressId, payment_method: 'cod' });
  expect(placed.statusCode, placed.body).toBe(201);
  return { s, order: Order.parse(placed.json()) };
}

describe('the outbox worker', () => {
  it('retries a failed SMS without sending the e-mail again, then records each send once', async () => {
    const { s, order } = await cashOrder();
    const confirmations = () => smtp.to(s.user.email).filter((mail) => mail.subject.includes(order.order_number));
    gateway.statuses.push(500);
    await drainAll();
    const email = await rowOf(order.id, ':placed:email');
    let sms = await rowOf(order.id, ':placed:sms');
    expect(email).toMatchObject({ state: 'sent', attempts: 1, provider_id: `<queued-${email.id}@attar.test>` });
    expect(sms).toMatchObject({ state: 'pending', attempts: 1, last_error: 'SMS gateway answered 500' });
    expect(await smtp.waitFor(s.user.email, 2)).toHaveLength(2);
    expect(confirmations().map((mail) => mail.headers['message-id'])).toEqual([`<queued-${email.id}@attar.test>`]);
    // Not due yet: nothing is claimed before its back-off.
    expect(await claimDue(f.db())).toEqual([]);

    await makeDue(sms.id);
    await drainAll();
    sms = await rowOf(order.id, ':placed:sms');
    expect(sms).toMatchObject({ state: 'sent', attempts: 2, provider_id: expect.stringMatching(/^gw-\d+$/) });
    expect(gatewayCalls(sms.id)).toHaveLength(2);
    expect(JSON.parse(gatewayCalls(sms.id)[1]!.body)).toMatchObject({
      to: '+201001112223',
      message: expect.stringContaining(order.order_number),
    });
    expect(confirmations()).toHaveLength(1);
    expect(smtp.to('orders@attar.test').filter((mail) => mail.text.includes(order.order_number))).toHaveLength(1);
  });

  it(`gives an SMS the gateway keeps refusing up after ${MAX_ATTEMPTS} attempts`, async () => {
    const { order } = await cashOrder();
    gateway.statuses.push(...Array<number>(MAX_ATTEMPTS).fill(503));
    await drainAll();
    const { id } = await rowOf(order.id, ':placed:sms');
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      await makeDue(id);
      await drainAll();
    }
    expect(await rowOf(order.id, ':placed:sms')).toMatchObject({
      state: 'dead',
      attempts: MAX_ATTEMPTS,
      last_error: 'SMS gateway answered 503',
    });
    expect(gatewayCalls(id)).toHaveLength(MAX_ATTEMPTS);
    await makeDue(id);
    expect(await claimDue(f.db())).toEqual([]);
    expect((await rowOf(order.id, ':placed:email')).state).toBe('sent');
    // Seen in /metrics: the dead row, and how long the sent ones took.
    expect(await registry.getSingleMetricAsString('attar_queued_messages')).toMatch(
      /attar_queued_messages\{state="dead",channel="sms"\} [1-9]/,
    );
    expect(await registry.getSingleMetricAsString('attar_message_lag_seconds')).toMatch(
      /attar_message_lag_seconds_count\{channel="email"\} [1-9]/,
    );
  });

  it('claims again a row whose worker died once its lease has run out', async () => {
    const { order } = await cashOrder();
    const held = sql`UPDATE queued_messages SET attempts = 1, leased_until = now() + interval '30 seconds' WHERE order_id = ${order.id}`;
    await f.db().rows(held);
    expect(await claimDue(f.db())).toEqual([]);
    await f.db().rows(sql`UPDATE queued_messages SET leased_until = now() - interval '1 second' WHERE order_id = ${order.id}`);
    await drainAll();
    const rows = await f.db().rows<Row>(sql`SELECT state, attempts FROM queued_messages WHERE order_id = ${order.id}`);
    expect(rows).toEqual(Array(3).fill({ state: 'sent', attempts: 2 }));
  });

  it('never sends one row twice when two workers claim at once', async () => {
    const { order } = await cashOrder();
    await f.db().rows(sql`
      INSERT INTO queued_messages (key, channel, recipient, kind, order_id, payload, locale)
      SELECT 'race:' || n, 'sms', '+201001112223', 'order_status', ${order.id}, '{"status": "confirmed"}', 'en' FROM generate_series(1, 60) n`);
    const sent: string[] = [];
    const counting: Delivery = {
      usesOutbox: false,
      sendEmail: async () => ({ providerId: null }),
      sendSms: async (message) => {
        // Each send yields, so the two workers' claims interleave.
        await new Promise((resolve) => setImmediate(resolve));
        sent.push(message.idempotencyKey!);
        return { providerId: null };
      },
    };
    const worker = () => drainAll({ ...outbox(), delivery: counting });
    await Promise.all([worker(), worker()]);
    const rows = await f.db().rows<{ id: number; state: string; attempts: number }>(sql`
      SELECT id, state, attempts FROM queued_messages WHERE key LIKE 'race:%'`);
    expect(rows).toHaveLength(60);
    expect(rows.every((row) => row.state === 'sent' && row.attempts === 1)).toBe(true);
    const raced = new Set(rows.map((row) => `queued-${row.id}`));
    expect(sent.filter((key) => raced.has(key)).sort()).toEqual([...raced].sort());
  });

  it('does not hold order SMS to the shop-wide ceiling, which still refuses codes', async () => {
    const ask = (n: number) => client(t.app).post('/api/otp_guest_promocode/', { phone: `0100000${String(n).padStart(4, '0')}`, code: '' });
    // Two an hour here, whatever this file's sign-ups sent before: the third code at the latest is refused.
    const answers: number[] = [];
    for (let n = 0; n < 3; n++) answers.push((await ask(n)).statusCode);
    expect(answers.at(-1)).toBe(429);
    await expect(delivery().sendSms({ to: '+201000000009', text: 'code' })).rejects.toMatchObject({ code: 'throttled' });

    const { order } = await cashOrder();
    await drainAll();
    expect(await rowOf(order.id, ':placed:sms')).toMatchObject({ state: 'sent', last_error: null });
  });
});
