/**
 * The back office's newsletter goes out from the job queue, one job per subscriber: a slow mail server never holds
 * the staff member's request, a failed send is retried on its own, and many instances share the work.
 */
import type PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Delivery } from '../delivery/service';
import { sendNewsletterJob, type NewsletterJob } from './service';

export const NEWSLETTER_QUEUE = 'newsletter';
/** Jobs written per insert. */
const INSERT_BATCH = 500;

export interface NewsletterSender {
  /** Queues the jobs with `executeSql`, the caller's transaction: they exist exactly when the caller's change does. */
  queue(jobs: NewsletterJob[], executeSql: Database['executeSql']): Promise<void>;
}

export async function newsletterQueue(boss: PgBoss, database: Database, config: Config, delivery: Delivery): Promise<NewsletterSender> {
  await boss.createQueue(NEWSLETTER_QUEUE);
  await boss.work<NewsletterJob>(NEWSLETTER_QUEUE, { pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) await sendNewsletterJob({ database, config, delivery }, job.data);
  });
  return {
    async queue(jobs, executeSql) {
      for (let start = 0; start < jobs.length; start += INSERT_BATCH) {
        await boss.insert(
          jobs
            .slice(start, start + INSERT_BATCH)
            .map((data) => ({ name: NEWSLETTER_QUEUE, data, retryLimit: 5, retryDelay: 60, retryBackoff: true })),
          { db: { executeSql } },
        );
      }
    },
  };
}

/**
 * Without the job queue (JOBS=off, one-off tools): the newsletter is sent at once, one e-mail after another, from
 * inside the caller's transaction — nothing to queue, so nothing the transaction could keep or drop.
 */
export const newsletterWithoutQueue = (database: Database, config: Config, delivery: Delivery): NewsletterSender => ({
  async queue(jobs) {
    for (const job of jobs) await sendNewsletterJob({ database, config, delivery }, job);
  },
});
