/**
 * Back-in-stock alerts on the job queue. A size coming back into stock NOTIFYs `attar_restocked` on commit (migration
 * 0027); every API instance LISTENs and queues one "tell the waiting" job (a `short` queue with one key: while one
 * waits, more are not added); a sweep every five minutes catches what an instance missed while restarting. That job
 * takes the due alerts and queues their messages in the outbox in the same transaction (decision 0059); the outbox's
 * worker sends them.
 */
import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { takeDueAlerts } from '../stock-alerts/service';

export const RESTOCKED_CHANNEL = 'attar_restocked';
const RESTOCKED_QUEUE = 'stock-alerts-due';
const SWEEP_CRON = '*/5 * * * *';
const RETRIES = { retryLimit: 5, retryDelay: 30, retryBackoff: true };

/** Registers the worker, the sweep and this instance's LISTEN; answers how to stop listening. */
export async function stockAlertsQueue(
  boss: PgBoss,
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  await boss.createQueue(RESTOCKED_QUEUE, { name: RESTOCKED_QUEUE, policy: 'short' });
  await boss.schedule(RESTOCKED_QUEUE, SWEEP_CRON);
  await boss.work(RESTOCKED_QUEUE, { pollingIntervalSeconds: 1 }, async () => {
    const told = await takeDueAlerts(database, config);
    if (told > 0) log.info({ told }, 'back-in-stock alerts');
  });
  const restocked = () => {
    boss.send(RESTOCKED_QUEUE, {}, { singletonKey: 'due', ...RETRIES }).catch((error) => log.error({ err: error }, 'back-in-stock alerts'));
  };
  return database.listen(RESTOCKED_CHANNEL, restocked);
}
