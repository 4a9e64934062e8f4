import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  OrderChangedBody,
  OrderConfirmation,
  OrderConfirmationQuery,
  OrderConfirmationRequest,
  StaffOrder,
  StaffOrderAction,
  StaffOrderParams,
} from '@attar/contract';
import { mediaBaseOf, type Config } from '../config';
import type { Database } from '../db/client';
import { requestLocale } from '../http/locale';
import { publicSecurity } from '../http/openapi';
import { OrderChanged } from '../orders/process';
import { orderChanged, staffOrder } from '../orders/staff-service';
import { requireStaff } from '../staff/auth';
import { answerByToken, answerConfirmation, confirmationByToken, resendConfirmation } from './service';

const errors = {
  400: z.union([ErrorBody, z.record(z.string(), z.array(z.string()))]),
  404: ErrorBody,
  409: ErrorBody,
  410: ErrorBody,
  429: ErrorBody,
};
const staffErrors = { ...errors, 401: ErrorBody, 403: ErrorBody, 409: z.union([OrderChangedBody, ErrorBody]) };
const staffTags = ['staff'];
const staffSecurity = [{ staffSession: [] }];

/** The shopper's confirmation link (no session: the signed token is the proof) and staff's side of the question. */
export const confirmationRoutes =
  (ctx: { database: Database; config: Config }): FastifyPluginAsyncZod =>
  async (fastify) => {
    const { config } = ctx;
    const mediaBase = mediaBaseOf(config);
    const tags = ['orders'];

    fastify.get(
      '/api/order-confirmations/',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          summary: 'Read the order a confirmation link names.',
          operationId: 'getOrderConfirmation',
          tags,
          security: publicSecurity,
          description:
            'The cash order a signed confirmation link (`?token=`, in its SMS and e-mail) asks its shopper to confirm: number, items, total, address, when the question expires and its answer if any. Reading changes nothing (link previewers fetch it). 400 invalid_link for a bad or altered token, 410 link_expired once it expired.',
          querystring: OrderConfirmationQuery,
          response: { 200: OrderConfirmation, ...errors },
        },
      },
      async (request, reply) => {
        const view = await confirmationByToken(ctx.database, config, requestLocale(request), request.query.token);
        return reply.header('cache-control', 'private, no-store').send(view);
      },
    );

    fastify.post(
      '/api/order-confirmations/',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          summary: 'Confirm or cancel an order from its confirmation link.',
          operationId: 'answerOrderConfirmation',
          tags,
          security: publicSecurity,
          description:
            'The shopper answers once: `confirm` sends the order on to the shop, `cancel` cancels it and gives back its stock, points and promotion use. 409 confirmation_answered when it was already answered (by anyone) or moved on, 410 link_expired after its time; nothing changes then.',
          body: OrderConfirmationRequest,
          response: { 200: OrderConfirmation, ...errors },
        },
      },
      async (request) => answerByToken(ctx, requestLocale(request), request.body.token, request.body.answer),
    );

    fastify.post(
      '/api/staff/orders/:id/confirm-for-shopper/',
      {
        schema: {
          summary: "Confirm an order on its shopper's behalf.",
          operationId: 'staffConfirmForShopper',
          tags: staffTags,
          security: staffSecurity,
          description:
            "After a call, staff confirm a cash order waiting for its shopper's answer (awaiting_shopper → placed), audited. 409 confirmation_answered once answered; 409 order_changed with the order for another version.",
          params: StaffOrderParams,
          body: StaffOrderAction,
          response: { 200: StaffOrder, ...staffErrors },
        },
      },
      async (request) => {
        const staff = requireStaff(request, config, 'fulfilOrders');
        const locale = requestLocale(request);
        const orderId = request.params.id;
        await answerConfirmation(ctx, locale, orderId, 'confirm', 'staff', {
          staffId: staff.member.id,
          version: request.body.version,
        }).catch(async (error: unknown) => {
          throw error instanceof OrderChanged ? await orderChanged({ ...ctx, mediaBase }, locale, orderId) : error;
        });
        return staffOrder({ ...ctx, mediaBase }, locale, orderId);
      },
    );

    fastify.post(
      '/api/staff/orders/:id/resend-confirmation/',
      {
        schema: {
          summary: 'Send the confirmation question again.',
          operationId: 'staffResendConfirmation',
          tags: staffTags,
          security: staffSecurity,
          description:
            'The SMS and e-mail asking the shopper to confirm, again (the same link), audited: once every 10 minutes, 5 times in all (429 resend_too_soon); 409 confirmation_answered once answered.',
          params: StaffOrderParams,
          response: { 200: StaffOrder, ...staffErrors },
        },
      },
      async (request) => {
        const staff = requireStaff(request, config, 'fulfilOrders');
        const locale = requestLocale(request);
        await resendConfirmation(ctx, staff.member.id, locale, request.params.id);
        return staffOrder({ ...ctx, mediaBase }, locale, request.params.id);
      },
    );
  };
