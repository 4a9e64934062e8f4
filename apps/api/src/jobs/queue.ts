/**
 * The background work of an API instance. The job queue (pg-boss, in the shop's own database): newsletters
 * (newsletter/queue.ts), the hourly housekeeping (expired rows, unpaid online orders), the daily low-stock e-mail,
 * back-in-stock alerts (jobs/stock-alerts.ts), hand-overs to couriers (couriers/queue.ts), every five minutes the cash
 * orders nobody confirmed (confirmations/service.ts) and, each minute, the products scheduled for publication and (with
 * WhatsApp) the SMS of WhatsApp messages not delivered in time; pg-boss hands each job to one worker and fires each
 * schedule once, however many instances run. And the worker that sends order messages from the transactional outbox
 * (messages/worker.ts).
 */
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Delivery } from '../delivery/service';
import { publishDueProducts } from '../catalog/staff-service';
import { expireUnpaidOrders, remindKioskPayers } from '../payments/service';
import { LOW_STOCK_CRON, LOW_STOCK_QUEUE, sendLowStockDigest } from '../stock/low-stock-digest';
import { HOUSEKEEPING_CRON, HOUSEKEEPING_QUEUE, purgeExpired } from './housekeeping';
import { whileStartingAlone } from '../db/migrate';
import { newsletterQueue, type NewsletterSender } from '../newsletter/queue';
import { stockAlertsQueue } from './stock-alerts';
import { settledHandlers } from './settled-handlers';
import { startMessageWorker } from '../messages/worker';
import { courierQueue } from '../couriers/queue';
import type { HandOverQueue } from '../couriers/service';
import { fallBackOverdue } from '../whatsapp/service';
import { CONFIRMATIONS_CRON, sweepConfirmations } from '../confirmations/service';

/** Every minute: products scheduled for publication whose time has come (the back office's "publish at"). */
const PUBLISHING_QUEUE = 'catalogue-publishing';
/** Every minute, with WhatsApp: the SMS of WhatsApp messages not delivered in time (whatsapp/service.ts). */
const WHATSAPP_FALLBACK_QUEUE = 'whatsapp-fallback';
/** Cash orders waiting for their shopper: flagged, then cancelled unanswered (decision 0048). */
const CONFIRMATIONS_QUEUE = 'cod-confirmations';

export type Jobs = { newsletter: NewsletterSender; couriers: HandOverQueue; stop(): Promise<void> };

export async function startJobs(database: Database, config: Config, delivery: Delivery, log: FastifyBaseLogger): Promise<Jobs> {
  // Instances starting together make the queues and schedules one after another: pg-boss's statements for them
  // deadlock when two processes run them at once (ops/fleet.test.ts).
  return whileStartingAlone(config.databaseUrl, () => startQueues(database, config, delivery, log));
}

async function startQueues(database: Database, config: Config, delivery: Delivery, log: FastifyBaseLogger): Promise<Jobs> {
  const boss = new PgBoss({ db: { executeSql: database.executeSql } as never });
  boss.on('error', (error) => log.error({ err: error }, 'job queue'));
  const waitForHandlers = settledHandlers(boss);
  await boss.start();
  const newsletter = await newsletterQueue(boss, database, config, delivery);
  await boss.createQueue(HOUSEKEEPING_QUEUE);
  await boss.schedule(HOUSEKEEPING_QUEUE, HOUSEKEEPING_CRON);
  await boss.work(HOUSEKEEPING_QUEUE, async () => {
    const expired = await expireUnpaidOrders(database, config);
    const reminded = await remindKioskPayers(database, config);
    log.info(
      { purged: await purgeExpired(database), unpaidOrdersCancelled: expired.length, kioskPayersReminded: reminded.length },
      'housekeeping',
    );
  });
  await boss.createQueue(PUBLISHING_QUEUE);
  await boss.schedule(PUBLISHING_QUEUE, '* * * * *');
  await boss.work(PUBLISHING_QUEUE, async () => {
    const published = await publishDueProducts(database);
    if (published.length > 0) log.info({ published }, 'scheduled products published');
  });
  if (config.whatsapp.enabled) {
    await boss.createQueue(WHATSAPP_FALLBACK_QUEUE);
    await boss.schedule(WHATSAPP_FALLBACK_QUEUE, '* * * * *');
    await boss.work(WHATSAPP_FALLBACK_QUEUE, async () => {
      const fellBack = await fallBackOverdue(database, config.whatsapp.fallbackMinutes);
      if (fellBack.length > 0) log.info({ fellBack }, 'WhatsApp not delivered in time: SMS sent instead');
    });
  }
  await boss.createQueue(CONFIRMATIONS_QUEUE);
  await boss.schedule(CONFIRMATIONS_QUEUE, CONFIRMATIONS_CRON);
  await boss.work(CONFIRMATIONS_QUEUE, async () => {
    const swept = await sweepConfirmations(database, config);
    if (swept.flagged.length + swept.cancelled.length > 0) log.info(swept, 'unanswered cash orders');
  });
  await boss.createQueue(LOW_STOCK_QUEUE);
  await boss.schedule(LOW_STOCK_QUEUE, LOW_STOCK_CRON, undefined, { tz: 'Africa/Cairo' });
  await boss.work(LOW_STOCK_QUEUE, async () => {
    log.info({ recipients: await sendLowStockDigest(database, config, delivery) }, 'low-stock digest');
  });
  const stopListening = await stockAlertsQueue(boss, database, config, log);
  const couriers = await courierQueue(boss, { database, config, log });
  const messages = await startMessageWorker({ database, config, delivery, log });
  return {
    newsletter,
    couriers,
    stop: async () => {
      // Claims no more, and finishes the sends it holds.
      await messages.stop();
      await stopListening();
      await boss.stop({ graceful: true, timeout: 5_000 });
      await waitForHandlers();
    },
  };
}
