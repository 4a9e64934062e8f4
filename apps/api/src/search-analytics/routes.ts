import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, SearchClickInput } from '@attar/contract';
import type { AppContext } from '../app-context';
import { requestLocale } from '../http/locale';
import { BadRequestBody, guestOrShopperSecurity, tokenRefused } from '../http/openapi';
import { recordSearchClick } from './service';

/** The storefront tells which product a shopper opened from a search's results. */
export const searchClickRoutes =
  ({ database }: Pick<AppContext, 'database'>): FastifyPluginAsyncZod =>
  async (fastify) => {
    fastify.post(
      '/api/search-clicks/',
      {
        schema: {
          summary: 'Record the product a shopper opened from a search.',
          operationId: 'recordSearchClick',
          security: guestOrShopperSecurity,
          tags: ['catalogue'],
          description:
            '`search_id` is the `Search-Id` header of the search’s answer. The first product opened from a search is kept; ' +
            'a later one answers 204 and changes nothing. 404 `search_not_found` or `product_not_found` changes nothing.',
          body: SearchClickInput,
          response: { 204: z.null(), 400: BadRequestBody, 404: ErrorBody, ...tokenRefused },
        },
      },
      async (request, reply) => {
        await recordSearchClick(database, requestLocale(request), request.body);
        return reply.status(204).send(null);
      },
    );
  };
