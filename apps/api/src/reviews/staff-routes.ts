import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorBody, ReviewParams, StaffReviewPage, StaffReviewQuery, StaffReviewReply, StaffReviewRow } from '@attar/contract';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { requestLocale } from '../http/locale';
import { pageLinks } from '../http/pagination';
import { requireStaff } from '../staff/auth';
import { hideReview, replyToReview, staffReviewPage } from './service';
import { pascalCase } from '../http/openapi';

const tags = ['staff'];
const security = [{ staffSession: [] }];
const errors = { 400: z.union([ErrorBody, z.record(z.string(), z.array(z.string()))]), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Reviews name their authors: no shared cache keeps them. */
const privately = <T>(reply: FastifyReply, body: T) => reply.header('cache-control', 'private, no-store').send(body);

/** Moderating reviews in the back office (moderateReviews): the list, hiding and showing, the shop's reply. */
export const staffReviewRoutes =
  (ctx: { database: Database; config: Config }): FastifyPluginAsyncZod =>
  async (fastify) => {
    const { database, config } = ctx;
    const staffId = (request: FastifyRequest) => requireStaff(request, config, 'moderateReviews').member.id;
    // Before the body is read: a member without the right is refused whatever they send.
    const onlyModerators = {
      preValidation: async (request: FastifyRequest) => {
        staffId(request);
      },
    };

    fastify.get(
      '/api/staff/reviews/',
      {
        ...onlyModerators,
        schema: {
          summary: 'List the reviews to moderate.',
          operationId: 'staffListReviews',
          tags,
          security,
          description: 'Reviews, newest first, by product, rating, hidden or not, and words of the review, product or author.',
          querystring: StaffReviewQuery,
          response: { 200: StaffReviewPage, ...errors },
        },
      },
      async (request, reply) => {
        const page = await staffReviewPage(database, requestLocale(request), request.query);
        return privately(reply, {
          ...page,
          ...pageLinks(request, config.publicUrl, page.count, request.query.page, request.query.page_size),
        });
      },
    );

    for (const [action, hidden] of [
      ['hide', true],
      ['unhide', false],
    ] as const) {
      fastify.post(
        `/api/staff/reviews/:id/${action}/`,
        {
          ...onlyModerators,
          schema: {
            summary: `${pascalCase(action)} a review.`,
            operationId: `staff${pascalCase(action)}Review`,
            tags,
            security,
            description: hidden
              ? 'Hides the review: it leaves the product page, its average and its count.'
              : 'Shows a hidden review again.',
            params: ReviewParams,
            response: { 200: StaffReviewRow, ...errors },
          },
        },
        async (request, reply) =>
          privately(reply, await hideReview(database, staffId(request), requestLocale(request), request.params.id, hidden)),
      );
    }

    fastify.put(
      '/api/staff/reviews/:id/reply/',
      {
        ...onlyModerators,
        schema: {
          summary: 'Reply to a review.',
          operationId: 'staffReplyToReview',
          tags,
          security,
          description: 'The shop’s public answer under the review, new or edited.',
          params: ReviewParams,
          body: StaffReviewReply,
          response: { 200: StaffReviewRow, ...errors },
        },
      },
      async (request, reply) =>
        privately(reply, await replyToReview(database, staffId(request), requestLocale(request), request.params.id, request.body.reply)),
    );

    fastify.delete(
      '/api/staff/reviews/:id/reply/',
      {
        ...onlyModerators,
        schema: {
          summary: "Delete the shop's reply to a review.",
          operationId: 'staffDeleteReviewReply',
          tags,
          security,
          description: 'Removes the shop’s answer.',
          params: ReviewParams,
          response: { 200: StaffReviewRow, ...errors },
        },
      },
      async (request, reply) =>
        privately(reply, await replyToReview(database, staffId(request), requestLocale(request), request.params.id, null)),
    );
  };
