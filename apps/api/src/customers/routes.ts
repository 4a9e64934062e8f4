import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, StaffCustomerLookup, StaffCustomerLookupQuery } from '@attar/contract';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { requestLocale } from '../http/locale';
import { requireStaff } from '../staff/auth';
import { lookupCustomer } from './service';

/** The back office's customer calls. */
export const staffCustomerRoutes =
  (ctx: { database: Database; config: Config }): FastifyPluginAsyncZod =>
  async (fastify) => {
    fastify.get(
      '/api/staff/customers/lookup/',
      {
        schema: {
          tags: ['staff'],
          security: [{ staffSession: [] }],
          description: 'A caller found by mobile number: their account and saved addresses, and their latest orders.',
          querystring: StaffCustomerLookupQuery,
          response: { 200: StaffCustomerLookup, 400: z.record(z.string(), z.array(z.string())), 401: ErrorBody, 403: ErrorBody },
        },
      },
      async (request, reply) => {
        requireStaff(request, ctx.config, 'placePhoneOrders');
        return reply
          .header('cache-control', 'private, no-store')
          .send(await lookupCustomer(ctx.database, requestLocale(request), request.query.phone));
      },
    );
  };
