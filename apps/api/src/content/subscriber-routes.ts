import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  IdParam,
  NewsletterIssue,
  NewsletterIssueQueued,
  StaffSubscriber,
  StaffSubscriberPage,
  StaffSubscriberQuery,
  ValidationErrorBody,
} from '@attar/contract';
import { shopDay } from '@attar/contract/rules';
import type { AppContext } from '../app-context';
import { requestLocale } from '../http/locale';
import { pageLinks } from '../http/pagination';
import type { NewsletterSender } from '../newsletter/queue';
import { requireStaff } from '../staff/auth';
import { contentBody } from './staff-input';
import { queueNewsletter, subscriberPage, subscribersCsv, unsubscribe } from './subscribers';
import { csvResponse } from '../http/openapi';

const tags = ['staff'];
const security = [{ staffSession: [] }];
const errors = { 400: z.union([ErrorBody, ValidationErrorBody]), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** The newsletter's subscribers in the back office (owners and managers), and the newsletter they are sent. */
export const staffSubscriberRoutes =
  ({ database, config, newsletter }: Pick<AppContext, 'database' | 'config'> & { newsletter: NewsletterSender }): FastifyPluginAsyncZod =>
  async (fastify) => {
    const member = (request: Parameters<typeof requireStaff>[0]) => requireStaff(request, config, 'manageSubscribers').member.id;
    // Before the body is read: a member without the right is refused whatever they send.
    fastify.addHook('preValidation', async (request) => {
      member(request);
    });

    fastify.get(
      '/api/staff/subscribers/',
      {
        schema: {
          summary: "List the newsletter's subscribers.",
          operationId: 'staffListSubscribers',
          tags,
          security,
          description: 'Newsletter subscribers by (part of) their address, subscribed or unsubscribed, newest first.',
          querystring: StaffSubscriberQuery,
          response: { 200: StaffSubscriberPage, ...errors },
        },
      },
      async (request, reply) => {
        const page = await subscriberPage(database, request.query);
        const links = pageLinks(request, config.publicUrl, page.count, request.query.page, request.query.page_size);
        return reply.header('cache-control', 'private, no-store').send({ ...page, ...links });
      },
    );

    fastify.get(
      '/api/staff/subscribers/export.csv',
      {
        schema: {
          summary: 'Export the subscribers as CSV.',
          operationId: 'staffExportSubscribers',
          response: { 200: csvResponse, 401: ErrorBody, 403: ErrorBody },
          tags,
          security,
          description:
            'The subscribed addresses as CSV (email, language, subscribed_at), UTF-8 with a byte-order mark, streamed. Unsubscribed addresses are left out. 401 and 403 as the other staff calls.',
        },
      },
      async (_request, reply) => {
        // Named by the shop's day, Cairo's, as the rows' times are: not UTC's, a day behind from midnight to 2 or 3.
        const day = shopDay();
        return reply
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="subscribers-${day}.csv"`)
          .type('text/csv; charset=utf-8')
          .send(Readable.from(subscribersCsv(database)));
      },
    );

    fastify.post(
      '/api/staff/subscribers/:id/unsubscribe/',
      {
        schema: {
          summary: 'Unsubscribe a subscriber.',
          operationId: 'staffUnsubscribe',
          tags,
          security,
          description: 'Takes an address off the newsletter (a new sign-up from the storefront puts it back).',
          params: z.object({ id: IdParam }),
          response: { 200: StaffSubscriber, ...errors },
        },
      },
      async (request) => unsubscribe(database, member(request), requestLocale(request), request.params.id),
    );

    fastify.post(
      '/api/staff/subscribers/newsletter/',
      {
        // Refused bodies are answered in the staff member's language (contentBody).
        attachValidation: true,
        schema: {
          summary: 'Send a newsletter to the subscribers.',
          operationId: 'staffSendNewsletter',
          tags,
          security,
          description:
            'Sends a newsletter, written in English and Arabic, to every confirmed subscriber in their language: one job per subscriber on the job queue, each e-mail with its signed unsubscribe link and List-Unsubscribe headers. Answers how many were queued.',
          body: NewsletterIssue,
          response: { 202: NewsletterIssueQueued, ...errors },
        },
      },
      async (request, reply) => {
        const issue = contentBody(request, NewsletterIssue);
        return reply.status(202).send(await queueNewsletter(database, newsletter, member(request), issue));
      },
    );
  };
