import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, SlugParams, StockAlertRequest, StockAlertResponse, ValidationErrorBody } from '@attar/contract';
import type { AppContext } from '../app-context';
import { fieldError } from '../http/errors';
import { requestLocale } from '../http/locale';
import { text } from '../i18n/catalogue';
import type { CounterStore } from '../ratelimit/counters';
import { enforce } from '../ratelimit/limits';
import { requestStockAlert, type Subscriber } from './service';
import { guestOrShopperSecurity, tokenRefused } from '../http/openapi';
import { admitAddress, SENDS_PER_ADDRESS } from '../challenge/service';
import { challengeAnswers, proofOf } from '../challenge/routes';

/** Alerts asked per address and hour: plenty for the many shoppers behind one address; guests past a few prove a person. */
const ALERTS_PER_ADDRESS = { max: SENDS_PER_ADDRESS, windowMs: 3_600_000 };

export const stockAlertRoutes =
  (ctx: AppContext & { counters: CounterStore }): FastifyPluginAsyncZod =>
  async (fastify) => {
    fastify.post(
      '/api/products/:slug/stock-alerts/',
      {
        schema: {
          summary: 'Ask to be told when a product is back in stock.',
          operationId: 'subscribeToStockAlert',
          security: guestOrShopperSecurity,
          tags: ['catalogue'],
          description:
            'Tell me when it is back: signed in (the account is told), or a guest’s `email` or `phone`; `variant` for one size. ' +
            '`201` new, `200` already asked; `400 in_stock` when it can be ordered now.',
          params: SlugParams,
          body: StockAlertRequest,
          response: {
            200: StockAlertResponse,
            201: StockAlertResponse,
            400: z.union([ErrorBody, ValidationErrorBody]),
            404: ErrorBody,
            ...tokenRefused,
            429: ErrorBody,
            ...challengeAnswers,
          },
        },
      },
      async (request, reply) => {
        const locale = requestLocale(request);
        await enforce(ctx.counters, `stock-alerts:ip:${request.ip}`, ALERTS_PER_ADDRESS);
        const { email, phone, variant } = request.body;
        let subscriber: Subscriber;
        if (request.userId !== null) subscriber = { userId: request.userId };
        else if (email) subscriber = { email };
        else if (phone) subscriber = { phone };
        else throw fieldError('email', text(locale, 'stockAlertContactNeeded'));
        // A guest's phone or e-mail is nobody's proved one: a busy address proves a person first.
        if (request.userId === null) await admitAddress(ctx, { ip: request.ip, proof: proofOf(request), locale });
        const { created } = await requestStockAlert(ctx.database, { slug: request.params.slug, variantId: variant, subscriber, locale });
        return reply
          .status(created ? 201 : 200)
          .send({ created, detail: text(locale, created ? 'stockAlertCreated' : 'stockAlertExists') });
      },
    );
  };
