import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CASH_REFUND_METHODS, City, Order, Region } from '@attar/contract';
import { useTestApp } from '../test/app';
import { useSmtpServer } from '../test/smtp';
import { signedInStaff } from '../test/staff';
import { client, freshIp } from '../test/client';
import { signedInShopper } from '../test/shoppers';
import { orderMessageText } from './order-messages';
import type { PaymentFacts } from './payment-told';
import { money, text } from '../i18n/catalogue';

// E-mail leaves through a real SMTP server started here; SMS (no gateway in tests) lands in the development outbox.
const smtp = useSmtpServer();
const t = useTestApp(() => ({
  JOBS: 'on',
  ORDER_ALERT_EMAILS: 'orders@attar.test',
  SMTP_URL: smtp.url,
  STOREFRONT_URL: 'https://shop.test',
}));

/** The SMS sent to a phone (the development outbox keeps them: tests have no gateway). */
async function smsTo(recipient: string, expected: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const rows = await t.db.database.rows<{ channel: string; body: string }>(sql`
      SELECT channel, body FROM outbox_messages WHERE recipient = ${recipient} AND channel = 'sms' ORDER BY id`);
    if (rows.length >= expected || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const CASH: PaymentFacts = { method: 'cod', payment: null, kioskReference: null, kioskDeadline: null };

describe('order messages', () => {
  it('are written in both languages, with amounts the storefront’s way', () => {
    expect(orderMessageText('en', 'AT100001', 'confirmed', 85_000, CASH)).toBe(
      'Attar: your order AT100001 is confirmed and being prepared. Total 850 LE.',
    );
    expect(orderMessageText('ar', 'AT100001', 'shipped', 85_000, CASH)).toContain('في الطريق إليك');
    // Thousands grouped, decimals only with piastres; Arabic-Indic digits in Arabic.
    expect(orderMessageText('en', 'AT100001', 'placed', 125_050, CASH)).toContain('Total 1,250.50 LE.');
    expect(orderMessageText('ar', 'AT100001', 'placed', 125_000, CASH)).toContain('الإجمالي ١٬٢٥٠ ج.م.');
    expect([money('en', 1250), money('ar', 1250)]).toEqual(['12.50 LE', '١٢٫٥٠ ج.م']);
    // Once handed to a courier, the message names it and the tracking number; a cash order is paid on delivery.
    expect(orderMessageText('en', 'AT100001', 'shipped', 85_000, CASH, { courier: 'Bosta', tracking: 'BST-9' })).toBe(
      'Attar: your order AT100001 is on its way. Total 850 LE. Courier: Bosta, tracking number BST-9. You pay in cash on delivery.',
    );
    expect(orderMessageText('ar', 'AT100001', 'shipped', 85_000, CASH, { courier: 'Bosta', tracking: 'BST-9' })).toContain(
      'رقم التتبع BST-9',
    );
  });

  it('confirm an order and every status change by e-mail and SMS, through the queue, in the shopper’s language', async () => {
    const s = await signedInShopper(t.app);
    const regions = z.array(Region).parse((await client(t.app).get('/api/region/')).json());
    const city = z.array(City).parse((await client(t.app).get(`/api/city/?region=${regions[0]!.id}`)).json())[0]!;
    const address = (
      await s.post('/api/addresses/', { name: 'Mai', phone: '01055556666', region: regions[0]!.id, city: city.id, street: 'X' })
    ).json();
    const [product] = await t.db.database.rows<{ id: number; name_ar: string; price_piastres: number; ml: number }>(sql`
      SELECT p.id, p.name_ar, v.price_piastres, sz.ml FROM products p
        JOIN product_variants v ON v.product_id = p.id AND v.is_default JOIN sizes sz ON sz.id = v.size_id
      WHERE p.stock > 5 ORDER BY p.id LIMIT 1`);
    await s.post('/api/cart-products/', { product: product!.id, quantity: 2 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      payload: { address: address.id, payment_method: 'cod' },
      headers: { authorization: `Token ${s.token}`, 'accept-language': 'ar' },
      remoteAddress: freshIp(),
    });
    const order = Order.parse(placed.json());
    const staff = await signedInStaff(t, 'fulfilment');
    expect((await staff.act(order.id, 'confirm')).statusCode).toBe(200);
    const sms = await smsTo('+201055556666', 2);
    expect(sms.map((m) => m.body)).toEqual([
      expect.stringContaining(`${order.order_number} ${text('ar', 'progress_placed')}`),
      expect.stringContaining(`${order.order_number} ${text('ar', 'progress_confirmed')}`),
    ]);

    // The confirmation e-mail: in Arabic, right to left, with the order's lines and amounts.
    // (The first e-mail is the sign-up's verification code.)
    const [, confirmation, confirmed] = await smtp.waitFor(s.user.email, 3);
    expect(confirmation!.subject).toBe(
      text('ar', 'orderEmailSubject', { number: order.order_number, progress: text('ar', 'progress_placed') }),
    );
    expect(confirmed!.subject).toContain(text('ar', 'progress_confirmed'));
    expect(confirmation!.html).toMatch(/<html[^>]*dir="rtl"/);
    for (const part of [confirmation!.text, confirmation!.html]) {
      expect(part).toContain(product!.name_ar);
      expect(part).toContain(text('ar', 'sizeName', { ml: new Intl.NumberFormat('ar-EG').format(product!.ml) }));
      expect(part).toContain(money('ar', product!.price_piastres * 2));
      expect(part).toContain(money('ar', Math.round(order.total * 100)));
      expect(part).toContain(text('ar', 'paymentCod'));
      expect(part).toContain(text('ar', 'orderDeliveryFee'));
    }
    expect(confirmation!.html).toContain('href="https://shop.test/ar/profile"');
    // The shop is told of the new order once, by e-mail, in both languages.
    const [alert] = await smtp.waitFor('orders@attar.test', 1);
    expect(alert!.text).toContain(`A new order ${order.order_number}`);
    expect(alert!.text).toContain(`طلب جديد ${order.order_number}`);
    expect(alert!.html).toContain(`/admin/orders/${order.id}`);
    // The phone stays as written inside the Arabic sentence (a left-to-right isolate).
    expect(alert!.text).toContain('\u2066+20 105 555 6666\u2069');
    expect(alert!.html).toMatch(/lang="ar" dir="rtl"|dir="rtl" lang="ar"/);
  }, 60_000);

  it('keep the usual SMS within one segment (70 characters in Arabic, 160 in English)', () => {
    // Those that also say how to pay take two (message-table.test.ts).
    const limits = { ar: 70, en: 160 } as const;
    for (const locale of ['en', 'ar'] as const) {
      const texts = [
        ...(['confirmed', 'packed', 'delivered'] as const).map((status) => orderMessageText(locale, 'AT100001', status, 125_050, CASH)),
        ...(['phoneCodeSms', 'checkoutCodeSms'] as const).map((key) => text(locale, key, { code: '123456' })),
        ...(['messageReturnRequested', 'messageReturnApproved', 'messageReturnReceived', 'messageRefunded'] as const).map((key) =>
          text(locale, key, { number: 'AT100001', amount: money(locale, 125_050), message: '' }),
        ),
        // A cash refund says how the money went back.
        ...CASH_REFUND_METHODS.map((method) =>
          text(locale, 'messageRefundedCash', {
            number: 'AT100001',
            amount: money(locale, 125_050),
            how: text(locale, `cashRefund_${method}`),
          }),
        ),
      ];
      for (const sms of texts) expect(sms.length, sms).toBeLessThanOrEqual(limits[locale]);
    }
  });
});
