import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ErrorBody,
  IdParam,
  TagInput,
  TagList,
  TagQuery,
  TagSuggestionQuery,
  TagSuggestions,
  ValidationErrorBody,
  type StaffPermission,
  type TagKind,
} from '@attar/contract';
import type { AppContext } from '../app-context';
import { requestLocale } from '../http/locale';
import { pascalCase } from '../http/openapi';
import { requireStaff } from '../staff/auth';
import { addTag, removeTag, tagSuggestions } from './service';

const tags = ['staff'];
const security = [{ staffSession: [] }];
const errors = { 400: z.union([ErrorBody, ValidationErrorBody]), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const params = z.object({ id: IdParam });

/** Each kind of tag: the calls' address, and who reads its suggestions and who changes it. */
const KINDS: Record<TagKind, { path: string; read: StaffPermission; write: StaffPermission }> = {
  order: { path: '/api/staff/orders', read: 'readOrders', write: 'tagOrders' },
  customer: { path: '/api/staff/customers', read: 'readCustomers', write: 'tagCustomers' },
};

/** Tags on orders (tagOrders) and on customers (tagCustomers), and the tags in use on each as suggestions. */
export const staffTagRoutes =
  ({ database, config }: Pick<AppContext, 'database' | 'config'>): FastifyPluginAsyncZod =>
  async (fastify) => {
    const staffWith = (request: FastifyRequest, permission: StaffPermission) => requireStaff(request, config, permission).member.id;
    // Before the body is read: a member without the right is refused whatever they send.
    const onlyWith = (permission: StaffPermission) => ({
      preValidation: async (request: FastifyRequest) => {
        staffWith(request, permission);
      },
    });
    // Which tags staff write about customers is the shop's own business: no cache keeps it.
    const noStore = { 'cache-control': 'private, no-store' };

    for (const [kind, { path, read, write }] of Object.entries(KINDS) as [TagKind, (typeof KINDS)[TagKind]][]) {
      const name = pascalCase(kind);
      fastify.get(
        `${path}/tags/`,
        {
          ...onlyWith(read),
          schema: {
            summary: `List the tags in use on ${kind}s.`,
            operationId: `staffList${name}Tags`,
            tags,
            security,
            description: `The tags on ${kind}s that contain \`q\` (any case), the most used first: the tag input's suggestions.`,
            querystring: TagSuggestionQuery,
            response: { 200: TagSuggestions, ...errors },
          },
        },
        async (request, reply) => reply.headers(noStore).send(await tagSuggestions(database, kind, request.query.q)),
      );
      fastify.post(
        `${path}/:id/tags/`,
        {
          ...onlyWith(write),
          schema: {
            summary: `Tag ${kind === 'order' ? 'an order' : 'a customer'}.`,
            operationId: `staffTag${name}`,
            tags,
            security,
            description: `Adds a tag (trimmed; at most once whatever its case: 409 \`tag_exists\`; a few per ${kind}: 409 \`too_many_tags\`). Audited.`,
            params,
            body: TagInput,
            response: { 200: TagList, 409: ErrorBody, ...errors },
          },
        },
        async (request) => addTag(database, staffWith(request, write), requestLocale(request), kind, request.params.id, request.body.tag),
      );
      fastify.delete(
        `${path}/:id/tags/`,
        {
          ...onlyWith(write),
          schema: {
            summary: `Remove a tag from ${kind === 'order' ? 'an order' : 'a customer'}.`,
            operationId: `staffUntag${name}`,
            tags,
            security,
            description: `Removes the tag \`tag\`, written in any case (404 \`no_such_tag\` when the ${kind} has none). Audited.`,
            params,
            querystring: TagQuery,
            response: { 200: TagList, ...errors },
          },
        },
        async (request) =>
          removeTag(database, staffWith(request, write), requestLocale(request), kind, request.params.id, request.query.tag),
      );
    }
  };
