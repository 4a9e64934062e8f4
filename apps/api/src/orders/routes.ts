import { ordersPlaced } from '../ops/metrics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Cart,
  ErrorBody,
  GuestOrderClaimRequest,
  GuestOrderClaimResponse,
  GuestOrderRequest,
  IdParam,
  InStoreReceiptRequest,
  OfflineOrder,
  Order,
  OrderListQuery,
  OrderNumberQuery,
  OrderRequest,
  OrderTracking,
  OrderTrackingQuery,
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
import { claimReceipt, findReceipt } from './receipts';
import { isShoppersOrder, isWaitingForShopper, orderedLines, orderFor, placeOrder, shopperOrderPage } from './service';
import { answerConfirmation } from '../confirmations/service';
import { guestOrShopperSecurity, publicSecurity } from '../http/openapi';
import { claimGuestOrder } from './guest-claim';
import { guestAccess, trackOrder } from './tracking';
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
  (ctx: AccountsContext): FastifyPluginAsyncZod =>
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
          const started = await orderFor(orders, locale, { id: order.id }, request.userId);
          // Placed in a transaction that has committed: the order is there to read back.
          if (!started) throw new Error('A placed order could not be read back.');
          order = started;
        }
        if (placed.created) ordersPlaced.inc({ payment_method: order.payment_method });
        // Only the guest who placed it gets these (a repeat proved the phone's code again).
        if (request.userId === null) order = { ...order, guest_access: guestAccess(ctx.config, locale, order.order_number) };
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
        const { page, page_size } = request.query;
        const found = await shopperOrderPage(orders, requestLocale(request), userId, request.query);
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .send(pageJson(request, ctx.config.publicUrl, found, page, page_size) as never);
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
        const order = await orderFor(orders, requestLocale(request), { number: request.query.number }, userId, userId);
        if (!order) throw notFound(text(requestLocale(request), 'orderNotFound'));
        return order;
      },
    );

    fastify.get(
      '/api/orders/tracking/',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          summary: 'Track an order with its signed link.',
          operationId: 'trackOrder',
          tags,
          security: publicSecurity,
          description:
            'The order of a signed tracking link (`?token=`, in its messages and on the guest’s order-result page), without a session: number, status, items, governorate, courier and every status reached with its time; no name, address, phone or amounts. A bad or altered token: 400 invalid_link.',
          querystring: OrderTrackingQuery,
          response: { 200: OrderTracking, ...errors, 429: ErrorBody },
        },
      },
      async (request, reply) => {
        const tracking = await trackOrder(ctx.database, ctx.config, requestLocale(request), request.query.token);
        return reply.header('cache-control', 'private, no-store').send(tracking);
      },
    );

    fastify.post(
      '/api/orders/claim/',
      {
        schema: {
          summary: 'Keep a guest order in a new account.',
          operationId: 'claimGuestOrder',
          tags,
          security: publicSecurity,
          description:
            'The guest who placed an order makes an account from it with a password (and an e-mail address when the order has none), with the proof `guest_access.claim_token` of the order’s answer (a day). The phone starts verified; the order and the guest’s other web orders with that phone move to the account with their points. 400 invalid_link for a bad or old proof; 409 account_exists when an account has that phone or e-mail; 409 order_claimed when the order already belongs to one.',
          body: GuestOrderClaimRequest,
          response: { 201: GuestOrderClaimResponse, ...errors, 409: ErrorBody, 429: ErrorBody },
        },
      },
      async (request, reply) => {
        const claimed = await claimGuestOrder(ctx, request.body, request.ip, requestLocale(request));
        return reply.status(201).send(claimed);
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
          description:
            "The shopper cancels an order not yet confirmed: waiting for payment, for the shop, or for the shopper's own confirmation of a cash order (which answers that question).",
          params: IdParams,
          response: { 200: Order, ...errors },
        },
      },
      async (request) => {
        const userId = requireUser(request);
        const locale = requestLocale(request);
        if (!(await isShoppersOrder(ctx.database, userId, request.params.id))) throw notFound(text(locale, 'orderNotFound'));
        const orderId = request.params.id;
        // A cash order waiting for its shopper's answer: cancelling it from the account is that answer.
        if (await isWaitingForShopper(ctx.database, orderId)) await answerConfirmation(ctx, locale, orderId, 'cancel', 'account');
        else await moveOrder({ ...ctx, log: request.log }, locale, orderId, 'cancelled', { from: ['pending_payment', 'placed'] });
        const order = await orderFor(orders, locale, { id: request.params.id }, userId);
        if (!order) throw notFound(text(locale, 'orderNotFound'));
        return order;
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
          description:
            'Credits an in-store receipt’s points to the caller, once. 403 own_receipt when the caller entered it in the back office (same e-mail); 409 receipt_awaiting_approval while a large one waits for a second member’s approval.',
          body: InStoreReceiptRequest,
          response: { 200: OfflineOrder, ...errors, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody },
        },
      },
      async (request) => {
        const userId = requireUser(request);
        await limitReceiptTries(userId, request.ip);
        return claimReceipt(ctx.database, requestLocale(request), userId, request.body);
      },
    );
  };
