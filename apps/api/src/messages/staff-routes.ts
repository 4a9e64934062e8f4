import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, MessageParams, StaffMessage, StaffMessagePage, StaffMessageQuery, StaffMessagesRetried } from '@attar/contract';
import type { AppContext } from '../app-context';
import { requestLocale } from '../http/locale';
import { BadRequestBody } from '../http/openapi';
import { pageLinks } from '../http/pagination';
import { requireStaff } from '../staff/auth';
import { messagePage, retryAllDead, retryMessage } from './staff-service';

const tags = ['staff'];
const security = [{ staffSession: [] }];
// 400: field errors, or `{detail, code}` for a body that is not JSON.
const refusals = { 400: BadRequestBody, 401: ErrorBody, 403: ErrorBody };

/** Messages name their recipients: no shared cache keeps them. */
const privately = <T>(reply: FastifyReply, body: T) => reply.header('cache-control', 'private, no-store').send(body);

/** The order messages that could not be sent, and sending them again (retryMessages: owners and managers). */
export const staffMessageRoutes =
  ({ database, config }: Pick<AppContext, 'database' | 'config'>): FastifyPluginAsyncZod =>
  async (fastify) => {
    const staffId = (request: FastifyRequest) => requireStaff(request, config, 'retryMessages').member.id;
    // Before the input is read: a member without the right is refused whatever they send.
    fastify.addHook('preValidation', async (request) => {
      staffId(request);
    });

    fastify.get(
      '/api/staff/messages/',
      {
        schema: {
          summary: 'List the order messages that could not be sent.',
          operationId: 'staffListMessages',
          tags,
          security,
          description:
            'Order e-mails, SMS and new-order alerts that failed at every attempt (`state=dead`, the default) or wait for their next one (`state=pending`), newest first, with their recipient and last error.',
          querystring: StaffMessageQuery,
          response: { 200: StaffMessagePage, ...refusals },
        },
      },
      async (request, reply) => {
        const page = await messagePage(database, request.query);
        return privately(reply, {
          ...page,
          ...pageLinks(request, config.publicUrl, page.count, request.query.page, request.query.page_size),
        });
      },
    );

    fastify.post(
      '/api/staff/messages/:id/retry/',
      {
        schema: {
          summary: 'Send a failed message again.',
          operationId: 'staffRetryMessage',
          tags,
          security,
          description:
            'Puts a dead message back in the queue with no attempts, due now; its last error stays until it is sent. 409 `message_not_dead` for a message already sent or still being tried (nothing changes).',
          params: MessageParams,
          response: { 200: StaffMessage, ...refusals, 404: ErrorBody, 409: ErrorBody },
        },
      },
      async (request, reply) => privately(reply, await retryMessage(database, staffId(request), requestLocale(request), request.params.id)),
    );

    fastify.post(
      '/api/staff/messages/retry-dead/',
      {
        schema: {
          summary: 'Send every failed message again.',
          operationId: 'staffRetryDeadMessages',
          tags,
          security,
          description: 'Puts every dead message back in the queue, due now; answers how many.',
          response: { 200: StaffMessagesRetried, ...refusals },
        },
      },
      async (request) => retryAllDead(database, staffId(request)),
    );
  };
