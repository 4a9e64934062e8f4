import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { DetailBody, ErrorBody, ValidationErrorBody } from '@attar/contract';
import type { AppContext } from '../app-context';
import { notFound } from '../http/errors';
import { acceptFormBodies } from '../http/form-body';
import { money, text } from '../i18n/catalogue';
import {
  handlePaymobCallback,
  handlePaymobReturn,
  resultLocation,
  settlePayment,
  testPayment,
  type OnlineMethod,
  type PaymobTransaction,
} from './service';
import { BadRequestBody, htmlResponse, pascalCase, publicSecurity, redirectResponse, tokenRefused } from '../http/openapi';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** What the test gateway's page stands in for, per method (a page for developers: English only). */
const TEST_METHOD_LINES = {
  card: 'testGatewayCard',
  wallet: 'testGatewayWallet',
  valu: 'testGatewayValu',
} as const satisfies Record<Exclude<OnlineMethod, 'kiosk'>, string>;

/** Paymob's callback body: only what the handler reads is required; the rest is signed and passed through. */
const PaymobCallback = z.object({
  type: z.string().max(100).optional(),
  obj: z.looseObject({
    id: z.union([z.number(), z.string().max(100)]),
    amount_cents: z.number().int().nonnegative().max(2_147_483_647),
    success: z.boolean(),
    order: z.looseObject({
      id: z.union([z.number(), z.string().max(100)]),
      merchant_order_id: z.union([z.number(), z.string().max(100)]).optional(),
    }),
  }),
});

/** The response callback's query: the transaction flattened to strings, with its signature. */
const PaymobReturnQuery = z
  .record(z.string().max(100), z.string().max(500))
  .refine((query) => Object.keys(query).length <= 60, 'Too many parameters.')
  .refine(
    (query) => typeof query.hmac === 'string' && typeof query.merchant_order_id === 'string',
    'hmac and merchant_order_id are required.',
  );

/** A payment reference (128 random bits in base64url); anything else is simply not found. */
const ReferenceParams = z.object({ reference: z.string().max(64) });

export const paymentRoutes =
  ({ database, config }: AppContext): FastifyPluginAsyncZod =>
  async (fastify) => {
    const tags = ['payments'];
    const payments = { database, config, log: fastify.log };

    // Paymob's signed callbacks, one path per method offered (each integration is set up with its own): the card's at
    // /api/payments/callback/, the others at /api/payments/callback/{wallet|kiosk|valu}/.
    if (config.cardGateway === 'paymob') {
      for (const method of config.paymentMethods.filter((each) => each !== 'cod')) {
        fastify.post(
          method === 'card' ? '/api/payments/callback/' : `/api/payments/callback/${method}/`,
          {
            schema: {
              summary: `Receive Paymob's callback for ${method} payments.`,
              operationId: `receivePaymob${pascalCase(method)}Callback`,
              security: publicSecurity,
              tags,
              description: `Paymob’s transaction-processed callback for ${method} payments, \`?hmac=\` signed. Settles those only.`,
              querystring: z.object({ hmac: z.string().max(256) }),
              body: PaymobCallback,
              response: { 200: DetailBody, 400: z.union([ErrorBody, ValidationErrorBody]) },
            },
          },
          async (request) => handlePaymobCallback(payments, request.body.obj as PaymobTransaction, request.query.hmac, method),
        );
      }
      // The transaction response callback of every integration: the shopper's browser, sent on to the shop.
      fastify.get(
        '/api/payments/return/',
        {
          schema: {
            summary: 'Come back from the payment page.',
            operationId: 'returnFromPayment',
            security: publicSecurity,
            tags,
            description:
              'Paymob’s transaction response callback (the shopper back from paying), `hmac` signed: settles the payment ' +
              'like the processed callback and redirects to the order’s result page at the shop’s public address.',
            querystring: PaymobReturnQuery,
            response: { 400: z.union([ErrorBody, ValidationErrorBody]), 303: redirectResponse("To the order's result page.") },
          },
        },
        async (request, reply) => {
          const location = await handlePaymobReturn(payments, request.query);
          return reply.redirect(location, 303);
        },
      );
    }

    // The test gateway: demo mode without Paymob only. Its address carries the payment's reference, which only the
    // order's owner was given (in the order's payment_url): holding it is what lets someone pay or decline.
    if (config.cardGateway !== 'test') return;
    acceptFormBodies(fastify);
    const pending = async (reference: string) => {
      const payment = await testPayment(database, reference);
      if (!payment) throw notFound('No such payment.');
      return payment;
    };

    fastify.get(
      '/api/payments/test/:reference/',
      {
        schema: {
          summary: "Show the test payment provider's page.",
          operationId: 'getTestPaymentPage',
          response: { 200: htmlResponse, ...tokenRefused, 404: ErrorBody },
          security: publicSecurity,
          tags,
          description: 'The built-in test gateway’s payment page (demo mode).',
          params: ReferenceParams,
        },
      },
      async (request, reply) => {
        const payment = await pending(request.params.reference);
        const { locale } = payment;
        const say = (key: Parameters<typeof text>[1], values?: Record<string, string>) => escapeHtml(text(locale, key, values));
        // Numbers and the reference read left to right inside Arabic.
        const ltr = (value: string) => `<bdi dir="ltr">${escapeHtml(value)}</bdi>`;
        const method =
          payment.method === 'kiosk'
            ? say('testGatewayKiosk', { reference: '\u0000' }).replace('\u0000', ltr(payment.kiosk_reference ?? ''))
            : say(TEST_METHOD_LINES[payment.method]);
        const order = say('testGatewayOrder', { number: '\u0000', amount: '\u0001' })
          .replace('\u0000', `<strong>${ltr(payment.order_number)}</strong>`)
          .replace('\u0001', `<strong>${escapeHtml(money(locale, payment.amount_piastres))}</strong>`);
        const settled =
          payment.status === 'pending' ? null : say(payment.status === 'declined' ? 'testGatewayDeclined' : 'testGatewayPaid');
        // The approve/decline form posts here, on the shop's own address, and is sent back to a page of that address.
        reply.header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
        );
        // In the shop's colours and the order's language, so a demo journey does not leave the shop's look.
        return reply.type('text/html; charset=utf-8')
          .send(`<!doctype html><html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${say('testGatewayPageTitle')}</title>
<style>body{font-family:system-ui,'Segoe UI',Tahoma,sans-serif;background:#0d0b09;color:#f4ede1;margin:0;padding:3rem 1rem}
main{max-width:28rem;margin:0 auto;background:#16130f;border:1px solid #3d3329;border-radius:1rem;padding:1.5rem}
h1{font-size:1.5rem;margin:0 0 1rem;color:#e9cb8c}p{line-height:1.6}.note{color:#c2b6a3;font-size:.875rem}
form{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
button{font:inherit;font-weight:600;padding:.75rem 1.25rem;border-radius:9999px;cursor:pointer}
.approve{background:#d4af6a;color:#0d0b09;border:1px solid #d4af6a}.decline{background:transparent;color:#ff8a80;border:1px solid #ff8a80}
button:focus-visible{outline:2px solid #e9cb8c;outline-offset:2px}</style></head><body><main>
<h1>${say('testGatewayTitle')}</h1><p>${order}</p>
<p>${method}</p>
<p class="note">${say('testGatewayNoMoney')}</p>
${settled ? `<p>${settled}</p>` : `<form method="post"><button class="approve" name="decision" value="approve">${say('testGatewayApprove')}</button><button class="decline" name="decision" value="decline">${say('testGatewayDecline')}</button></form>`}
</main></body></html>`);
      },
    );

    fastify.post(
      '/api/payments/test/:reference/',
      {
        schema: {
          summary: "Pay or decline on the test payment provider's page.",
          operationId: 'payOnTestPaymentPage',
          response: { 303: redirectResponse("Back to the order's result page."), 400: BadRequestBody, ...tokenRefused, 404: ErrorBody },
          security: publicSecurity,
          tags,
          params: ReferenceParams,
          body: z.object({ decision: z.enum(['approve', 'decline']) }),
        },
      },
      async (request, reply) => {
        const payment = await pending(request.params.reference);
        let paid = payment.status !== 'pending' && payment.status !== 'declined';
        // A second submit of the page (a double click, the back button) finds it settled and only goes back.
        if (payment.status === 'pending') {
          paid = request.body.decision === 'approve';
          await settlePayment(payments, 'test', request.params.reference, {
            transactionId: `test-${randomBytes(12).toString('base64url')}`,
            success: paid,
            amountPiastres: payment.amount_piastres,
          });
        }
        // Back to the order-result page, on the address the shopper paid on (a path: the page came through the shop).
        return reply.redirect(await resultLocation(database, '', request.params.reference), 303);
      },
    );
  };
