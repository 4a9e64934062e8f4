import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CatalogueImport,
  CatalogueImportQuery,
  CatalogueImportSummary,
  ErrorBody,
  IdParam,
  MAX_IMPORT_BYTES,
  ValidationErrorBody,
} from '@attar/contract';
import type { AppContext } from '../app-context';
import { requestLocale } from '../http/locale';
import { requireStaff } from '../staff/auth';
import { applyImport, catalogueImport, discardImport, exportCatalogue, recentImports, startImport, undoImport } from './staff-csv';
import { csvResponse } from '../http/openapi';

const tags = ['staff'];
const security = [{ staffSession: [] }];
const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const params = z.object({ id: IdParam });

/**
 * The catalogue's CSV export and import (owners and managers): a file is previewed, then applied or discarded, and an
 * applied one may be undone. The import's body is the file itself.
 */
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
          summary: 'Preview an import of products from a CSV file.',
          operationId: 'staffImportProducts',
          tags,
          security,
          description:
            'Send a CSV file (the body): it is checked whole after the answer, and nothing in the catalogue changes. ' +
            'Poll the import for its progress, then its preview: the sizes whose price or stock it would change (as ' +
            'they are and as the file has them), the products it would create, and the lines it refuses with why ' +
            "(`invalid`: the file as a whole cannot be read). Apply or discard it with the import's own calls.",
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
      '/api/staff/products/imports/',
      {
        schema: {
          summary: 'List recent product imports.',
          operationId: 'staffListProductImports',
          tags,
          security,
          description: 'The latest 20 imports, newest first: who sent which file when, its state and its counts.',
          response: { 200: z.array(CatalogueImportSummary), 401: ErrorBody, 403: ErrorBody },
        },
      },
      async () => recentImports(database),
    );

    fastify.get(
      '/api/staff/products/imports/:id/',
      {
        schema: {
          summary: "Get a product import's progress and result.",
          operationId: 'staffGetProductImport',
          tags,
          security,
          description:
            "An import's progress, then its problems and its changes (the first 200 of each list; the counts say how many in all).",
          params,
          response: { 200: CatalogueImport, ...errors },
        },
      },
      async (request) => catalogueImport(database, requestLocale(request), request.params.id),
    );

    const stateErrors = { ...errors, 409: ErrorBody };
    fastify.post(
      '/api/staff/products/imports/:id/apply/',
      {
        schema: {
          summary: 'Apply a previewed product import.',
          operationId: 'staffApplyProductImport',
          tags,
          security,
          description:
            'Applies exactly what the import previewed, in one transaction, all or nothing, and once: stock changes are ' +
            'recorded in the stock ledger as corrections, new products are saved as drafts, and the import is audited. ' +
            '409 if the import is not `previewed` (applied or discarded already, or being applied by someone else), or ' +
            'if a product it changes was edited, or a size it changes sold or was adjusted, since the preview: send the ' +
            'file again to preview it.',
          params,
          response: { 200: CatalogueImport, ...stateErrors },
        },
      },
      async (request) => applyImport(database, manager(request), requestLocale(request), request.params.id),
    );

    fastify.post(
      '/api/staff/products/imports/:id/discard/',
      {
        schema: {
          summary: 'Discard a previewed product import.',
          operationId: 'staffDiscardProductImport',
          tags,
          security,
          description: 'Leaves a previewed import unapplied for good; the catalogue is not touched. 409 unless it is `previewed`.',
          params,
          response: { 200: CatalogueImport, ...stateErrors },
        },
      },
      async (request) => discardImport(database, requestLocale(request), request.params.id),
    );

    fastify.post(
      '/api/staff/products/imports/:id/undo/',
      {
        schema: {
          summary: 'Undo an applied product import.',
          operationId: 'staffUndoProductImport',
          tags,
          security,
          description:
            'Takes an applied import back in one transaction: each size it changed gets its price and stock back (stock ' +
            'through the ledger, as corrections), and the products it created are removed; audited. 409 if the import ' +
            'is not `applied`, if any of its products changed since (an edit, a sale, a stock adjustment), or if a ' +
            'product it created is in an order, a cart, an offer or a promotion, or its stock moved: the detail says which.',
          params,
          response: { 200: CatalogueImport, ...stateErrors },
        },
      },
      async (request) => undoImport(database, manager(request), requestLocale(request), request.params.id),
    );
  };
