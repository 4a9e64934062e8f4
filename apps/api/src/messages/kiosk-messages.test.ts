/**
 * A kiosk order's messages: queued once its reference exists, carrying the reference and the 48-hour deadline (SMS,
 * e-mail, bell), and one reminder before the deadline from the hourly housekeeping, however often it runs. The bell
 * hears of an order waiting for a card, wallet or valU payment only once it is paid or cancelled.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Order, StaffMessagePage, type Locale } from '@attar/contract';
import { signedInStaff } from '../test/staff';
import { useTestApp } from '../test/app';
import { orderFixtures } from '../test/orders';
import { cairoTime } from '../i18n/catalogue';
import { remindKioskPayers } from '../payments/service';
import { renderOrderMessage, type OrderMessagePayload } from './order-messages';

type Queued = { key: string; channel: 'email' | 'sms'; recipient: string; payload: OrderMessagePayload; locale: Locale };

describe('kiosk order messages', () => {
  const t = useTestApp();
  const f = orderFixtures(t);
  const db = () => t.db.database;

  async function placed(method: 'kiosk' | 'card' | 'cod', locale: Locale = 'en') {
    const s = await f.shopperWithAddress();
    const productId = await f.productWithStock(4, 70_000);
    await s.post('/api/cart-products/', { product: productId, quantity: 1 });
    const response = await f.order(s, { address: s.addressId, payment_method: method }, { 'accept-language': locale });
    expect(response.statusCode, response.body).toBe(201);
    const order = Order.parse(response.json());
    const [payment] = await db().rows<{ id: number; created_at: string }>(sql`
      SELECT id, created_at FROM payments WHERE order_id = ${order.id}`);
    return { s, order, payment };
  }
  const queued = (orderId: number) =>
    db().rows<Queued>(sql`
      SELECT key, channel, recipient, payload, locale FROM queued_messages WHERE order_id = ${orderId} AND kind <> 'order_alert' ORDER BY id`);
  const rendered = (orderId: number, row: Queued) => renderOrderMessage(db(), t.config, { orderId, ...row });
  const deadlineOf = async (paymentId: number, locale: Locale) => {
    const [row] = await db().rows<{ at: number }>(sql`
      SELECT extract(epoch FROM created_at + interval '48 hours')::float8 AS at FROM payments WHERE id = ${paymentId}`);
    return cairoTime(locale, new Date(row!.at * 1000));
  };

  it.each(['en', 'ar'] as const)('carry the reference and the deadline, never a card (%s)', async (locale) => {
    const { order, payment } = await placed('kiosk', locale);
    const reference = order.kiosk_reference!;
    expect(reference).toMatch(/^\d{9}$/);
    const rows = await queued(order.id);
    expect(rows.map((row) => [row.channel, row.payload, row.locale])).toEqual([
      ['email', { status: 'pending_payment' }, locale],
      ['sms', { status: 'pending_payment' }, locale],
    ]);
    const deadline = await deadlineOf(payment!.id, locale);
    for (const row of rows) {
      const message = (await rendered(order.id, row))!;
      const words = 'sms' in message ? [message.sms.text] : [message.email.subject, message.email.text];
      const all = words.join('\n');
      expect(all).toContain(reference);
      expect(all).toContain(deadline);
      expect(all).not.toMatch(locale === 'en' ? /\bcard\b/i : /بطاقة/);
    }
    // The bell says it too, with the method so its words fit.
    const bell = await db().rows<{ params: Record<string, unknown> }>(
      sql`SELECT params FROM notifications WHERE params->>'order_id' = ${String(order.id)}`,
    );
    expect(bell.map((n) => n.params)).toEqual([expect.objectContaining({ status: 'pending_payment', payment_method: 'kiosk' })]);
  });

  it('remind a kiosk payer once, 12 hours before the reference runs out, and no one else', async () => {
    const age = (paymentId: number, hours: number) =>
      db().rows(sql`UPDATE payments SET created_at = now() - make_interval(hours => ${hours}) WHERE id = ${paymentId}`);
    const due = await placed('kiosk', 'ar');
    const early = await placed('kiosk');
    const paid = await placed('kiosk');
    await age(due.payment!.id, 37);
    await age(early.payment!.id, 30);
    await age(paid.payment!.id, 37);
    await db().rows(sql`UPDATE orders SET status = 'placed' WHERE id = ${paid.order.id}`);

    const reminded = (await remindKioskPayers(db(), t.config)).map((order) => order.id);
    expect(reminded).toContain(due.order.id);
    expect(reminded).not.toContain(early.order.id);
    expect(reminded).not.toContain(paid.order.id);
    // The next hourly runs find it reminded already.
    expect((await remindKioskPayers(db(), t.config)).map((order) => order.id)).not.toContain(due.order.id);
    const reminders = (await queued(due.order.id)).filter((row) => row.key.includes('kiosk_reminder'));
    // The back office lists it among the order's messages, for what it is.
    const staff = await signedInStaff(t, 'manager');
    const listed = await staff.get('/api/staff/messages/?state=pending&page_size=100');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(StaffMessagePage.parse(listed.json()).results.map((m) => m.event)).toContain('kiosk_reminder');
    expect(reminders.map((row) => row.channel).sort()).toEqual(['email', 'sms']);
    const sms = (await rendered(
      due.order.id,
      reminders.find((row) => row.channel === 'sms')!,
    ))!;
    expect('sms' in sms && sms.sms.text).toContain(due.order.kiosk_reference!);
    expect('sms' in sms && sms.sms.text).toContain(await deadlineOf(due.payment!.id, 'ar'));
  });

  it('leave the bell out of a card order until it is paid or cancelled', async () => {
    const { order } = await placed('card');
    expect(await queued(order.id)).toHaveLength(2);
    const bell = await db().rows(sql`SELECT id FROM notifications WHERE params->>'order_id' = ${String(order.id)}`);
    expect(bell).toEqual([]);
  });
});
