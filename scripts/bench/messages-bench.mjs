// The order messages' part: how soon the outbox's worker (apps/api/src/messages/worker.ts) sends what orders queue.
// One API instance in production mode, mail and SMS to the loopback sinks (delivery-sinks.mjs). Signed-in shoppers
// place cash-on-delivery orders at BENCH_MESSAGE_RATE a second for BENCH_MESSAGE_SECONDS; then every confirmation's
// e-mail and SMS must be sent, and their lag (the order's commit to the send's record) is read from the table. Then a
// backlog: 1,000 of those messages put back in the queue at once, timed until the worker has sent them all again.
import { query } from './database.mjs';
import { startApi } from './api-bench.mjs';
import { pacedRun, prepareOrders } from './order-bench.mjs';
import { freePort } from './processes.mjs';

export const MESSAGE_GOALS = { lagP95Seconds: 5, backlog: 1000, backlogSeconds: 60 };
export const MESSAGE_RATE = Number(process.env.BENCH_MESSAGE_RATE ?? 20);
export const MESSAGE_SECONDS = Number(process.env.BENCH_MESSAGE_SECONDS ?? 60);
/** The longest wait for the queue to empty before the part gives up (the figures then say what was left). */
const DRAIN_LIMIT_MS = 180_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until no message of `where` is pending; answers the milliseconds waited. */
async function untilSent(databaseUrl, where, values) {
  const started = Date.now();
  while (Date.now() - started < DRAIN_LIMIT_MS) {
    const [left] = await query(
      databaseUrl,
      `SELECT count(*)::int AS n FROM queued_messages q WHERE q.state = 'pending' AND ${where}`,
      values,
    );
    if (left.n === 0) return Date.now() - started;
    await sleep(100);
  }
  return Date.now() - started;
}

/** The confirmations of the orders after `sinceOrderId`, per channel: how many, how many sent, lag percentiles (s). */
async function confirmationLag(databaseUrl, sinceOrderId) {
  return query(
    databaseUrl,
    `SELECT q.channel, count(*)::int AS queued, count(*) FILTER (WHERE q.state = 'sent')::int AS sent,
       count(*) FILTER (WHERE q.state = 'dead')::int AS dead,
       percentile_cont(ARRAY[0.5, 0.95, 1]) WITHIN GROUP (ORDER BY extract(epoch FROM q.sent_at - o.created_at)) AS lag
     FROM queued_messages q JOIN orders o ON o.id = q.order_id
     WHERE o.id > $1 AND q.kind = 'order_status' AND q.payload->>'status' = 'placed'
     GROUP BY q.channel ORDER BY q.channel`,
    [sinceOrderId],
  );
}

/** Puts `count` sent messages back in the queue in one transaction (as a backlog left by an outage) and times the drain. */
async function backlogDrain(databaseUrl, count) {
  const [requeued] = await query(
    databaseUrl,
    `WITH picked AS (SELECT id FROM queued_messages WHERE state = 'sent' ORDER BY id LIMIT $1),
       requeued AS (
         UPDATE queued_messages q SET state = 'pending', sent_at = NULL, provider_id = NULL, attempts = 0,
           next_attempt_at = now(), leased_until = NULL
         FROM picked WHERE q.id = picked.id RETURNING q.id),
       notified AS (SELECT pg_notify('queued_messages', ''))
     SELECT array_agg(id) AS ids, (SELECT count(*) FROM notified)::int AS notified FROM requeued`,
    [count],
  );
  const ids = requeued.ids ?? [];
  const ms = await untilSent(databaseUrl, 'q.id = ANY($1::int[])', [ids]);
  const [left] = await query(databaseUrl, `SELECT count(*)::int AS n FROM queued_messages WHERE id = ANY($1::int[]) AND state <> 'sent'`, [
    ids,
  ]);
  return { messages: ids.length, seconds: ms / 1000, notSent: left.n };
}

export async function benchMessages(databaseUrl) {
  const orders = await prepareOrders(databaseUrl, MESSAGE_RATE, MESSAGE_SECONDS);
  const [before] = await query(databaseUrl, 'SELECT coalesce(max(id), 0)::int AS id FROM orders');
  const api = await startApi(databaseUrl, await freePort(8100));
  try {
    console.log(`Messages: ${MESSAGE_RATE} orders/s for ${MESSAGE_SECONDS} s on one instance, then every confirmation sent…`);
    const load = await pacedRun(api.origin, orders, MESSAGE_RATE, MESSAGE_SECONDS);
    const drainMs = await untilSent(databaseUrl, 'q.order_id > $1', [before.id]);
    const [placed] = await query(databaseUrl, 'SELECT count(*)::int AS n FROM orders WHERE id > $1', [before.id]);
    const channels = (await confirmationLag(databaseUrl, before.id)).map((row) => ({
      channel: row.channel,
      queued: row.queued,
      sent: row.sent,
      dead: row.dead,
      p50: row.lag?.[0] ?? NaN,
      p95: row.lag?.[1] ?? NaN,
      max: row.lag?.[2] ?? NaN,
    }));
    console.log(`Messages: a backlog of ${MESSAGE_GOALS.backlog} put back in the queue at once…`);
    const backlog = await backlogDrain(databaseUrl, MESSAGE_GOALS.backlog);
    return {
      rate: MESSAGE_RATE,
      seconds: MESSAGE_SECONDS,
      ordersPlaced: placed.n,
      orderFailures: load.failures,
      afterLoadSeconds: drainMs / 1000,
      channels,
      backlog,
    };
  } finally {
    await api.stop();
  }
}
