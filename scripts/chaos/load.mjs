// The suite's shoppers: a few clients, each placing cash-on-delivery orders one after the other with an
// Idempotency-Key, and, on a connection failure, a 5xx or a 409/429, sending the same order again with the same key
// (bounded) until the shop answers 201. Every attempt is kept, so the summary can tell what the shopper saw.
import { randomUUID } from 'node:crypto';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Retries of one order after its first attempt, waiting 200 ms, 400 ms, … up to 2 s between them. */
const MAX_RETRIES = 10;
/** No answer within this is a failed attempt (the balancer's own server timeout is longer). */
const ATTEMPT_TIMEOUT_MS = 15_000;
/** A shopper's pause between orders, so a few clients make a bounded load. */
const THINK_MS = 150;

const retryable = (status) => status === 0 || status >= 500 || status === 409 || status === 429;

/** Sends one attempt; answers `{ status, body }` (status 0: no answer). */
async function attempt(origin, order, key) {
  try {
    const response = await fetch(`${origin}/api/orders/`, {
      method: 'POST',
      headers: { ...order.headers, 'idempotency-key': key, 'accept-language': 'en' },
      body: order.body,
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
    const text = await response.text();
    return { status: response.status, body: response.status === 201 ? JSON.parse(text) : text };
  } catch {
    return { status: 0, body: null };
  }
}

/**
 * Starts `clients` shoppers taking orders from `orders.nextOrder()` until `stop()`; `stop` waits for the orders in
 * progress to finish (acknowledged or out of retries) and answers what happened: `attempts` (`{ at, status }`),
 * `acknowledged` (`{ key, orderNumber }`), `abandoned` (keys never acknowledged, the rejected among them) and
 * `rejected` (a 4xx that no retry changes: `{ key, status, body }`).
 */
export function startLoad(origin, orders, clients) {
  const result = { attempts: [], acknowledged: [], abandoned: [], rejected: [] };
  let stopping = false;
  const client = async () => {
    while (!stopping) {
      const order = orders.nextOrder();
      const key = randomUUID();
      let acknowledged = false;
      for (let retry = 0; retry <= MAX_RETRIES && !acknowledged; retry++) {
        if (retry > 0) await sleep(Math.min(200 * 2 ** (retry - 1), 2000));
        const at = Date.now();
        const { status, body } = await attempt(origin, order, key);
        result.attempts.push({ at, status });
        if (status === 201) {
          result.acknowledged.push({ key, orderNumber: body.order_number });
          acknowledged = true;
        } else if (!retryable(status)) {
          result.rejected.push({ key, status, body: String(body).slice(0, 200) });
          break;
        }
      }
      if (!acknowledged) result.abandoned.push(key);
      await sleep(THINK_MS);
    }
  };
  const running = Promise.all(Array.from({ length: clients }, client));
  return {
    async stop() {
      stopping = true;
      await running;
      return result;
    },
  };
}
