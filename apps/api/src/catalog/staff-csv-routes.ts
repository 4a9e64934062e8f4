import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CatalogueImport, CatalogueImportQuery, ErrorBody, IdParam, MAX_IMPORT_BYTES, ValidationErrorBody } from '@attar/contract';
import type { AppContext } from '../app-context';
import { requestLocale } from '../http/locale';
import { requireStaff } from '../staff/auth';
import { catalogueImport, exportCatalogue, startImport } from './staff-csv';
import { csvResponse } from '../http/openapi';

const tags = ['staff'];
const security = [{ staffSession: [] }];
const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** The catalogue's CSV export and import (owners and managers). The import's body is the file itself. */
export const staffCatalogueCsvRoutes =
  ({ database, config }: Pick<AppContext, 'database' | 'config'>): FastifyPluginAsyncZod =>
  async (fastify) => {
    const manager = (request: Parameters<typeof requireStaff>[0]) => requireStaff(request, config, 'manageCatalogue').member.id;
    fastify.addHook('preValidation', async (request) => {
      manager(request);
    });
    // A spreadsheet's file as it is, whatever type the browser gives it.
    fastify.addContentTypeParser(
      ['text/csv', 'application/octet-stream', 'text/plain'],
      { parseAs: 'string', bodyLimit: MAX_IMPORT_BYTES },
      (_r, body, done) => done(null, body),
    );

    fastify.get(
      '/api/staff/products/export.csv',
      {
        schema: {
          summary: 'Export the catalogue as CSV.',
          operationId: 'staffExportProducts',
          response: { 200: csvResponse, 401: ErrorBody, 403: ErrorBody },
          tags,
          security,
          description:
            'Every product size as CSV (UTF-8 with a byte-order mark), as an import takes it back. 401 and 403 as the other staff calls.',
        },
      },
      async (_request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="attar-catalogue-${new Date().toISOString().slice(0, 10)}.csv"`)
          .header('cache-control', 'no-store')
          .send(await exportCatalogue(database)),
    );

    fastify.post(
      '/api/staff/products/imports/',
      {
        schema: {
          summary: 'Import products from a CSV file.',
          operationId: 'staffImportProducts',
          tags,
          security,
          description:
            'Send a CSV file (the body): it is checked whole, then applied all or nothing, after the answer. ' +
            'Poll the import for its progress, its problems by line, or what it created and updated.',
          querystring: CatalogueImportQuery,
          response: { 202: CatalogueImport, 400: z.union([ErrorBody, ValidationErrorBody]), 413: ErrorBody, ...errors },
        },
      },
      async (request, reply) => {
        const locale = requestLocale(request);
        const fileText = typeof request.body === 'string' ? request.body : '';
        const started = await startImport(database, manager(request), locale, request.query.file_name, fileText);
        started.whenDone.catch((error: unknown) => request.log.error({ err: error }, 'catalogue import failed'));
        return reply.status(202).send(await catalogueImport(database, locale, started.id));
      },
    );

    fastify.get(
      '/api/staff/products/imports/:id/',
      {
        schema: {
          summary: "Get a product import's progress and result.",
          operationId: 'staffGetProductImport',
          tags,
          security,
          description: "An import's progress, and its problems or its result.",
          params: z.object({ id: IdParam }),
          response: { 200: CatalogueImport, ...errors },
        },
      },
      async (request) => catalogueImport(database, requestLocale(request), request.params.id),
    );
  };
