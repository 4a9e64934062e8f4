import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OutboxMessage } from '@attar/contract';
import type { Database } from '../db/client';
import { readOutbox } from './service';

/**
 * GET /api/dev/outbox/?recipient=… — the development outbox, so a developer (and the browser tests) can read the codes
 * the shop "sent". Registered only while e-mail or SMS has no real transport configured.
 */
export const outboxRoutes =
  (database: Database): FastifyPluginAsyncZod =>
  async (fastify) => {
    fastify.get(
      '/api/dev/outbox/',
      {
        schema: {
          tags: ['development'],
          querystring: z.object({ recipient: z.string().max(254).optional() }),
          response: { 200: z.array(OutboxMessage) },
        },
      },
      async (request) => readOutbox(database, request.query.recipient?.trim().toLowerCase()),
    );
  };
