import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, PaymentLinkPayRequest, PaymentLinkQuery, PaymentLinkView, StaffOrder, StaffOrderParams } from '@attar/contract';
import { mediaBaseOf, type Config } from '../config';
import type { Database } from '../db/client';
import { ApiError } from '../http/errors';
import { acceptFormBodies } from '../http/form-body';
import { requestLocale } from '../http/locale';
import { BadRequestBody, publicSecurity, redirectResponse } from '../http/openapi';
import { storefrontLink } from '../messages/links';
import { staffOrder } from '../orders/staff-service';
import { shopOrigin } from '../payments/service';
import { requireStaff } from '../staff/auth';
import { payByLink, paymentLinkView, resendPaymentLink } from './service';

/** A phone order's payment link (no session: the signed token is the proof), and staff's resend. */
export const paymentLinkRoutes =
  (ctx: { database: Database; config: Config }): FastifyPluginAsyncZod =>
  async (fastify) => {
    const { config } = ctx;
    const mediaBase = mediaBaseOf(config);
    acceptFormBodies(fastify);

    fastify.get(
      '/api/payment-links/',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          summary: 'Read the order a payment link names.',
          operationId: 'getPaymentLink',
          tags: ['payments'],
          security: publicSecurity,
          description:
            'The order a signed payment link (`?token=`, in its SMS, e-mail or WhatsApp message) asks its customer to pay: number, items, total, the amount due (the whole order, or the balance a paid order owes after staff raised its total, decision 0062), the way to pay, when the link runs out and where it stands (payable, paid, cancelled, expired). Reading changes nothing (link previewers fetch it). 400 invalid_link for a token that is not the shop’s.',
          querystring: PaymentLinkQuery,
          response: { 200: PaymentLinkView, 400: BadRequestBody, 404: ErrorBody },
        },
      },
      async (request, reply) =>
        reply
          .header('cache-control', 'private, no-store')
          .send(await paymentLinkView(ctx.database, config, requestLocale(request), request.query.token)),
    );

    fastify.post(
      '/api/payment-links/pay/',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          summary: 'Pay an order from its payment link.',
          operationId: 'payByPaymentLink',
          tags: ['payments'],
          security: publicSecurity,
          description:
            'The link page’s “Pay” (an HTML form): starts the payment with the gateway for the order’s way to pay, the first time, and redirects there (303); the gateway comes back to the order’s result page. When the link no longer pays (paid, cancelled, run out) or is not the shop’s, redirects back to the link’s page, which says why; nothing changes.',
          body: PaymentLinkPayRequest,
          response: { 303: redirectResponse('To the payment page, or back to the link’s page.'), 400: BadRequestBody },
        },
      },
      async (request, reply) => {
        const { token } = request.body;
        // A link not the shop's goes back to its page too, which says so in the language the browser asks for.
        const paying = await payByLink(ctx, requestLocale(request), token, shopOrigin(config, request.headers.origin)).catch(
          (error: unknown) => {
            if (error instanceof ApiError && error.code === 'invalid_link') return { url: null, locale: requestLocale(request) };
            throw error;
          },
        );
        if (paying.url) return reply.redirect(paying.url, 303);
        // Back to the page on the address the customer is on (a path), which reads the link and says where it stands.
        const page = new URL(storefrontLink(config, paying.locale, '/pay-order', { token }));
        return reply.redirect(`${page.pathname}${page.search}`, 303);
      },
    );

    fastify.post(
      '/api/staff/orders/:id/resend-payment-link/',
      {
        schema: {
          summary: 'Send the payment link again.',
          operationId: 'staffResendPaymentLink',
          tags: ['staff'],
          security: [{ staffSession: [] }],
          description:
            'The message with the order’s payment link, again (the same link), audited, while the order waits for its payment: once every 5 minutes, 5 times in all (429 resend_too_soon); 409 payment_link_closed once paid, cancelled or run out; 404 when none was sent.',
          params: StaffOrderParams,
          response: {
            200: StaffOrder,
            400: z.union([ErrorBody, z.record(z.string(), z.array(z.string()))]),
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
            409: ErrorBody,
            429: ErrorBody,
          },
        },
      },
      async (request) => {
        const staff = requireStaff(request, config, 'placePhoneOrders');
        const locale = requestLocale(request);
        await resendPaymentLink(ctx, staff.member.id, locale, request.params.id);
        return staffOrder({ ...ctx, mediaBase }, locale, request.params.id);
      },
    );
  };
