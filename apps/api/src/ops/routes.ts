/**
 * What a load balancer and a monitoring system ask of each instance (docs/operations.md): `/api/health` (the process
 * answers), `/api/ready` (it can serve: database, Redis and storage reachable) and `/metrics` (Prometheus), and the
 * request timing behind the metrics. Registered on the root instance, so the timing sees every route.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@attar/contract';
import type { AppContext } from '../app-context';
import { notFound } from '../http/errors';
import type { MediaStorage } from '../media/storage';
import type { CounterStore } from '../ratelimit/counters';
import { metricsReaders, registry, requestDuration, watchDatabase } from './metrics';
import { publicSecurity, tokenRefused } from '../http/openapi';

const Checks = z.record(z.string(), z.enum(['ok', 'down', 'not configured']));
const Ready = z.object({ status: z.literal('ready'), checks: Checks });
const NotReady = ErrorBody.extend({ checks: Checks });

/** A check that does not answer within this long counts as down: a balancer must not wait on a hung dependency. */
const CHECK_TIMEOUT_MS = 2000;

export function registerOperations(app: FastifyInstance, ctx: AppContext & { counters: CounterStore; storage: MediaStorage }): void {
  const fastify = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['operations'];

  fastify.addHook('onResponse', async (request, reply) => {
    requestDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });

  fastify.get(
    '/api/health/',
    {
      schema: {
        tags,
        summary: 'The process answers',
        operationId: 'health',
        security: publicSecurity,
        response: { 200: z.object({ status: z.literal('ok') }), ...tokenRefused },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  const within = <T>(work: Promise<T>) =>
    Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref())]);
  fastify.get(
    '/api/ready/',
    {
      schema: {
        tags,
        summary: 'The instance can serve: database, Redis and storage reachable',
        operationId: 'ready',
        security: publicSecurity,
        response: { 200: Ready, ...tokenRefused, 503: NotReady },
      },
    },
    async (_request, reply) => {
      const probes: Record<string, (() => Promise<unknown>) | null> = {
        database: () => ctx.database.rows(sql`SELECT 1`),
        redis: ctx.config.redisUrl ? () => ctx.counters.ping() : null,
        storage: () => ctx.storage.check(),
      };
      const checks: z.infer<typeof Checks> = {};
      await Promise.all(
        Object.entries(probes).map(async ([name, probe]) => {
          if (!probe) return void (checks[name] = 'not configured');
          checks[name] = await within(probe()).then(
            () => 'ok' as const,
            () => 'down' as const,
          );
        }),
      );
      const down = Object.keys(checks).filter((name) => checks[name] === 'down');
      if (down.length === 0) return { status: 'ready' as const, checks };
      return reply.status(503).send({ detail: `Not ready: ${down.join(', ')} unreachable.`, code: 'not_ready', checks });
    },
  );

  watchDatabase(ctx.database);
  const mayRead = metricsReaders(ctx.config.metricsAllow);
  // Outside /api/: the storefront passes only /api/ on, and a balancer can keep it to the monitoring network.
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    // The connection's own address, never X-Forwarded-For: whoever is allowed must reach the instance directly.
    if (!mayRead(request.socket.remoteAddress)) return reply.status(404).send(notFound().body()); // as for an address that does not exist
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
