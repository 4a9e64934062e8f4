import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { DetailBody, ErrorBody, type Locale } from '@attar/contract';
import type { AppContext } from '../app-context';
import { notFound } from '../http/errors';
import type { OrderMessages } from '../jobs/order-messages';
import { handleCallback, testGatewayTransaction, type PaymobTransaction } from './service';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export const paymentRoutes =
  ({ database, config, messages }: AppContext & { messages: OrderMessages }): FastifyPluginAsyncZod =>
  async (fastify) => {
    const tags = ['payments'];
    fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    fastify.post(
      '/api/payments/callback/',
      {
        schema: {
          tags,
          description: 'Paymob’s transaction-processed callback, `?hmac=` signed.',
          querystring: z.object({ hmac: z.string().max(256) }),
          body: z.object({ type: z.string().optional(), obj: z.looseObject({ id: z.union([z.number(), z.string()]), amount_cents: z.number(), success: z.boolean(), order: z.looseObject({ id: z.union([z.number(), z.string()]) }) }) }),
          response: { 200: DetailBody, 400: ErrorBody },
        },
      },
      async (request) => {
        const result = await handleCallback(database, config, request.body.obj as PaymobTransaction, request.query.hmac);
        if (result.order) await messages.enqueue({ orderId: result.order.id, status: result.order.status, locale: result.order.locale });
        return { detail: result.detail };
      },
    );

    const pending = async (id: number) => {
      const [payment] = await database.rows<{ id: number; amount_piastres: number; status: string; order_number: string; locale: Locale }>(sql`
        SELECT p.id, p.amount_piastres, p.status, o.order_number, o.locale FROM payments p JOIN orders o ON o.id = p.order_id
        WHERE p.id = ${id} AND p.provider = 'test'`);
      if (!payment) throw notFound('No such payment.');
      return payment;
    };
    const Params = z.object({ id: z.coerce.number().int().positive() });

    fastify.get(
      '/api/payments/test/:id/',
      { schema: { tags, description: 'The built-in test gateway’s payment page.', params: Params } },
      async (request, reply) => {
        const payment = await pending(request.params.id);
        const amount = (payment.amount_piastres / 100).toFixed(2);
        const done = payment.status !== 'pending';
        // The approve/decline form posts here and is redirected to the storefront: the page's policy must allow both.
        reply.header(
          'content-security-policy',
          `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${new URL(config.storefrontUrl).origin}; frame-ancestors 'none'`,
        );
        return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Test payment · Attar</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1c1917}
button{font-size:1rem;padding:.75rem 1.25rem;margin-inline-end:.75rem;border-radius:.5rem;border:1px solid #44403c;cursor:pointer}
.approve{background:#166534;color:#fff}.decline{background:#fff;color:#991b1b;border-color:#991b1b}</style></head><body>
<h1>Test payment gateway</h1><p>Order <strong>${escapeHtml(payment.order_number)}</strong>: <strong>${amount} EGP</strong></p>
<p>No card is charged: this page stands in for the card gateway while none is configured.</p>
${done ? `<p>This payment is ${escapeHtml(payment.status)}.</p>` : `<form method="post"><button class="approve" name="decision" value="approve">Approve payment</button><button class="decline" name="decision" value="decline">Decline payment</button></form>`}
</body></html>`);
      },
    );

    fastify.post(
      '/api/payments/test/:id/',
      { schema: { tags, params: Params, body: z.object({ decision: z.enum(['approve', 'decline']) }) } },
      async (request, reply) => {
        const payment = await pending(request.params.id);
        const { obj, hmac } = testGatewayTransaction(payment.id, payment.amount_piastres, request.body.decision === 'approve', config.paymob.hmacSecret);
        // Through the same signed callback a real gateway uses.
        await fastify.inject({ method: 'POST', url: `/api/payments/callback/?hmac=${hmac}`, payload: { type: 'TRANSACTION', obj } });
        const result = request.body.decision === 'approve' ? 'paid' : 'declined';
        // Back to the order-result page in the language the shopper ordered in (English lives at the root).
        const localePrefix = payment.locale === 'en' ? '' : `/${payment.locale}`;
        return reply.redirect(`${config.storefrontUrl}${localePrefix}/?order_id=${encodeURIComponent(payment.order_number)}&payment=${result}`, 303);
      },
    );
  };
