import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { City, Order, Region } from '@attar/contract';
import { useTestApp } from '../test/app';
import { signedInStaff } from '../test/staff';
import { client, freshIp } from '../test/client';
import { signedInShopper } from '../test/shoppers';
import { orderMessageText } from './order-messages';
import { money } from '../i18n/catalogue';

const t = useTestApp({ JOBS: 'on', ORDER_ALERT_EMAILS: 'orders@attar.test' });

async function outboxFor(recipient: string, expected: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const rows = await t.db.database.rows<{ channel: string; body: string }>(sql`
      SELECT channel, body FROM outbox_messages WHERE recipient = ${recipient} AND body LIKE '%order%' ORDER BY id`);
    if (rows.length >= expected || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('order messages', () => {
  it('are written in both languages, with amounts the storefront’s way', () => {
    expect(orderMessageText('en', 'AT100001', 'shipped', 85_000)).toBe('Attar: your order AT100001 is on its way. Total 850 LE.');
    expect(orderMessageText('ar', 'AT100001', 'shipped', 85_000)).toContain('في الطريق إليك');
    // Thousands grouped, decimals only with piastres; Arabic-Indic digits in Arabic.
    expect(orderMessageText('en', 'AT100001', 'placed', 125_050)).toContain('Total 1,250.50 LE.');
    expect(orderMessageText('ar', 'AT100001', 'placed', 125_000)).toContain('الإجمالي ١٬٢٥٠ ج.م.');
    expect([money('en', 1250), money('ar', 1250)]).toEqual(['12.50 LE', '١٢٫٥٠ ج.م']);
    // Once handed to a courier, the message names it and the tracking number.
    expect(orderMessageText('en', 'AT100001', 'shipped', 85_000, { courier: 'Bosta', tracking: 'BST-9' })).toBe(
      'Attar: your order AT100001 is on its way. Total 850 LE. Courier: Bosta, tracking number BST-9.',
    );
    expect(orderMessageText('ar', 'AT100001', 'shipped', 85_000, { courier: 'Bosta', tracking: 'BST-9' })).toContain('رقم التتبع BST-9');
  });

  it('confirm an order and every status change by e-mail and SMS, through the queue', async () => {
    const s = await signedInShopper(t.app);
    const regions = z.array(Region).parse((await client(t.app).get('/api/region/')).json());
    const city = z.array(City).parse((await client(t.app).get(`/api/city/?region=${regions[0]!.id}`)).json())[0]!;
    const address = (
      await s.post('/api/addresses/', { name: 'Mai', phone: '01055556666', region: regions[0]!.id, city: city.id, street: 'X' })
    ).json();
    const [product] = await t.db.database.rows<{ id: number }>(sql`SELECT id FROM products WHERE stock > 5 ORDER BY id LIMIT 1`);
    await s.post('/api/cart-products/', { product: product!.id, quantity: 1 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      payload: { address: address.id, payment_method: 'cod' },
      headers: { authorization: `Token ${s.token}` },
      remoteAddress: freshIp(),
    });
    const order = Order.parse(placed.json());
    const staff = await signedInStaff(t, 'fulfilment');
    expect((await staff.act(order.id, 'confirm')).statusCode).toBe(200);
    const sms = await outboxFor('+201055556666', 2);
    expect(sms.map((m) => m.body)).toEqual([
      expect.stringContaining(`${order.order_number} has been received`),
      expect.stringContaining(`${order.order_number} is confirmed`),
    ]);
    const mail = await outboxFor(s.user.email, 2);
    expect(mail.every((m) => m.channel === 'email')).toBe(true);
    // The shop is told of the new order once, by e-mail, in both languages.
    const [alert] = await outboxFor('orders@attar.test', 1);
    expect(alert!.body).toContain(`A new order ${order.order_number}`);
    expect(alert!.body).toContain(`طلب جديد ${order.order_number}`);
    expect(alert!.body).toContain(`/admin/orders/${order.id}`);
  }, 60_000);
});
