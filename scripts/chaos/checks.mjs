// What must hold after each fault, once the load has stopped and the order messages have been sent: nothing a
// shopper was told is placed is lost, nothing is placed twice, the stock and points ledgers agree with the balances,
// every new order's confirmation reached the mail and SMS sinks exactly once, and no message is left to send.
import { query } from '../bench/database.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** The longest wait for the queue to empty after the load stops. */
const DRAIN_LIMIT_MS = 60_000;

/** The highest order id now: a phase's orders are the ones above it. */
export async function lastOrderId(databaseUrl) {
  const [row] = await query(databaseUrl, 'SELECT coalesce(max(id), 0)::int AS id FROM orders');
  return row.id;
}

/** The order messages of the orders after `sinceOrderId` still to send, and those given up (the outbox's rows). */
async function messageStates(databaseUrl, sinceOrderId) {
  const [states] = await query(
    databaseUrl,
    `SELECT count(*) FILTER (WHERE state = 'pending')::int AS pending, count(*) FILTER (WHERE state = 'dead')::int AS dead
     FROM queued_messages WHERE order_id > $1`,
    [sinceOrderId],
  );
  return states;
}

/** Waits (bounded) until no message of the orders after `sinceOrderId` is pending; answers the last states seen. */
export async function untilDrained(databaseUrl, sinceOrderId) {
  const deadline = Date.now() + DRAIN_LIMIT_MS;
  for (;;) {
    const states = await messageStates(databaseUrl, sinceOrderId);
    if (states.pending === 0 || Date.now() > deadline) return states;
    await sleep(250);
  }
}

/** The sizes whose stock is not what their ledger says (the sum of its changes and its last row's stock_after). */
const stockDisagreements = (databaseUrl) =>
  query(
    databaseUrl,
    `SELECT v.id FROM product_variants v
     LEFT JOIN LATERAL (SELECT coalesce(sum(change), 0)::int AS total FROM stock_movements m WHERE m.variant_id = v.id) s ON true
     LEFT JOIN LATERAL (SELECT stock_after FROM stock_movements m WHERE m.variant_id = v.id ORDER BY id DESC LIMIT 1) l ON true
     WHERE s.total <> v.stock OR coalesce(l.stock_after, 0) <> v.stock`,
  );

const pointsDisagreements = (databaseUrl) =>
  query(
    databaseUrl,
    `SELECT u.id FROM users u WHERE u.points <> coalesce((SELECT sum(change) FROM points_ledger l WHERE l.user_id = u.id), 0)`,
  );

/**
 * Records the suite's restock in the stock ledger: the order benchmark's shoppers come with stock added to the sizes
 * they order, set directly; a `received` movement per size makes the ledger say so (the checks then hold from here).
 */
export async function recordRestock(databaseUrl) {
  await query(
    databaseUrl,
    `INSERT INTO stock_movements (variant_id, product_id, change, stock_after, reason, note)
     SELECT v.id, v.product_id, v.stock - s.total, v.stock, 'received', 'chaos suite stock'
     FROM product_variants v
     JOIN LATERAL (SELECT coalesce(sum(change), 0)::int AS total FROM stock_movements m WHERE m.variant_id = v.id) s ON true
     WHERE v.stock <> s.total`,
  );
}

/** Percentiles 50, 95 and 100 of `values` (seconds), NaN when there are none. */
function lagFigures(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
  return { p50: at(50), p95: at(95), max: at(100) };
}

/**
 * Checks the phase that placed the orders after `sinceOrderId`: `load` is what its clients saw, `received` what the
 * sinks got (`{ channel, to, id, orderNumber, at }`: orderNumber for an SMS), `exits` the instances that exited untold.
 * Answers `{ failures: [text], resent, lag }`: `resent`, the messages that arrived again with the id they had.
 */
export async function checkPhase(databaseUrl, { sinceOrderId, load, received, exits }) {
  const failures = [];
  const messages = await untilDrained(databaseUrl, sinceOrderId);
  if (messages.pending > 0) failures.push(`${messages.pending} order messages still pending ${DRAIN_LIMIT_MS / 1000} s after the load`);
  if (messages.dead > 0) failures.push(`${messages.dead} order messages given up`);

  const numbers = load.acknowledged.map((a) => a.orderNumber);
  const found = await query(databaseUrl, 'SELECT order_number FROM orders WHERE order_number = ANY($1::text[])', [numbers]);
  const lost = numbers.length - found.length;
  if (lost > 0) failures.push(`${lost} acknowledged orders lost`);

  const [twice] = await query(
    databaseUrl,
    `SELECT (SELECT count(*) FROM (SELECT 1 FROM orders WHERE id > $1 AND idempotency_key IS NOT NULL
                                   GROUP BY idempotency_key HAVING count(*) > 1) k)::int AS keys,
            (SELECT count(*) FROM (SELECT 1 FROM orders WHERE id > $1 GROUP BY user_id HAVING count(*) > 1) u)::int AS shoppers`,
    [sinceOrderId],
  );
  if (twice.keys > 0) failures.push(`${twice.keys} Idempotency-Keys with more than one order`);
  if (twice.shoppers > 0) failures.push(`${twice.shoppers} shoppers (one cart each) with more than one order`);

  const stock = await stockDisagreements(databaseUrl);
  if (stock.length) failures.push(`${stock.length} sizes whose stock differs from the stock ledger`);
  const points = await pointsDisagreements(databaseUrl);
  if (points.length) failures.push(`${points.length} points balances that differ from the points ledger`);

  // Each order's confirmation: one e-mail to the shopper's address (each shopper orders once, so the address names
  // the order) and one SMS to the delivery phone naming the order's number (the shoppers share a phone).
  const orders = await query(
    databaseUrl,
    `SELECT o.order_number, (extract(epoch FROM o.created_at) * 1000)::float8 AS created_ms,
       lower(coalesce(u.email, o.guest_email)) AS email, o.address->>'phone' AS phone
     FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.id > $1`,
    [sinceOrderId],
  );
  const arrivals = new Map();
  for (const message of received) {
    const key = message.channel === 'email' ? `email ${message.to}` : `sms ${message.to} ${message.orderNumber}`;
    arrivals.set(key, [...(arrivals.get(key) ?? []), message]);
  }
  let missing = 0;
  let repeated = 0;
  // A message sent again with the id it had (a crash between the provider's acceptance and the send's record, decision
  // 0032) is one message to the person: mail clients keep one per Message-ID and the gateway one per Idempotency-Key.
  let resent = 0;
  const lags = [];
  for (const order of orders) {
    for (const key of [`email ${order.email}`, `sms ${order.phone} ${order.order_number}`]) {
      const arrived = arrivals.get(key) ?? [];
      const distinct = new Set(arrived.map((message) => message.id ?? Symbol('no id'))).size;
      if (arrived.length === 0) missing++;
      if (distinct > 1) repeated++;
      resent += arrived.length - distinct;
      if (arrived.length > 0) lags.push((arrived[0].at - order.created_ms) / 1000);
    }
  }
  if (missing) failures.push(`${missing} order confirmations (e-mail or SMS) not received`);
  if (repeated) failures.push(`${repeated} order confirmations (e-mail or SMS) received more than once`);

  for (const exit of exits) failures.push(`${exit.name} exited untold (${exit.code ?? exit.signal})`);
  return { failures, resent, lag: lagFigures(lags) };
}
