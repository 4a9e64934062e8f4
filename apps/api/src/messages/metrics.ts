/**
 * The outbox's figures: how many queued messages wait or were given up (read from the table when scraped, as the
 * fleet shares it), and how long a message took from its change's commit to the provider.
 */
import { sql } from 'drizzle-orm';
import { Gauge, Histogram } from 'prom-client';
import type { Database } from '../db/client';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { MESSAGE_CHANNELS } from '@attar/contract';
import { registry } from '../ops/metrics';

export const messageLag = new Histogram({
  name: 'attar_message_lag_seconds',
  help: 'Time from queuing an order message (its change committed) to the provider accepting it, by channel.',
  labelNames: ['channel'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 7200],
  registers: [registry],
});

/** Registers the gauge of queued messages by state (pending, dead) and channel, read from `database` at each scrape. */
export function watchQueuedMessages(database: Database) {
  registry.removeSingleMetric('attar_queued_messages');
  new Gauge({
    name: 'attar_queued_messages',
    help: 'Order messages in the outbox (shared by the fleet), by state and channel: pending (to send or retry), dead (given up).',
    labelNames: ['state', 'channel'] as const,
    registers: [registry],
    async collect() {
      const counts = await database.rows<Pick<TableRow<typeof tables.queuedMessages>, 'state' | 'channel'> & { n: number }>(sql`
        SELECT state, channel, count(*)::int AS n FROM queued_messages WHERE state IN ('pending', 'dead') GROUP BY state, channel`);
      // Every series every time: an empty outbox reads 0, not "no data".
      for (const state of ['pending', 'dead'] as const) {
        for (const channel of MESSAGE_CHANNELS) {
          this.set({ state, channel }, counts.find((row) => row.state === state && row.channel === channel)?.n ?? 0);
        }
      }
    },
  });
}
