/**
 * Back in stock: a shopper asks to be told when an out-of-stock product (or one of its sizes) comes
 * back; when it does, every waiting subscriber is told once. Telling takes the due alerts out of the table in one
 * transaction (DELETE … RETURNING), with the bell's notification for account holders and each subscriber's messages in
 * the outbox (decision 0059): however many workers run, and however often a job is retried, an alert is taken once.
 */
import { sql } from 'drizzle-orm';
import type { Locale } from '@attar/contract';
import type { Database } from '../db/client';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { inTransaction } from '../db/transaction';
import { queueBackInStock, type BackInStockSubscriber } from '../messages/outbox';
import type { AlertSettings } from '../messages/order-alerts';
import { ApiError, fieldError } from '../http/errors';
import { text } from '../i18n/catalogue';

/** Who waits: an account (told by e-mail, or SMS without one, and the bell), or a guest's e-mail or mobile number. */
export type Subscriber = { userId: number } | { email: string } | { phone: string };

/** Out of stock means every size (or the size asked for) has none left; an alert for something in stock is refused. */
export async function requestStockAlert(
  database: Database,
  input: { slug: string; variantId?: number; subscriber: Subscriber; locale: Locale },
): Promise<{ created: boolean }> {
  const { locale, subscriber } = input;
  const [product] = await database.rows<Pick<TableRow<typeof tables.products>, 'id'> & { in_stock: boolean; variant_found: boolean }>(sql`
    SELECT p.id,
      EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id AND v.stock > 0
        AND (${input.variantId ?? null}::int IS NULL OR v.id = ${input.variantId ?? null}::int)) AS in_stock,
      (${input.variantId ?? null}::int IS NULL
        OR EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id AND v.id = ${input.variantId ?? null}::int)) AS variant_found
    FROM products p WHERE p.slug = ${input.slug} AND p.is_published`);
  if (!product) throw new ApiError(404, 'not_found', text(locale, 'productNotFound'));
  if (!product.variant_found) throw fieldError('variant', text(locale, 'sizeNotFound'));
  if (product.in_stock) throw new ApiError(400, 'in_stock', text(locale, 'stockAlertInStock'));
  const who = {
    userId: 'userId' in subscriber ? subscriber.userId : null,
    email: 'email' in subscriber ? subscriber.email : null,
    phone: 'phone' in subscriber ? subscriber.phone : null,
  };
  // The unique key (NULLs not distinct) makes asking twice a no-op; the first language asked in is kept.
  const inserted = await database.rows<Pick<TableRow<typeof tables.stockAlerts>, 'id'>>(sql`
    INSERT INTO stock_alerts (product_id, variant_id, user_id, email, phone, locale)
    VALUES (${product.id}, ${input.variantId ?? null}, ${who.userId}, ${who.email}, ${who.phone}, ${locale})
    ON CONFLICT ON CONSTRAINT stock_alerts_once DO NOTHING RETURNING id`);
  return { created: inserted.length > 0 };
}

type DueAlert = Pick<TableRow<typeof tables.stockAlerts>, 'id' | 'user_id'> &
  Pick<TableRow<typeof tables.products>, 'slug' | 'name_en' | 'name_ar'> & {
    /** The account's language; a guest's, the page's when they asked. */
    locale: Locale;
    /** The size asked for; null for the whole product. */
    ml: number | null;
    /** The size asked for, or (the whole product) its sizes in stock now. */
    sizes: number[];
    image: string | null;
    email: string | null;
    phone: string | null;
    whatsapp_opt_out: boolean;
  };

/** Alerts taken per transaction: a large restock is told in several short transactions. */
const BATCH = 200;

/**
 * Takes the alerts whose product (any size) or size is in stock again and, in the same transaction per batch, records
 * the bell's notification for each account and queues each subscriber's messages in the outbox (messages/outbox.ts):
 * the messages exist exactly when the alerts are gone, however many workers run and however often the job is run.
 * Answers how many were told.
 */
export async function takeDueAlerts(database: Database, settings: Pick<AlertSettings, 'whatsapp'>): Promise<number> {
  let told = 0;
  for (;;) {
    const taken = await inTransaction(database, async (rows) => {
      const alerts = await rows<DueAlert>(sql`
        WITH due AS (
          SELECT a.id FROM stock_alerts a JOIN products p ON p.id = a.product_id
          WHERE p.is_published AND EXISTS (
            SELECT 1 FROM product_variants v
            WHERE v.product_id = a.product_id AND v.stock > 0 AND (a.variant_id IS NULL OR v.id = a.variant_id))
          ORDER BY a.id LIMIT ${BATCH} FOR UPDATE OF a SKIP LOCKED),
        taken AS (DELETE FROM stock_alerts a USING due WHERE a.id = due.id RETURNING a.*)
        SELECT t.id, t.user_id, coalesce(u.locale, t.locale) AS locale, p.slug, p.name_en, p.name_ar, s.ml,
          CASE WHEN t.variant_id IS NOT NULL THEN ARRAY[s.ml] ELSE ARRAY(
            SELECT s2.ml FROM product_variants v2 JOIN sizes s2 ON s2.id = v2.size_id
            WHERE v2.product_id = t.product_id AND v2.stock > 0 ORDER BY s2.ml) END AS sizes,
          p.image_mobile AS image, coalesce(t.email, u.email) AS email, coalesce(t.phone, u.phone) AS phone,
          coalesce(u.whatsapp_opt_out, false) AS whatsapp_opt_out
        FROM taken t JOIN products p ON p.id = t.product_id
        LEFT JOIN product_variants v ON v.id = t.variant_id LEFT JOIN sizes s ON s.id = v.size_id
        LEFT JOIN users u ON u.id = t.user_id AND u.deleted_at IS NULL
        ORDER BY t.id`);
      if (alerts.length === 0) return 0;
      const accounts = alerts.filter((alert) => alert.user_id !== null);
      if (accounts.length > 0) {
        await rows(sql`
          INSERT INTO notifications (user_id, kind, params, key)
          SELECT (n->>'user_id')::int, 'back_in_stock', n->'params', n->>'key'
          FROM jsonb_array_elements(${JSON.stringify(accounts.map(notificationOf))}::jsonb) n
          ON CONFLICT (user_id, key) DO NOTHING`);
      }
      await queueBackInStock(rows, settings, alerts.map(subscriberOf));
      return alerts.length;
    });
    told += taken;
    if (taken < BATCH) return told;
  }
}

function notificationOf(alert: DueAlert) {
  const params = { slug: alert.slug, name_en: alert.name_en, name_ar: alert.name_ar, ...(alert.ml ? { ml: alert.ml } : {}) };
  return { user_id: alert.user_id, params, key: `alert:${alert.id}` };
}

function subscriberOf(alert: DueAlert): BackInStockSubscriber {
  return {
    alertId: alert.id,
    locale: alert.locale,
    email: alert.email,
    phone: alert.phone,
    whatsappOptOut: alert.whatsapp_opt_out,
    product: {
      slug: alert.slug,
      name: alert.locale === 'ar' ? alert.name_ar : alert.name_en,
      sizes: alert.sizes,
      image: alert.image,
    },
  };
}
