import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Cart,
  CartExtras,
  CartMergeRequest,
  CartMergeResponse,
  CartOfferLine,
  CartOfferRequest,
  CartProductLine,
  CartProductRequest,
  ErrorBody,
  IdParam,
  InsufficientStockBody,
  Product,
  WishListEntry,
  WishListToggleRequest,
  WishListToggleResponse,
} from '@attar/contract';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../accounts/auth';
import type { AppContext } from '../app-context';
import { sendJsonText } from '../http/cache';
import { requestLocale } from '../http/locale';
import { toggleFavourite, favouritesJson } from '../favourites/service';
import * as cart from './service';
import { cartExtrasOf, saveCartExtras } from './extras';
import { mediaBaseOf } from '../config';

const security = [{ token: [] }];
const errors = {
  400: z.union([InsufficientStockBody, ErrorBody, z.record(z.string(), z.array(z.string()))]),
  401: ErrorBody,
  404: ErrorBody,
};
const LineParams = z.object({ id: IdParam });

export const cartRoutes =
  (app: AppContext): FastifyPluginAsyncZod =>
  async (fastify) => {
    const mediaBase = mediaBaseOf(app.config);
    /** Every cart call is the signed-in shopper's own: the user id comes from the token, never from the request. */
    const shopper = (request: FastifyRequest): cart.CartContext => ({
      database: app.database,
      mediaBase,
      userId: requireUser(request),
    });
    const tags = ['cart'];

    fastify.post(
      '/api/cart-products/',
      {
        schema: {
          summary: 'Add a product size to the cart.',
          operationId: 'addProductToCart',
          tags,
          security,
          body: CartProductRequest,
          response: { 200: CartProductLine, ...errors },
        },
      },
      async (request) =>
        cart.setProductLine(shopper(request), requestLocale(request), request.body.product, request.body.variant, request.body.quantity),
    );
    fastify.get(
      '/api/cart-products/',
      {
        schema: {
          summary: 'List the products in the cart.',
          operationId: 'listCartProducts',
          tags,
          security,
          response: { 200: z.array(CartProductLine), ...errors },
        },
      },
      async (request) => (await cart.productLines(shopper(request), requestLocale(request))).lines,
    );
    fastify.delete(
      '/api/cart-products/:id',
      {
        schema: {
          summary: 'Remove a product from the cart.',
          operationId: 'removeCartProduct',
          tags,
          security,
          params: LineParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await cart.removeLine(shopper(request), requestLocale(request), 'product', request.params.id);
        return reply.status(204).send(null);
      },
    );

    fastify.post(
      '/api/cart-offers/',
      {
        schema: {
          summary: 'Add an offer to the cart.',
          operationId: 'addOfferToCart',
          tags,
          security,
          body: CartOfferRequest,
          response: { 200: CartOfferLine, ...errors },
        },
      },
      async (request) => cart.setOfferLine(shopper(request), requestLocale(request), request.body.offer, request.body.quantity),
    );
    fastify.get(
      '/api/cart-offers/',
      {
        schema: {
          summary: 'List the offers in the cart.',
          operationId: 'listCartOffers',
          tags,
          security,
          response: { 200: z.array(CartOfferLine), ...errors },
        },
      },
      async (request) => (await cart.offerLines(shopper(request), requestLocale(request))).lines,
    );
    fastify.delete(
      '/api/cart-offers/:id',
      {
        schema: {
          summary: 'Remove an offer from the cart.',
          operationId: 'removeCartOffer',
          tags,
          security,
          params: LineParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await cart.removeLine(shopper(request), requestLocale(request), 'offer', request.params.id);
        return reply.status(204).send(null);
      },
    );

    fastify.get(
      '/api/carts/me/',
      {
        schema: {
          summary: "Get the signed-in shopper's cart.",
          operationId: 'getCart',
          tags,
          security,
          response: { 200: Cart, ...errors },
        },
      },
      async (request) => cart.cartOf(shopper(request), requestLocale(request)),
    );

    fastify.get(
      '/api/carts/me/extras/',
      {
        schema: {
          summary: "Get the gift wrap, gift message and notes kept with the shopper's cart.",
          operationId: 'getCartExtras',
          tags,
          security,
          description: 'Kept for checkout until an order from the cart takes them; none kept answers the empty extras.',
          response: { 200: CartExtras, ...errors },
        },
      },
      async (request) => cartExtrasOf(app.database, requireUser(request)),
    );
    fastify.put(
      '/api/carts/me/extras/',
      {
        schema: {
          summary: "Replace the gift wrap, gift message and notes kept with the shopper's cart.",
          operationId: 'putCartExtras',
          tags,
          security,
          description: 'As typed, within the limits an order takes; the empty extras keep nothing.',
          body: CartExtras,
          response: { 200: CartExtras, ...errors },
        },
      },
      async (request) => saveCartExtras(app.database, requireUser(request), request.body),
    );

    fastify.get(
      '/api/carts/like/',
      {
        schema: {
          summary: "Suggest products from the shopper's favourites and cart.",
          operationId: 'listCartSuggestions',
          tags,
          security,
          description: 'Suggestions from the shopper’s favourites and cart.',
          response: { 200: z.array(Product), ...errors },
        },
      },
      async (request, reply) => sendJsonText(reply, await cart.suggestionsJson(shopper(request), requestLocale(request))),
    );

    fastify.post(
      '/api/carts/merge/',
      {
        schema: {
          summary: "Merge a guest's cart into the shopper's cart.",
          operationId: 'mergeCart',
          tags,
          security,
          description: 'Joins a guest’s local cart into the account’s cart after sign-in (one transaction).',
          body: CartMergeRequest,
          response: { 200: CartMergeResponse, ...errors },
        },
      },
      async (request) => cart.mergeGuestCart(shopper(request), requestLocale(request), request.body),
    );

    fastify.post(
      '/api/user_wish_lists/',
      {
        schema: {
          summary: 'Add or remove a product from the favourites.',
          operationId: 'toggleFavourite',
          tags: ['favourites'],
          security,
          body: WishListToggleRequest,
          response: { 200: WishListToggleResponse, ...errors },
        },
      },
      async (request) => toggleFavourite(shopper(request), requestLocale(request), request.body.product_write),
    );
    fastify.get(
      '/api/user_wish_lists/',
      {
        schema: {
          summary: "List the shopper's favourite products.",
          operationId: 'listFavourites',
          tags: ['favourites'],
          security,
          response: { 200: z.array(WishListEntry), ...errors },
        },
      },
      async (request, reply) => sendJsonText(reply, await favouritesJson(shopper(request), requestLocale(request))),
    );
  };
