import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorBody, OutboxMessage } from '@attar/contract';
import type { Database } from '../db/client';
import { notFound } from '../http/errors';
import { readOutbox } from './service';
import { BadRequestBody, publicSecurity, tokenRefused } from '../http/openapi';

const isLoopback = (address: string | undefined) =>
  !!address && (/^127\./.test(address) || address === '::1' || /^::ffff:127\./.test(address));

/**
 * Made to this API by a process on this machine, not relayed: the socket is loopback and no proxy header is present.
 * The storefront always adds X-Forwarded-For, so nothing a browser sends through it qualifies.
 */
const directFromThisMachine = (request: FastifyRequest) =>
  isLoopback(request.raw.socket.remoteAddress) &&
  !['x-forwarded-for', 'forwarded', 'x-real-ip'].some((header) => header in request.headers);

/**
 * GET /api/dev/outbox/?recipient=… — the development outbox, so a developer (and the browser tests) can read the codes
 * the shop "sent" to one address. Registered only in demo mode (docs/security.md); anyone else is told it does not exist.
 */
export const outboxRoutes =
  (database: Database): FastifyPluginAsyncZod =>
  async (fastify) => {
    fastify.get(
      '/api/dev/outbox/',
      {
        schema: {
          summary: 'List the messages the demo shop has sent.',
          operationId: 'listOutbox',
          security: publicSecurity,
          tags: ['development'],
          description: 'Demo mode only, and only to a request made directly from the API’s own machine.',
          querystring: z.object({ recipient: z.string().trim().toLowerCase().min(1).max(254) }),
          response: { 200: z.array(OutboxMessage), 400: BadRequestBody, ...tokenRefused, 404: ErrorBody },
        },
        onRequest: async (request) => {
          if (!directFromThisMachine(request)) throw notFound();
        },
      },
      async (request) => readOutbox(database, request.query.recipient),
    );
  };
