/**
 * New-order alerts: one e-mail per order that becomes `placed` (cash on delivery at once, online once paid), to the
 * addresses in ORDER_ALERT_EMAILS or else every active owner and manager, in the language of the shop's staff
 * (Arabic and English together, one mail for everyone). Sent from the job queue, never from the shopper's request.
 */
import { sql } from 'drizzle-orm';
import type { PaymentMethod } from '@attar/contract';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Delivery } from '../delivery/service';
import { money, text } from '../i18n/catalogue';

export const ORDER_ALERTS_QUEUE = 'order-alerts';

const PAYMENT_TEXT = {
  cod: 'paymentCod',
  card: 'paymentCard',
  wallet: 'paymentWallet',
  kiosk: 'paymentKiosk',
  valu: 'paymentValu',
} as const satisfies Record<PaymentMethod, string>;
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
    phone: order.phone,
    region: locale === 'en' ? order.region_en : order.region_ar,
    link,
  });
  const subject = text('en', 'newOrderAlertSubject', values('en'));
  const body = `${text('en', 'newOrderAlertBody', values('en'))}\n\n${text('ar', 'newOrderAlertBody', values('ar'))}`;
  for (const to of recipients) await delivery.sendEmail({ to, subject, text: body });
}
