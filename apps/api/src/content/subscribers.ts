/**
 * The newsletter's subscribers in the back office: the list, its CSV (streamed, confirmed addresses
 * only) and unsubscribing; and sending them a newsletter. A new sign-up of an address that left clears its
 * `unsubscribed_at` and waits for confirmation again (newsletter/service.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Locale, NewsletterIssue, NewsletterIssueQueued, StaffSubscriber, StaffSubscriberQuery } from '@attar/contract';
import { recordAudit } from '../audit/service';
import type { Database } from '../db/client';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { CSV_BOM, csvLine, csvShopTime } from '../http/csv';
import { notFound } from '../http/errors';
import { pageOfRows } from '../http/pagination';
import { text } from '../i18n/catalogue';
import { newsletterJobs } from '../newsletter/service';
import type { NewsletterSender } from '../newsletter/queue';
import { escapeLike } from '../orders/staff-service';
import { executeSqlOf, rowsOf } from '../db/transaction';

const subscriberJson = sql`json_build_object('id', s.id, 'email', s.email, 'locale', s.locale, 'created_at', s.created_at,
  'confirmed_at', s.confirmed_at, 'unsubscribed_at', s.unsubscribed_at)`;

/** Subscribers by (part of) their address, subscribed or not, newest first. */
export async function subscriberPage(database: Database, query: StaffSubscriberQuery) {
  const conditions: SQL[] = [sql`true`];
  if (query.q) conditions.push(sql`s.email LIKE ${`%${escapeLike(query.q.toLowerCase())}%`}`);
  if (query.state) conditions.push(query.state === 'subscribed' ? sql`s.unsubscribed_at IS NULL` : sql`s.unsubscribed_at IS NOT NULL`);
  return pageOfRows<StaffSubscriber>(database, {
    table: 'newsletter_subscriptions',
    alias: 's',
    where: sql.join(conditions, sql` AND `),
    orderBy: sql`s.created_at DESC, s.id DESC`,
    rowJson: subscriberJson,
    page: query.page,
    pageSize: query.page_size,
  });
}

/** Unsubscribes an address (once: a second time changes nothing), with its audit entry. */
export async function unsubscribe(database: Database, staffId: number, locale: Locale, id: number): Promise<StaffSubscriber> {
  return database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    const [left] = await rows<{ subscriber: StaffSubscriber }>(sql`
      UPDATE newsletter_subscriptions s SET unsubscribed_at = now() WHERE id = ${id} AND unsubscribed_at IS NULL
      RETURNING ${subscriberJson} AS subscriber`);
    if (left) {
      await recordAudit(rows, {
        staffId,
        action: 'subscriber.unsubscribe',
        entity: 'subscriber',
        entityId: id,
        after: { email: left.subscriber.email, unsubscribed_at: left.subscriber.unsubscribed_at },
      });
      return left.subscriber;
    }
    const [current] = await rows<{ subscriber: StaffSubscriber }>(sql`
      SELECT ${subscriberJson} AS subscriber FROM newsletter_subscriptions s WHERE id = ${id}`);
    if (!current) throw notFound(text(locale, 'subscriberNotFound'));
    return current.subscriber;
  });
}

/** Rows read per query while streaming the CSV: memory stays flat however long the list grows. */
const EXPORT_BATCH = 1000;

/**
 * The confirmed, subscribed addresses as CSV (email, language, subscribed_at on Cairo's clock, as the screen shows it),
 * oldest first, read in batches as it is sent.
 */
export async function* subscribersCsv(database: Database): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(['email', 'language', 'subscribed_at']);
  let after = 0;
  for (;;) {
    const batch = await database.rows<
      // created_at as the shop's clock reads it, not the column's own text.
      Pick<TableRow<typeof tables.newsletterSubscriptions>, 'id' | 'email' | 'locale'> & { created_at: string }
    >(sql`
      SELECT id, email, locale, ${csvShopTime(sql`created_at`)} AS created_at FROM newsletter_subscriptions
      WHERE unsubscribed_at IS NULL AND confirmed_at IS NOT NULL AND id > ${after} ORDER BY id LIMIT ${EXPORT_BATCH}`);
    if (batch.length) yield batch.map((row) => csvLine([row.email, row.locale, row.created_at])).join('');
    const last = batch.at(-1);
    if (!last || batch.length < EXPORT_BATCH) return;
    after = last.id;
  }
}

/** Queues a newsletter for every confirmed subscriber (one job each), with its audit entry. */
export async function queueNewsletter(
  database: Database,
  sender: NewsletterSender,
  staffId: number,
  issue: NewsletterIssue,
): Promise<NewsletterIssueQueued> {
  const jobs = await newsletterJobs(database, issue);
  // The audit entry and the jobs in one transaction: a refused entry sends nothing, and a sent newsletter is recorded.
  await database.db.transaction(async (tx) => {
    await recordAudit(rowsOf(tx), {
      staffId,
      action: 'newsletter.send',
      entity: 'newsletter',
      entityId: new Date().toISOString(),
      after: { subject_en: issue.subject_en, subject_ar: issue.subject_ar, recipients: jobs.length },
    });
    await sender.queue(jobs, executeSqlOf(tx));
  });
  return { recipients: jobs.length };
}
