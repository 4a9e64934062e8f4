/** Drives the order-message worker by hand (the app's own runs only with JOBS on): sends what is due, batch by batch. */
import { beforeAll } from 'vitest';
import { createDelivery, type Delivery } from '../delivery/service';
import { drainDue, type OutboxContext } from '../messages/worker';
import { createCounterStore } from '../ratelimit/counters';
import type { TestApp } from './app';

export function useOutboxWorker(t: TestApp) {
  let delivery: Delivery;
  beforeAll(() => {
    // The shop-wide SMS counters live in the database here (no Redis), shared with the app's own requests.
    delivery = createDelivery(t.config, t.db.database, createCounterStore(t.db.database, ''), t.app.log);
  });
  const outbox = (): OutboxContext => ({ database: t.db.database, config: t.config, delivery, log: t.app.log });
  return {
    outbox,
    delivery: () => delivery,
    /** Sends whatever is due, batch after batch, as the worker's loop does while there is work. */
    async drainAll(ctx = outbox()) {
      while ((await drainDue(ctx)) > 0);
    },
  };
}

/** The settings that send order messages to the stand-in mail server and SMS gateway, new-order alerts to one address. */
export const deliveryEnv = (smtp: { url: string }, gateway: { url: string }) => ({
  SMTP_URL: smtp.url,
  SMS_GATEWAY_URL: gateway.url,
  MAIL_FROM: 'Attar <orders@attar.test>',
  ORDER_ALERT_EMAILS: 'orders@attar.test',
});
