/**
 * New-order alerts: one e-mail per order that becomes `placed` (cash on delivery at once, online once paid), to the
 * addresses in ORDER_ALERT_EMAILS or else every active owner and manager, in the language of the shop's staff
 * (English and Arabic together, laid out like every shop e-mail: messages/). Queued with the order's own change
 * (messages/outbox.ts), one row per recipient, and sent by the outbox's worker, never from the shopper's request.
 */
import { sql } from 'drizzle-orm';
import { displayPhone } from '@attar/contract/rules';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { money, text } from '../i18n/catalogue';
import { ltrText, shopEmail, type ComposedEmail } from './emails';
import { PAYMENT_TEXT } from './payment-told';

/** What names who hears of new orders, and whether shoppers hear of theirs by WhatsApp. */
export type AlertSettings = { admin: Pick<Config['admin'], 'alertEmails'>; whatsapp: Pick<Config['whatsapp'], 'enabled'> };

/**
 * Who hears of the shop's events: ORDER_ALERT_EMAILS, or else every active owner and manager (read through `rows`, so
 * inside the caller's transaction when it has one).
 */
export async function alertRecipients(database: Pick<Database, 'rows'>, config: AlertSettings) {
  if (config.admin.alertEmails.length) return config.admin.alertEmails;
  const rows = await database.rows<Pick<TableRow<typeof tables.staffMembers>, 'email'>>(sql`
    SELECT email FROM staff_members WHERE is_active AND role IN ('owner', 'manager') ORDER BY id`);
  return rows.map((r) => r.email);
}

/** The new-order alert to one recipient; undefined when the order is gone. */
export async function renderOrderAlert(
  database: Database,
  config: Config,
  orderId: number,
  to: string,
): Promise<ComposedEmail | undefined> {
  const [order] = await database.rows<
    Pick<TableRow<typeof tables.orders>, 'order_number' | 'total_piastres' | 'payment_method'> & {
      name: string;
      phone: string;
      region_en: string;
      region_ar: string;
    }
  >(sql`
    SELECT o.order_number, o.total_piastres, o.payment_method,
      o.address->>'name' AS name, o.address->>'phone' AS phone, r.name_en AS region_en, r.name_ar AS region_ar
    FROM orders o JOIN regions r ON r.id = o.region_id WHERE o.id = ${orderId}`);
  if (!order) return undefined;
  const link = `${config.admin.url}/orders/${orderId}`;
  const values = (locale: 'en' | 'ar') => ({
    number: order.order_number,
    total: money(locale, order.total_piastres),
    payment: text(locale, PAYMENT_TEXT[order.payment_method]),
    name: order.name,
    phone: ltrText(displayPhone(order.phone)),
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
  return shopEmail({ to, subject, parts });
}
