import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Category,
  Concentration,
  ErrorBody,
  Family,
  LikeProductsQuery,
  Occasion,
  NoResults,
  Note,
  Offer,
  OfferListQuery,
  OfferPage,
  Product,
  ProductDetail,
  ProductListQuery,
  ProductPage,
  SEARCH_ID_HEADER,
  SearchSuggestions,
  Size,
  SlugParams,
  SuggestionsQuery,
} from '@attar/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendCachedJson, tagJson, type TaggedJson } from '../http/cache';
import { MicroCache } from '../http/micro-cache';
import { requestLocale } from '../http/locale';
import { pageCountOf, pageJson } from '../http/pagination';
import type { AppContext } from '../app-context';
import type { CatalogueChanges } from '../http/catalogue-changes';
import { ApiError } from '../http/errors';
import * as catalog from './service';
import { ListingMemo } from './listing-memo';
import { DocumentCache } from './document-cache';
import { movedOfferSlug } from './staff-offers';
import { movedProductSlug } from './staff-service';
import { BadRequestBody, guestOrShopperSecurity, pascalCase, publicSecurity, tokenRefused } from '../http/openapi';
import { mediaBaseOf } from '../config';
import { searchIdFor } from '../search-analytics/service';

const LangQuery = z.object({ lang: z.string().optional() });

export const catalogRoutes =
  (app: AppContext & { changes: CatalogueChanges }): FastifyPluginAsyncZod =>
  async (fastify) => {
    // Counts, search terms and documents reused while they are current: exact, so on even with the micro-cache off.
    const mediaBase = mediaBaseOf(app.config);
    const memo = new ListingMemo();
    const documents = new DocumentCache(mediaBase);
    const catalogue = (request: FastifyRequest) => ({
      database: app.database,
      mediaBase,
      userId: request.userId,
      memo,
      documents,
      tokenCheck: request.tokenCheck,
    });
    const maxAge = app.config.catalogueMaxAge;
    const cache = new MicroCache<TaggedJson>(app.config.catalogueCacheMs);
    app.changes.clears(cache);
    /** Guests share answers (micro-cached); a signed-in caller's carry their own `isFavourite`, so they are built fresh. */
    const answer = (request: FastifyRequest, build: () => Promise<string>) => {
      const tagged = async () => tagJson(await build());
      return request.userId === null ? cache.get(`${requestLocale(request)} ${request.url}`, tagged) : tagged();
    };

    fastify.get(
      '/api/products/',
      {
        // The page's statement checks a signed-in caller's token: one round trip, not two (decision 0030).
        config: { tokenInStatement: true },
        schema: {
          summary: 'List, filter and search the published products.',
          operationId: 'listProducts',
          security: guestOrShopperSecurity,
          tags: ['catalogue'],
          querystring: ProductListQuery,
          response: { 200: ProductPage, 400: BadRequestBody, ...tokenRefused },
        },
      },
      async (request, reply) => {
        const body = await answer(request, async () => {
          const page = await catalog.listProducts(catalogue(request), requestLocale(request), request.query);
          return pageJson(request, app.config.publicUrl, page, request.query.page, request.query.page_size);
        });
        // Counted here, after the micro-cache: a search answered from it is a search all the same (decision 0045).
        const searchId = await searchIdFor(
          app.database,
          request.log,
          { ...request.query, locale: requestLocale(request), resultCount: pageCountOf(body.body) },
          request.headers[SEARCH_ID_HEADER],
        );
        if (searchId === null) return sendCachedJson(request, reply, body, maxAge);
        return sendCachedJson(request, reply.header(SEARCH_ID_HEADER, String(searchId)), body, maxAge, false);
      },
    );

    // Declared before `/api/products/:slug/` so these fixed paths win.
    const referenceLists = [
      ['/api/categories/', 'categories', Category],
      ['/api/fragrance/', 'families', Family],
      ['/api/products/sizes/', 'sizes', Size],
      ['/api/products/occasions-names/', 'occasions', Occasion],
      ['/api/products/notes/', 'notes', Note],
      ['/api/products/concentrations/', 'concentrations', Concentration],
    ] as const;
    for (const [path, list, item] of referenceLists) {
      fastify.get(
        path,
        {
          schema: {
            summary: `List the catalogue's ${list}.`,
            operationId: `list${pascalCase(list)}`,
            security: publicSecurity,
            tags: ['catalogue'],
            querystring: LangQuery,
            response: { 200: z.array(item), ...tokenRefused },
          },
        },
        async (request, reply) =>
          sendCachedJson(
            request,
            reply,
            await answer(request, () => catalog.referenceListJson(catalogue(request), requestLocale(request), list)),
            maxAge,
          ),
      );
    }

    fastify.get(
      '/api/products/suggestions/',
      {
        schema: {
          summary: 'Suggest products and notes for a search box.',
          operationId: 'suggestProducts',
          security: publicSecurity,
          tags: ['catalogue'],
          description: 'Products and notes matching what the shopper has typed so far, for the search box.',
          querystring: SuggestionsQuery,
          response: { 200: SearchSuggestions, 400: BadRequestBody, ...tokenRefused },
        },
      },
      async (request, reply) => {
        // The same for every shopper (no favourites in it): shared by guests and signed-in shoppers alike.
        const locale = requestLocale(request);
        const body = await cache.get(`${locale} ${request.url}`, async () =>
          tagJson(await catalog.searchSuggestionsJson(catalogue(request), locale, request.query.search)),
        );
        return sendCachedJson(request, reply, body, maxAge);
      },
    );

    fastify.get(
      '/api/products/no-results/',
      {
        schema: {
          summary: 'Help for a search that found nothing.',
          operationId: 'getNoResultsHelp',
          security: guestOrShopperSecurity,
          tags: ['catalogue'],
          description: 'For a search that found nothing: a corrected spelling that finds something, and popular products.',
          querystring: SuggestionsQuery,
          response: { 200: NoResults, 400: BadRequestBody, ...tokenRefused },
        },
      },
      async (request, reply) =>
        sendCachedJson(
          request,
          reply,
          await answer(request, () => catalog.noResultsJson(catalogue(request), requestLocale(request), request.query.search)),
          maxAge,
        ),
    );

    /** A detail answer; a renamed one's former slug answers 301 to its current address (decision 0017). */
    const detail = async (
      request: FastifyRequest,
      reply: FastifyReply,
      slug: string,
      build: () => Promise<string>,
      moved: (slug: string) => Promise<string | null>,
      path: string,
    ) => {
      try {
        return sendCachedJson(request, reply, await answer(request, build), maxAge);
      } catch (error) {
        const to = error instanceof ApiError && error.statusCode === 404 ? await moved(slug) : null;
        if (!to) throw error;
        const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        return reply.redirect(`${path}${encodeURIComponent(to)}/${query}`, 301);
      }
    };

    fastify.get(
      '/api/products/:slug/',
      {
        schema: {
          summary: 'Get a published product.',
          operationId: 'getProduct',
          security: guestOrShopperSecurity,
          tags: ['catalogue'],
          description: 'A published product. A renamed product’s former slug answers 301 to its current address.',
          params: SlugParams,
          querystring: LangQuery,
          response: { 200: ProductDetail, 404: ErrorBody, ...tokenRefused },
        },
      },
      async (request, reply) =>
        detail(
          request,
          reply,
          request.params.slug,
          () => catalog.getProductJson(catalogue(request), requestLocale(request), request.params.slug),
          (slug) => movedProductSlug(app.database, slug),
          '/api/products/',
        ),
    );

    fastify.get(
      '/api/products/like/',
      {
        schema: {
          summary: 'List products like the given ones.',
          operationId: 'listProductsLike',
          security: guestOrShopperSecurity,
          tags: ['catalogue'],
          description:
            '"You may also like" for a guest\'s cart: up to 12 products in stock, not among `ids`, sharing their notes or families.',
          querystring: LikeProductsQuery,
          response: { 200: z.array(Product), 400: BadRequestBody, ...tokenRefused },
        },
      },
      async (request, reply) =>
        sendCachedJson(
          request,
          reply,
          await answer(request, () => catalog.likeProductsJson(catalogue(request), requestLocale(request), request.query.ids)),
          maxAge,
        ),
    );

    fastify.get(
      '/api/products/:slug/similar/',
      {
        schema: {
          summary: 'List products similar to this one.',
          operationId: 'listSimilarProducts',
          security: guestOrShopperSecurity,
          tags: ['catalogue'],
          description: '"You may also like": up to 8 products in stock sharing the notes or the family of this one.',
          params: SlugParams,
          querystring: LangQuery,
          response: { 200: z.array(Product), 404: ErrorBody, ...tokenRefused },
        },
      },
      async (request, reply) =>
        sendCachedJson(
          request,
          reply,
          await answer(request, () => catalog.similarProductsJson(catalogue(request), requestLocale(request), request.params.slug)),
          maxAge,
        ),
    );

    fastify.get(
      '/api/offers/',
      {
        schema: {
          summary: 'List the published offers.',
          operationId: 'listOffers',
          security: guestOrShopperSecurity,
          tags: ['catalogue'],
          querystring: OfferListQuery,
          response: { 200: OfferPage, 400: BadRequestBody, ...tokenRefused },
        },
      },
      async (request, reply) => {
        const { page, page_size, ids } = request.query;
        const body = await answer(request, async () =>
          pageJson(
            request,
            app.config.publicUrl,
            await catalog.listOffers(catalogue(request), requestLocale(request), page, page_size, ids),
            page,
            page_size,
          ),
        );
        return sendCachedJson(request, reply, body, maxAge);
      },
    );

    fastify.get(
      '/api/offers/:slug/',
      {
        schema: {
          summary: 'Get a published offer.',
          operationId: 'getOffer',
          security: guestOrShopperSecurity,
          tags: ['catalogue'],
          description: 'A published offer. A renamed offer’s former slug answers 301 to its current address.',
          params: SlugParams,
          querystring: LangQuery,
          response: { 200: Offer, 404: ErrorBody, ...tokenRefused },
        },
      },
      async (request, reply) =>
        detail(
          request,
          reply,
          request.params.slug,
          () => catalog.getOfferJson(catalogue(request), requestLocale(request), request.params.slug),
          (slug) => movedOfferSlug(app.database, slug),
          '/api/offers/',
        ),
    );
  };
