/**
 * Hand-overs on the job queue: one job per order (keyed by it, so an order is never asked of the courier twice at
 * once), retried with back-off (HAND_OVER_ATTEMPTS in all); the hand-over's row is written before the job, and a sweep
 * every five minutes queues again a row left waiting (an instance that stopped between the row and the job).
 */
import type PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import { attemptHandOver, HAND_OVER_ATTEMPTS, type CouriersContext, type HandOverQueue } from './service';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';

const HAND_OVER_QUEUE = 'courier-hand-over';
const SWEEP_QUEUE = 'courier-hand-over-sweep';
const SWEEP_CRON = '*/5 * * * *';
const RETRIES = { retryLimit: HAND_OVER_ATTEMPTS - 1, retryDelay: 30, retryBackoff: true };

export async function courierQueue(boss: PgBoss, ctx: CouriersContext): Promise<HandOverQueue> {
  await boss.createQueue(HAND_OVER_QUEUE);
  await boss.createQueue(SWEEP_QUEUE);
  await boss.schedule(SWEEP_QUEUE, SWEEP_CRON);
  const send = async (orderIds: number[]) => {
    for (const orderId of orderIds) await boss.send(HAND_OVER_QUEUE, { orderId }, { singletonKey: `order:${orderId}`, ...RETRIES });
  };
  await boss.work<{ orderId: number }>(HAND_OVER_QUEUE, { pollingIntervalSeconds: 2 }, async (jobs) => {
    for (const job of jobs) await attemptHandOver(ctx, job.data.orderId);
  });
  await boss.work(SWEEP_QUEUE, async () => {
    const waiting = await ctx.database.rows<Pick<TableRow<typeof tables.courierDeliveries>, 'order_id'>>(sql`
      SELECT order_id FROM courier_deliveries WHERE status = 'requested' AND updated_at < now() - interval '10 minutes'`);
    await send(waiting.map((row) => row.order_id));
  });
  return { send };
}

/** Without the queue (JOBS=off, a one-off tool): rows wait for an instance with the queue, whose sweep finds them. */
export const handOverLater: HandOverQueue = { send: async () => {} };
