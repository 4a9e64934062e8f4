/**
 * The daily low-stock e-mail: every size of a published product at or below its threshold, in English and Arabic
 * together, to the shop's alert recipients (messages/order-alerts.ts). Nothing is sent on a day nothing is low.
 */
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Delivery } from '../delivery/service';
import { count, text } from '../i18n/catalogue';
import { alertRecipients } from '../messages/order-alerts';
import { shopEmail } from '../messages/emails';
import { lowStock } from './service';

export const LOW_STOCK_QUEUE = 'low-stock-digest';
/** 08:00 in Cairo, before the shop's day starts. */
export const LOW_STOCK_CRON = '0 8 * * *';

export async function sendLowStockDigest(database: Database, config: Config, delivery: Delivery): Promise<number> {
  const low = await lowStock(database);
  if (low.length === 0) return 0;
  const parts = (['en', 'ar'] as const).map((locale) => ({
    locale,
    title: text(locale, 'lowStockSubject', { count: count(locale, low.length) }),
    lines: [
      text(locale, 'lowStockIntro'),
      ...low.map((row) =>
        text(locale, 'lowStockLine', {
          name: locale === 'en' ? row.name_en : row.name_ar,
          ml: count(locale, row.ml),
          sku: row.sku,
          stock: count(locale, row.stock),
          threshold: count(locale, row.threshold),
        }),
      ),
    ],
    link: { href: config.admin.url, label: text(locale, 'shopOpenBackOffice') },
  }));
  const subject = text('en', 'lowStockSubject', { count: count('en', low.length) });
  const recipients = await alertRecipients(database, config);
  for (const to of recipients) await delivery.sendEmail(await shopEmail({ to, subject, parts }));
  return recipients.length;
}
