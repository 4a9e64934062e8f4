import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  NotificationPage,
  NotificationsReadRequest,
  NotificationsReadResponse,
  PageQuery,
  ValidationErrorBody,
} from '@attar/contract';
import { requireUser } from '../accounts/auth';
import type { AppContext } from '../app-context';
import { pageLinks } from '../http/pagination';
import { markRead, notificationPage } from './service';

export const notificationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (fastify) => {
    const tags = ['notifications'];
    fastify.get(
      '/api/notifications/',
      {
        schema: {
          summary: "List the shopper's notifications.",
          operationId: 'listNotifications',
          security: [{ token: [] }],
          tags,
          description: 'The caller’s notifications, newest first, with how many are unread.',
          querystring: PageQuery,
          response: { 200: NotificationPage, 400: ValidationErrorBody, 401: ErrorBody },
        },
      },
      async (request) => {
        const userId = requireUser(request);
        const { page, page_size: pageSize } = request.query;
        const listed = await notificationPage(ctx.database, userId, page, pageSize);
        return { ...listed, ...pageLinks(request, ctx.config.publicUrl, listed.count, page, pageSize) };
      },
    );

    fastify.post(
      '/api/notifications/read/',
      {
        schema: {
          summary: 'Mark notifications as read.',
          operationId: 'markNotificationsRead',
          security: [{ token: [] }],
          tags,
          description: 'Marks the given `ids` of the caller’s notifications read, or all of them without `ids`; answers the unread count.',
          body: NotificationsReadRequest.optional(),
          response: { 200: NotificationsReadResponse, 400: z.union([ErrorBody, ValidationErrorBody]), 401: ErrorBody },
        },
      },
      async (request) => ({ unread: await markRead(ctx.database, requireUser(request), request.body?.ids) }),
    );
  };
