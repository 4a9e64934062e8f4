import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuditPage, AuditQuery, ErrorBody, ValidationErrorBody } from '@attar/contract';
import type { AppContext } from '../app-context';
import { pageLinks } from '../http/pagination';
import { requireStaff } from '../staff/auth';
import { auditPage } from './service';

export const auditRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (fastify) => {
    fastify.get(
      '/api/staff/audit/',
      {
        schema: {
          summary: "List the back office's audit log.",
          operationId: 'staffListAuditLog',
          tags: ['staff'],
          security: [{ staffSession: [] }],
          description: 'Owner only: every staff write, newest first, filtered by member, entity, action and dates.',
          querystring: AuditQuery,
          response: { 200: AuditPage, 400: z.union([ErrorBody, ValidationErrorBody]), 401: ErrorBody, 403: ErrorBody },
        },
      },
      async (request, reply) => {
        requireStaff(request, ctx.config, 'readAudit');
        const page = await auditPage(ctx.database, request.query);
        const links = pageLinks(request, ctx.config.publicUrl, page.count, request.query.page, request.query.page_size);
        return reply.header('cache-control', 'private, no-store').send({ count: page.count, ...links, results: page.results as never });
      },
    );
  };
