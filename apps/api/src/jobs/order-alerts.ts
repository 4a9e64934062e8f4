/**
 * New-order alerts: one e-mail per order that becomes `placed` (cash on delivery at once, online once paid), to the
 * addresses in ORDER_ALERT_EMAILS or else every active owner and manager, in the language of the shop's staff
 * (English and Arabic together, one mail for everyone, laid out like every shop e-mail: messages/). Sent from the job queue, never from the shopper's request.
 */
import { sql } from 'drizzle-orm';
import type { PaymentMethod } from '@attar/contract';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Delivery } from '../delivery/service';
import { money, text } from '../i18n/catalogue';
import { ltrText, shopEmail } from '../messages/emails';
import { PAYMENT_TEXT } from '../messages/templates';

export const ORDER_ALERTS_QUEUE = 'order-alerts';

export type OrderAlert = { orderId: number };

/** Who hears of the shop's events: ORDER_ALERT_EMAILS, or else every active owner and manager. */
export async function alertRecipients(database: Database, config: Config) {
  if (config.admin.alertEmails.length) return config.admin.alertEmails;
  const rows = await database.rows<{ email: string }>(sql`
    SELECT email FROM staff_members WHERE is_active AND role IN ('owner', 'manager') ORDER BY id`);
  return rows.map((r) => r.email);
}

export async function sendOrderAlert(database: Database, config: Config, delivery: Delivery, alert: OrderAlert) {
  const [order] = await database.rows<{
    order_number: string;
    total_piastres: number;
    payment_method: PaymentMethod;
    name: string;
    phone: string;
    region_en: string;
    region_ar: string;
  }>(sql`
    SELECT o.order_number, o.total_piastres, o.payment_method,
      o.address->>'name' AS name, o.address->>'phone' AS phone, r.name_en AS region_en, r.name_ar AS region_ar
    FROM orders o JOIN regions r ON r.id = o.region_id WHERE o.id = ${alert.orderId}`);
  if (!order) return;
  const recipients = await alertRecipients(database, config);
  const link = `${config.admin.url}/orders/${alert.orderId}`;
  const values = (locale: 'en' | 'ar') => ({
    number: order.order_number,
    total: money(locale, order.total_piastres),
    payment: text(locale, PAYMENT_TEXT[order.payment_method]),
    name: order.name,
    phone: ltrText(order.phone),
    region: locale === 'en' ? order.region_en : order.region_ar,
    link,
  });
  const parts = (['en', 'ar'] as const).map((locale) => ({
    locale,
    title: text(locale, 'newOrderAlertSubject', values(locale)),
    lines: [text(locale, 'newOrderAlertBody', values(locale))],
    link: { href: link, label: text(locale, 'shopOpenOrder') },
  }));
  const subject = text('en', 'newOrderAlertSubject', values('en'));
  for (const to of recipients) await delivery.sendEmail(await shopEmail({ to, subject, parts }));
}
