import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, IdParam, StaffSynonym, StaffSynonymInput, ValidationErrorBody } from '@attar/contract';
import type { AppContext } from '../app-context';
import { requestLocale } from '../http/locale';
import { requireStaff } from '../staff/auth';
import * as synonyms from './service';

const tags = ['staff'];
const security = [{ staffSession: [] }];
const errors = { 400: z.union([ErrorBody, ValidationErrorBody]), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const IdParams = z.object({ id: IdParam });

/** The back office's search synonyms (owners and managers, as the rest of the catalogue). */
export const staffSynonymRoutes =
  ({ database, config }: Pick<AppContext, 'database' | 'config'>): FastifyPluginAsyncZod =>
  async (fastify) => {
    const manager = (request: Parameters<typeof requireStaff>[0]) => requireStaff(request, config, 'manageCatalogue').member.id;
    // Before the body is read: a member without the right is refused whatever they send.
    fastify.addHook('preValidation', async (request) => {
      manager(request);
    });

    fastify.get(
      '/api/staff/search/synonyms/',
      {
        schema: {
          summary: 'List the search synonyms.',
          operationId: 'staffListSynonyms',
          tags,
          security,
          description: 'Groups of words that mean the same and one-way replacements, as search normalises them.',
          response: { 200: z.array(StaffSynonym), ...errors },
        },
      },
      async (request, reply) => {
        manager(request);
        return reply.header('cache-control', 'private, no-store').send(await synonyms.listSynonyms(database));
      },
    );
    fastify.post(
      '/api/staff/search/synonyms/',
      {
        schema: {
          summary: 'Add a synonym group or a replacement.',
          operationId: 'staffCreateSynonym',
          tags,
          security,
          description: 'Applied from the next search on every instance.',
          body: StaffSynonymInput,
          response: { 201: StaffSynonym, ...errors },
        },
      },
      async (request, reply) => {
        const staffId = manager(request);
        return reply.status(201).send(await synonyms.createSynonym(database, staffId, requestLocale(request), request.body));
      },
    );
    fastify.put(
      '/api/staff/search/synonyms/:id/',
      {
        schema: {
          summary: 'Change a synonym group or a replacement.',
          operationId: 'staffUpdateSynonym',
          tags,
          security,
          params: IdParams,
          body: StaffSynonymInput,
          response: { 200: StaffSynonym, ...errors },
        },
      },
      async (request, reply) => {
        const staffId = manager(request);
        return reply.send(await synonyms.updateSynonym(database, staffId, requestLocale(request), request.params.id, request.body));
      },
    );
    fastify.delete(
      '/api/staff/search/synonyms/:id/',
      {
        schema: {
          summary: 'Delete a synonym group or a replacement.',
          operationId: 'staffDeleteSynonym',
          tags,
          security,
          params: IdParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const staffId = manager(request);
        await synonyms.deleteSynonym(database, staffId, requestLocale(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
