import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, IdParam, SavedView, SavedViewInput, SavedViewQuery, staffMay, ValidationErrorBody } from '@attar/contract';
import type { AppContext } from '../app-context';
import { requestLocale } from '../http/locale';
import { requireStaff } from '../staff/auth';
import * as savedViews from './service';

const tags = ['staff'];
const security = [{ staffSession: [] }];
const errors = { 400: z.union([ErrorBody, ValidationErrorBody]), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const PATH = '/api/staff/saved-views/';

/** Saved views of the orders board: whoever sees the board keeps their own; sharing one with everyone is the owner's. */
export const staffSavedViewRoutes =
  ({ database, config }: Pick<AppContext, 'database' | 'config'>): FastifyPluginAsyncZod =>
  async (fastify) => {
    const reader = (request: Parameters<typeof requireStaff>[0]) => requireStaff(request, config, 'readOrders');
    // Before the body is read: a member without the right is refused whatever they send.
    fastify.addHook('preValidation', async (request) => {
      reader(request);
    });

    fastify.get(
      PATH,
      {
        schema: {
          summary: 'List the saved views of a list.',
          operationId: 'staffListSavedViews',
          tags,
          security,
          description: 'The signed-in member’s own views, then the shared ones, each by name.',
          querystring: SavedViewQuery,
          response: { 200: z.array(SavedView), ...errors },
        },
      },
      async (request, reply) => {
        const staff = reader(request);
        const views = await savedViews.listSavedViews(database, staff.member.id, request.query.list);
        return reply.header('cache-control', 'private, no-store').send(views);
      },
    );
    fastify.post(
      PATH,
      {
        schema: {
          summary: 'Save a view.',
          operationId: 'staffCreateSavedView',
          tags,
          security,
          description:
            'A name unique among the member’s views of the list (or among the shared ones): 409 `name_taken` otherwise. Only the owner saves a shared view.',
          body: SavedViewInput,
          response: { 201: SavedView, 409: ErrorBody, ...errors },
        },
      },
      async (request, reply) => {
        const staff = reader(request);
        if (request.body.shared) requireStaff(request, config, 'shareViews');
        return reply.status(201).send(await savedViews.createSavedView(database, staff.member.id, requestLocale(request), request.body));
      },
    );
    fastify.delete(
      `${PATH}:id/`,
      {
        schema: {
          summary: 'Delete a saved view.',
          operationId: 'staffDeleteSavedView',
          tags,
          security,
          description: 'The member’s own view, or a shared one by the owner; another member’s view is not found.',
          params: z.object({ id: IdParam }),
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const staff = reader(request);
        const mayDeleteShared = staffMay(staff.member.role, 'shareViews');
        await savedViews.deleteSavedView(database, staff.member.id, requestLocale(request), request.params.id, mayDeleteShared);
        return reply.status(204).send(null);
      },
    );
  };
