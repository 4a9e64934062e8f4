import { ordersPlaced } from '../ops/metrics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  Cart,
  ErrorBody,
  GuestOrderRequest,
  IdParam,
  InStoreReceiptRequest,
  OfflineOrder,
  Order,
  OrderListQuery,
  OrderNumberQuery,
  OrderRequest,
  SignedInOrderRequest,
  StockConflictBody,
} from '@attar/contract';
import { requireUser } from '../accounts/auth';
import type { AccountsContext } from '../accounts/service';
import { mergeGuestCart } from '../cart/service';
import { ApiError, notFound } from '../http/errors';
import { requestLocale } from '../http/locale';
import { pageJson } from '../http/pagination';
import { text } from '../i18n/catalogue';
import { enforce } from '../ratelimit/limits';
import { moveOrder, shopOrigin, startPayment } from '../payments/service';
import type { OrderMessages } from '../jobs/order-messages';
import { orderJson } from './order-json';
import { claimReceipt, findReceipt } from './receipts';
import { orderById, orderedLines, placeOrder } from './service';
import { guestOrShopperSecurity } from '../http/openapi';
import { mediaBaseOf } from '../config';

const security = [{ token: [] }];
const errors = {
  400: z.union([ErrorBody, z.record(z.string(), z.array(z.string()))]),
  401: ErrorBody,
  404: ErrorBody,
  409: StockConflictBody,
};
const IdParams = z.object({ id: IdParam });
/**
 * Receipt look-ups and claims in 15 minutes: 20 per shopper; 60 per address, since many shoppers on a mobile network
 * share one (carrier NAT) and sign-ups per address are limited anyway.
 */
const RECEIPT_TRIES_PER_SHOPPER = { max: 20, windowMs: 15 * 60_000 };
const RECEIPT_TRIES_PER_ADDRESS = { max: 60, windowMs: 15 * 60_000 };

export const orderRoutes =
  (ctx: AccountsContext & { messages: OrderMessages }): FastifyPluginAsyncZod =>
  async (fastify) => {
    const mediaBase = mediaBaseOf(ctx.config);
    const orders = { database: ctx.database, config: ctx.config, mediaBase, codes: ctx };
    const tags = ['orders'];

    fastify.post(
      '/api/orders/',
      {
        schema: {
          summary: 'Place an order from the cart.',
          operationId: 'placeOrder',
          security: guestOrShopperSecurity,
          tags,
          description:
            'Signed in: the cart becomes the order. Guest: the items, the address and the code sent to the phone. ' +
            'Send `Idempotency-Key` to make a repeated POST return the first order.',
          headers: z.object({ 'idempotency-key': z.string().max(100).optional() }),
          body: OrderRequest,
          response: { 201: Order, ...errors },
        },
      },
      async (request, reply) => {
        const locale = requestLocale(request);
        const body = request.body;
        const common = {
          paymentMethod: body.payment_method,
          walletPhone: body.wallet_phone,
          gift: body.gift,
          promoCode: body.promo_code || undefined,
          notes: body.notes,
          idempotencyKey: request.headers['idempotency-key'],
        };
        let placed;
        if (request.userId !== null) {
          const signedIn = SignedInOrderRequest.safeParse(body);
          if (!signedIn.success) throw new ApiError(400, 'invalid', text(locale, 'chooseSavedAddress'));
          placed = await placeOrder(orders, locale, {
            ...common,
            customer: { userId: request.userId },
            address: signedIn.data.address,
            usePoints: signedIn.data.use_points,
          });
        } else {
          const guest = GuestOrderRequest.safeParse(body);
          if (!guest.success) throw new ApiError(401, 'not_authenticated', text(locale, 'logInOrGuest'));
          const { guest: who, address, items, otp } = guest.data;
          placed = await placeOrder(orders, locale, { ...common, customer: { guest: who, otp }, address, items });
        }
        let order = placed.order;
        if (placed.payment !== null) {
          const origin = shopOrigin(ctx.config, request.headers.origin);
          await startPayment(ctx.database, ctx.config, placed.payment, order, origin).catch((error: unknown) =>
            request.log.error({ err: error }, 'could not start the online payment'),
          );
          order = (await orderById(orders, locale, sql`ord.id = ${order.id}`, request.userId))!;
        }
        if (placed.created) {
          ordersPlaced.inc({ payment_method: order.payment_method });
          await ctx.messages.enqueue({ orderId: order.id, status: order.status, locale });
        }
        return reply.status(201).header('idempotent-replayed', String(!placed.created)).send(order);
      },
    );

    fastify.get(
      '/api/orders/',
      {
        schema: {
          summary: "List the shopper's orders.",
          operationId: 'listOrders',
          tags,
          security,
          querystring: OrderListQuery,
          response: {
            200: z.object({ count: z.number(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(Order) }),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const userId = requireUser(request);
        const { status, status_not, page, page_size } = request.query;
        const filter = sql.join(
          [
            sql`ord.user_id = ${userId}`,
            status?.length ? sql`ord.status = ANY(${sql.param(status)}::text[])` : sql`true`,
            status_not?.length ? sql`ord.status <> ALL(${sql.param(status_not)}::text[])` : sql`true`,
          ],
          sql` AND `,
        );
        const [row] = await ctx.database.rows<{ count: number; results: string }>(sql`
          SELECT (SELECT count(*)::int FROM orders ord WHERE ${filter}) AS count,
            coalesce((SELECT json_agg(${orderJson(requestLocale(request), mediaBase, userId)} ORDER BY ord.created_at DESC, ord.id DESC)
              FROM (SELECT * FROM orders ord WHERE ${filter} ORDER BY created_at DESC, id DESC LIMIT ${page_size} OFFSET ${(page - 1) * page_size}) ord), '[]')::text AS results`);
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .send(pageJson(request, ctx.config.publicUrl, { count: row!.count, resultsJson: row!.results }, page, page_size) as never);
      },
    );

    fastify.get(
      '/api/orders/order_number/',
      {
        schema: {
          summary: "Get one of the shopper's orders by its number.",
          operationId: 'getOrderByNumber',
          tags,
          security,
          querystring: OrderNumberQuery,
          response: { 200: Order, ...errors },
        },
      },
      async (request) => {
        const userId = requireUser(request);
        const order = await orderById(
          orders,
          requestLocale(request),
          sql`ord.order_number = ${request.query.number.toUpperCase()} AND ord.user_id = ${userId}`,
          userId,
        );
        if (!order) throw notFound(text(requestLocale(request), 'orderNotFound'));
        return order;
      },
    );

    fastify.get(
      '/api/orders/:id/reorder/',
      {
        schema: {
          summary: "Put an earlier order's items back in the cart.",
          operationId: 'reorder',
          tags,
          security,
          params: IdParams,
          response: { 200: Cart, ...errors },
        },
      },
      async (request) => {
        const userId = requireUser(request);
        const locale = requestLocale(request);
        const lines = await orderedLines(ctx.database, userId, request.params.id);
        if (!lines) throw notFound(text(locale, 'orderNotFound'));
        const cart = { database: ctx.database, mediaBase, userId };
        return (await mergeGuestCart(cart, locale, lines)).cart;
      },
    );

    fastify.post(
      '/api/orders/:id/cancel/',
      {
        schema: {
          summary: 'Cancel an order.',
          operationId: 'cancelOrder',
          tags,
          security,
          description: 'The shopper cancels an order not yet confirmed.',
          params: IdParams,
          response: { 200: Order, ...errors },
        },
      },
      async (request) => {
        const userId = requireUser(request);
        const locale = requestLocale(request);
        const [mine] = await ctx.database.rows(sql`SELECT 1 FROM orders WHERE id = ${request.params.id} AND user_id = ${userId}`);
        if (!mine) throw notFound(text(locale, 'orderNotFound'));
        await moveOrder({ ...ctx, log: request.log }, locale, request.params.id, 'cancelled', { from: ['pending_payment', 'placed'] });
        await ctx.messages.enqueue({ orderId: request.params.id, status: 'cancelled', locale });
        return (await orderById(orders, locale, sql`ord.id = ${request.params.id}`, userId))!;
      },
    );

    /** Guessing codes is bounded per shopper and per address. */
    const limitReceiptTries = async (userId: number, ip: string) => {
      await enforce(ctx.counters, `receipts:user:${userId}`, RECEIPT_TRIES_PER_SHOPPER);
      await enforce(ctx.counters, `receipts:ip:${ip}`, RECEIPT_TRIES_PER_ADDRESS);
    };

    fastify.get(
      '/api/offline-order/order_number/',
      {
        schema: {
          summary: 'Find an in-store receipt by its number and claim code.',
          operationId: 'findInStoreReceipt',
          tags,
          security,
          description: 'An in-store receipt, by its number and printed claim code.',
          querystring: InStoreReceiptRequest,
          response: { 200: OfflineOrder, ...errors, 429: ErrorBody },
        },
      },
      async (request) => {
        const userId = requireUser(request);
        await limitReceiptTries(userId, request.ip);
        return findReceipt(ctx.database, requestLocale(request), userId, request.query);
      },
    );

    fastify.post(
      '/api/offline-order/claim/',
      {
        schema: {
          summary: "Claim an in-store receipt's points.",
          operationId: 'claimInStoreReceipt',
          tags,
          security,
          description: 'Credits an in-store receipt’s points to the caller, once.',
          body: InStoreReceiptRequest,
          response: { 200: OfflineOrder, ...errors, 429: ErrorBody },
        },
      },
      async (request) => {
        const userId = requireUser(request);
        await limitReceiptTries(userId, request.ip);
        return claimReceipt(ctx.database, requestLocale(request), userId, request.body);
      },
    );
  };
