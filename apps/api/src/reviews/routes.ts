import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorBody, Review, ReviewHelpful, ReviewListQuery, ReviewPage, ReviewParams, ReviewWrite, SlugParams } from '@attar/contract';
import { requireUser } from '../accounts/auth';
import type { AppContext } from '../app-context';
import { sendCachedJson, sendJsonText, tagJson, type TaggedJson } from '../http/cache';
import type { CatalogueChanges } from '../http/catalogue-changes';
import { requestLocale } from '../http/locale';
import { MicroCache } from '../http/micro-cache';
import { pageLinks } from '../http/pagination';
import { reviewPage, toggleHelpful, writeReview } from './service';
import { guestOrShopperSecurity } from '../http/openapi';

const errors = { 400: z.union([ErrorBody, z.record(z.string(), z.array(z.string()))]), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** The product page's reviews, a shopper's own review, and "helpful" votes. */
export const reviewRoutes =
  (app: AppContext & { changes: CatalogueChanges }): FastifyPluginAsyncZod =>
  async (fastify) => {
    // Guests share answers, dropped with the catalogue's whenever a visible review changes; a signed-in caller's carry
    // their own review and votes, so they are built fresh.
    const cache = new MicroCache<TaggedJson>(app.config.catalogueCacheMs);
    app.changes.clears(cache);

    const pageText = async (request: FastifyRequest, slug: string, query: ReviewListQuery) => {
      const page = await reviewPage(app.database, requestLocale(request), slug, query, request.userId);
      const links = pageLinks(request, app.config.publicUrl, page.count, query.page, query.page_size);
      return (
        `{"count":${page.count},"average":${JSON.stringify(page.average)},"next":${JSON.stringify(links.next)},` +
        `"previous":${JSON.stringify(links.previous)},"results":${page.resultsJson},"mine":${page.mineJson},"can_review":${page.canReview}}`
      );
    };

    fastify.get(
      '/api/products/:slug/reviews/',
      {
        schema: {
          summary: "List a product's published reviews.",
          operationId: 'listProductReviews',
          security: guestOrShopperSecurity,
          tags: ['reviews'],
          description:
            'A published product’s visible reviews (`ordering`: newest or most helpful first) with their average and count; ' +
            'for a signed-in caller also their own review and whether they may write one.',
          params: SlugParams,
          querystring: ReviewListQuery,
          response: { 200: ReviewPage, ...errors },
        },
      },
      async (request, reply) => {
        const build = () => pageText(request, request.params.slug, request.query);
        if (request.userId !== null) return sendJsonText(reply, await build());
        const body = await cache.get(`${requestLocale(request)} ${request.url}`, async () => tagJson(await build()));
        return sendCachedJson(request, reply, body, app.config.catalogueMaxAge);
      },
    );

    fastify.post(
      '/api/products/:slug/reviews/',
      {
        schema: {
          summary: 'Review a product.',
          operationId: 'reviewProduct',
          tags: ['reviews'],
          security: [{ token: [] }],
          description:
            'Rates and reviews a product the shopper received (a delivered order of it, any size): `201` the new review; ' +
            'a second one edits the first (`200`, the same review). Without such an order: `403`.',
          params: SlugParams,
          body: ReviewWrite,
          response: { 200: Review, 201: Review, ...errors },
        },
      },
      async (request, reply) => {
        const userId = requireUser(request);
        const saved = await writeReview(app.database, userId, requestLocale(request), request.params.slug, request.body);
        return sendJsonText(reply.status(saved.created ? 201 : 200), saved.reviewJson);
      },
    );

    fastify.post(
      '/api/reviews/:id/helpful/',
      {
        schema: {
          summary: 'Mark a review as helpful.',
          operationId: 'markReviewHelpful',
          tags: ['reviews'],
          security: [{ token: [] }],
          description: 'Marks a visible review helpful, or takes the mark back (a toggle). Not on the caller’s own review (`403`).',
          params: ReviewParams,
          response: { 200: ReviewHelpful, ...errors },
        },
      },
      async (request) => toggleHelpful(app.database, requireUser(request), requestLocale(request), request.params.id),
    );
  };
