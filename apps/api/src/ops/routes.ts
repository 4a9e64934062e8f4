/**
 * What a load balancer and a monitoring system ask of each instance (docs/operations.md): `/api/health` (the process
 * answers), `/api/ready` (it can serve: database and storage reachable, Redis reported; not while draining) and
 * `/metrics` (Prometheus), and the request timing behind the metrics. Registered on the root instance, so the timing
 * sees every route.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@attar/contract';
import type { AppContext } from '../app-context';
import { notFound } from '../http/errors';
import type { MediaStorage } from '../media/storage';
import type { SharedCounters } from '../ratelimit/counters';
import { metricsReaders, registry, requestDuration, watchDatabase, watchDependencies } from './metrics';
import { publicSecurity, tokenRefused } from '../http/openapi';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * From now on `/api/ready` answers 503 `draining` (a balancer stops sending new requests) and every answer closes
     * its connection (keep-alive clients move on); everything else is served as before. For a stopping instance.
     */
    startDraining(): void;
  }
}

/** `degraded`: unreachable but optional (Redis: the counters use PostgreSQL meanwhile). */
const Checks = z.record(z.string(), z.enum(['ok', 'down', 'degraded', 'not configured']));
const Ready = z.object({ status: z.literal('ready'), checks: Checks });
const NotReady = ErrorBody.extend({ checks: Checks });

/** A check that does not answer within this long counts as down: a balancer must not wait on a hung dependency. */
const CHECK_TIMEOUT_MS = 2000;

export function registerOperations(app: FastifyInstance, ctx: AppContext & { counters: SharedCounters; storage: MediaStorage }): void {
  const fastify = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['operations'];

  let draining = false;
  app.decorate('startDraining', () => void (draining = true));
  fastify.addHook('onRequest', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });

  // Each reported once: a lost connection (the pool replaces it), Redis going away and coming back. The reason only:
  // a pool's error carries its whole connection object.
  const stopReporting = ctx.database.onConnectionError?.((error) => app.log.warn({ reason: error.message }, 'lost a database connection'));
  if (stopReporting) app.addHook('onClose', async () => stopReporting());
  ctx.counters.onRedisChange((state, error) =>
    state === 'ok'
      ? app.log.info('Redis reachable again: rate-limit counts are back in Redis')
      : app.log.warn({ reason: error?.message }, 'Redis unreachable: rate-limit counts are kept in PostgreSQL meanwhile'),
  );

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
        response: { 200: z.object({ status: z.literal('ok'), checks: Checks }), ...tokenRefused },
      },
    },
    // Nothing is contacted (liveness): Redis as the counters last found it.
    async () => ({ status: 'ok' as const, checks: { redis: ctx.counters.redisState() } }),
  );

  const within = <T>(work: Promise<T>) =>
    Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref())]);
  fastify.get(
    '/api/ready/',
    {
      schema: {
        tags,
        summary: 'The instance can serve: database and storage reachable (Redis reported), not stopping',
        operationId: 'ready',
        security: publicSecurity,
        response: { 200: Ready, ...tokenRefused, 503: NotReady },
      },
    },
    async (_request, reply) => {
      const required: Record<string, () => Promise<unknown>> = {
        database: () => ctx.database.rows(sql`SELECT 1`),
        storage: () => ctx.storage.check(),
      };
      const checks: z.infer<typeof Checks> = {};
      await Promise.all([
        ...Object.entries(required).map(async ([name, probe]) => {
          checks[name] = await within(probe()).then(
            () => 'ok' as const,
            () => 'down' as const,
          );
        }),
        // Reported, not required: without Redis the limits are counted in PostgreSQL (decision 0031).
        within(ctx.counters.checkRedis()).then(
          (state) => void (checks.redis = state),
          () => void (checks.redis = 'degraded'),
        ),
      ]);
      if (draining) return reply.status(503).send({ detail: 'Not ready: the instance is stopping.', code: 'draining', checks });
      const down = Object.keys(checks).filter((name) => checks[name] === 'down');
      if (down.length === 0) return { status: 'ready' as const, checks };
      return reply.status(503).send({ detail: `Not ready: ${down.join(', ')} unreachable.`, code: 'not_ready', checks });
    },
  );

  watchDatabase(ctx.database);
  watchDependencies(ctx.counters);
  const mayRead = metricsReaders(ctx.config.metricsAllow);
  // Outside /api/: the storefront passes only /api/ on, and a balancer can keep it to the monitoring network.
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    // The connection's own address, never X-Forwarded-For: whoever is allowed must reach the instance directly.
    if (!mayRead(request.socket.remoteAddress)) return reply.status(404).send(notFound().body()); // as for an address that does not exist
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
