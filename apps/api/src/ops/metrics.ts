/**
 * Prometheus metrics (prom-client): request durations by route and status, the database pool, the job queue's depth
 * and failures, orders placed and payments by outcome, and Node's own (memory, event loop, CPU). One registry per
 * process: each instance of a fleet is scraped on its own and the figures are summed by Prometheus.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client';
import type { SharedCounters } from '../ratelimit/counters';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const requestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route and status.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export const ordersPlaced = new Counter({
  name: 'attar_orders_placed_total',
  help: 'Orders placed (shoppers, guests and phone orders), by payment method.',
  labelNames: ['payment_method'] as const,
  registers: [registry],
});

export const paymentOutcomes = new Counter({
  name: 'attar_payments_total',
  help: 'Online payments settled by the gateway, by outcome.',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

/** Figures read when scraped: the database pool and the job queue, which live outside this process's counters. */
export function watchDatabase(database: Database) {
  registry.removeSingleMetric('attar_db_pool_connections');
  registry.removeSingleMetric('attar_jobs');
  new Gauge({
    name: 'attar_db_pool_connections',
    help: 'PostgreSQL connections of this instance, by state (waiting: requests queued for a connection).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats?.();
      if (!stats) return;
      this.set({ state: 'open' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'attar_jobs',
    help: 'Jobs in the queue (shared by the fleet), by queue and state: queued (waiting or to retry), active, failed.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await database
        .executeSql(
          `SELECT name, count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS queued,
             count(*) FILTER (WHERE state = 'active')::int AS active, count(*) FILTER (WHERE state = 'failed')::int AS failed
           FROM pgboss.job GROUP BY name`,
        )
        // No queue yet (jobs off, or before the first start made its schema): nothing to report.
        .catch(() => ({ rows: [] }));
      for (const row of rows.rows as { name: string; queued: number; active: number; failed: number }[]) {
        for (const state of ['queued', 'active', 'failed'] as const) this.set({ queue: row.name, state }, row[state]);
      }
    },
  });
}

/** Whether each optional dependency is in use: Redis 0 while the counters fall back on PostgreSQL (not set: none). */
export function watchDependencies(counters: SharedCounters) {
  registry.removeSingleMetric('attar_dependency_up');
  new Gauge({
    name: 'attar_dependency_up',
    help: 'Optional dependencies of this instance: 1 reachable, 0 unreachable (degraded: the instance serves without it).',
    labelNames: ['dependency'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const redis = counters.redisState();
      if (redis !== 'not configured') this.set({ dependency: 'redis' }, redis === 'ok' ? 1 : 0);
    },
  });
}

/** Whether `address` (a connection's own) may read the metrics: METRICS_ALLOW's addresses and ranges. */
export function metricsReaders(allowed: string[]): (address: string | undefined) => boolean {
  const list = new BlockList();
  for (const entry of allowed) {
    if (entry === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [address = '', bits] = entry.split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (!isIPv4(address) && !isIPv6(address)) throw new Error(`METRICS_ALLOW: ${entry} is not an address or range`);
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    if (!address) return false;
    // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
    const mapped = address.startsWith('::ffff:') ? address.slice(7) : address;
    return list.check(mapped, isIPv6(mapped) ? 'ipv6' : 'ipv4');
  };
}
