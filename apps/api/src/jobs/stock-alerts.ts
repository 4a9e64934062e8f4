/**
 * Back-in-stock alerts on the job queue. A size coming back into stock NOTIFYs `attar_restocked` on commit (migration
 * 0027); every API instance LISTENs and queues one "tell the waiting" job (a `short` queue with one key: while one
 * waits, more are not added); a sweep every five minutes catches what an instance missed while restarting. That job
 * takes the due alerts and queues one message per subscriber, sent and retried on its own.
 */
import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { mediaBaseOf, type Config } from '../config';
import type { Database } from '../db/client';
import type { Delivery } from '../delivery/service';
import { text } from '../i18n/catalogue';
import { backInStockEmail } from '../messages/emails';
import { takeDueAlerts, type StockAlertMessage } from '../stock-alerts/service';

export const RESTOCKED_CHANNEL = 'attar_restocked';
const RESTOCKED_QUEUE = 'stock-alerts-due';
const MESSAGES_QUEUE = 'stock-alert-messages';
const SWEEP_CRON = '*/5 * * * *';
const RETRIES = { retryLimit: 5, retryDelay: 30, retryBackoff: true };

/** The product's page in the subscriber's language. */
export const productPageUrl = (config: Config, message: Pick<StockAlertMessage, 'locale' | 'slug'>) =>
  `${config.storefrontUrl}${message.locale === 'ar' ? '/ar' : ''}/fragrances/${message.slug}`;

/** Sends one subscriber's message: the shop's e-mail, or a short SMS in their language. */
export async function sendStockAlertMessage(config: Config, delivery: Delivery, message: StockAlertMessage) {
  const productUrl = productPageUrl(config, message);
  const sizeName = message.ml ? text(message.locale, 'sizeName', { ml: message.ml }) : undefined;
  if (message.channel === 'sms') {
    const name = sizeName ? `${message.name} ${sizeName}` : message.name;
    await delivery.sendSms({ to: message.to, text: text(message.locale, 'backInStockSms', { name, url: productUrl }) });
    return;
  }
  const imageUrl = message.image ? `${mediaBaseOf(config)}${message.image}` : null;
  await delivery.sendEmail(
    await backInStockEmail({ to: message.to, locale: message.locale, productName: message.name, sizeName, productUrl, imageUrl }),
  );
}

/** Registers the workers, the sweep and this instance's LISTEN; answers how to stop listening. */
export async function stockAlertsQueue(
  boss: PgBoss,
  database: Database,
  config: Config,
  delivery: Delivery,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  await boss.createQueue(RESTOCKED_QUEUE, { name: RESTOCKED_QUEUE, policy: 'short' });
  await boss.createQueue(MESSAGES_QUEUE);
  await boss.schedule(RESTOCKED_QUEUE, SWEEP_CRON);
  await boss.work(RESTOCKED_QUEUE, { pollingIntervalSeconds: 1 }, async () => {
    const told = await takeDueAlerts(database, (messages, executeSql) =>
      boss.insert(
        messages.map((data) => ({ name: MESSAGES_QUEUE, data, ...RETRIES })),
        { db: { executeSql } },
      ),
    );
    if (told > 0) log.info({ told }, 'back-in-stock alerts');
  });
  await boss.work<StockAlertMessage>(MESSAGES_QUEUE, { pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) await sendStockAlertMessage(config, delivery, job.data);
  });
  const restocked = () => {
    boss.send(RESTOCKED_QUEUE, {}, { singletonKey: 'due', ...RETRIES }).catch((error) => log.error({ err: error }, 'back-in-stock alerts'));
  };
  return database.listen(RESTOCKED_CHANNEL, restocked);
}
