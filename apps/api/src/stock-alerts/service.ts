/**
 * Back in stock: a shopper asks to be told when an out-of-stock product (or one of its sizes) comes
 * back; when it does, every waiting subscriber is told once. Telling takes the due alerts out of the table in one
 * transaction (DELETE … RETURNING), with the bell's notification for account holders and one queued message per
 * subscriber: however many workers run, and however often a job is retried, an alert is taken once.
 */
import { sql } from 'drizzle-orm';
import type { Locale } from '@attar/contract';
import type { Db, Database } from '../db/client';
import { executeSqlOf } from '../db/transaction';
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
  const [product] = await database.rows<{ id: number; in_stock: boolean; variant_found: boolean }>(sql`
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
  const inserted = await database.rows<{ id: number }>(sql`
    INSERT INTO stock_alerts (product_id, variant_id, user_id, email, phone, locale)
    VALUES (${product.id}, ${input.variantId ?? null}, ${who.userId}, ${who.email}, ${who.phone}, ${locale})
    ON CONFLICT ON CONSTRAINT stock_alerts_once DO NOTHING RETURNING id`);
  return { created: inserted.length > 0 };
}

/** One subscriber's message, queued as its own job (retried alone if its sending fails). */
export type StockAlertMessage = {
  channel: 'email' | 'sms';
  to: string;
  locale: Locale;
  slug: string;
  name: string;
  ml: number | null;
  image: string | null;
};

type DueAlert = {
  id: number;
  user_id: number | null;
  /** The account's language; a guest's, the page's when they asked. */
  locale: Locale;
  slug: string;
  name_en: string;
  name_ar: string;
  ml: number | null;
  image: string | null;
  email: string | null;
  phone: string | null;
};

/** Alerts taken per transaction: a large restock is told in several short transactions. */
const BATCH = 200;

/**
 * Takes the alerts whose product (any size) or size is in stock again, records the bell's notification for each
 * account and hands `enqueue` one message per subscriber, all in one transaction per batch: `enqueue` receives that
 * transaction's SQL, so the messages are queued exactly when the alerts are gone. Answers how many were told.
 */
export async function takeDueAlerts(
  database: Database,
  enqueue: (messages: StockAlertMessage[], executeSql: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>) => Promise<void>,
): Promise<number> {
  let told = 0;
  for (;;) {
    const taken = await database.db.transaction(async (tx) => {
      const alerts = await rows<DueAlert>(
        tx,
        sql`
        WITH due AS (
          SELECT a.id FROM stock_alerts a JOIN products p ON p.id = a.product_id
          WHERE p.is_published AND EXISTS (
            SELECT 1 FROM product_variants v
            WHERE v.product_id = a.product_id AND v.stock > 0 AND (a.variant_id IS NULL OR v.id = a.variant_id))
          ORDER BY a.id LIMIT ${BATCH} FOR UPDATE OF a SKIP LOCKED),
        taken AS (DELETE FROM stock_alerts a USING due WHERE a.id = due.id RETURNING a.*)
        SELECT t.id, t.user_id, coalesce(u.locale, t.locale) AS locale, p.slug, p.name_en, p.name_ar, s.ml, p.image_mobile AS image,
          coalesce(t.email, u.email) AS email, coalesce(t.phone, CASE WHEN u.email IS NULL THEN u.phone END) AS phone
        FROM taken t JOIN products p ON p.id = t.product_id
        LEFT JOIN product_variants v ON v.id = t.variant_id LEFT JOIN sizes s ON s.id = v.size_id
        LEFT JOIN users u ON u.id = t.user_id AND u.deleted_at IS NULL
        ORDER BY t.id`,
      );
      if (alerts.length === 0) return 0;
      const accounts = alerts.filter((alert) => alert.user_id !== null);
      if (accounts.length > 0) {
        await rows(
          tx,
          sql`
          INSERT INTO notifications (user_id, kind, params, key)
          SELECT (n->>'user_id')::int, 'back_in_stock', n->'params', n->>'key'
          FROM jsonb_array_elements(${JSON.stringify(accounts.map(notificationOf))}::jsonb) n
          ON CONFLICT (user_id, key) DO NOTHING`,
        );
      }
      const messages = alerts.flatMap(messageOf);
      if (messages.length > 0) await enqueue(messages, executeSqlOf(tx));
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

function messageOf(alert: DueAlert): StockAlertMessage[] {
  const product = {
    locale: alert.locale,
    slug: alert.slug,
    name: alert.locale === 'ar' ? alert.name_ar : alert.name_en,
    ml: alert.ml,
    image: alert.image,
  };
  if (alert.email) return [{ channel: 'email', to: alert.email, ...product }];
  if (alert.phone) return [{ channel: 'sms', to: alert.phone, ...product }];
  // An account erased since it asked: nobody to tell.
  return [];
}

async function rows<T>(tx: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Plain SQL text on the transaction's own connection (for pg-boss, which brings its own statements). */
