import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  IdParam,
  LowStockRow,
  PageQuery,
  StaffStockAdjustment,
  StaffStockPage,
  StaffStockQuery,
  StockMovementPage,
  StockParams,
  ValidationErrorBody,
} from '@attar/contract';
import type { AppContext } from '../app-context';
import { requestLocale } from '../http/locale';
import { pageLinks } from '../http/pagination';
import { requireStaff } from '../staff/auth';
import { adjustStock, lowStock, stockLedger, stockPage } from './service';

const tags = ['staff'];
const security = [{ staffSession: [] }];
const errors = { 400: z.union([ErrorBody, ValidationErrorBody]), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** The stock calls of the back office (owners, managers and fulfilment). */
export const stockRoutes =
  ({ database, config }: Pick<AppContext, 'database' | 'config'>): FastifyPluginAsyncZod =>
  async (fastify) => {
    const member = (request: Parameters<typeof requireStaff>[0]) => requireStaff(request, config, 'adjustStock').member.id;
    // Before the body is read: a member without the right is refused whatever they send.
    fastify.addHook('preValidation', async (request) => {
      member(request);
    });

    fastify.post(
      '/api/staff/products/:id/sizes/:size/stock/',
      {
        schema: {
          summary: "Adjust a product size's stock.",
          operationId: 'staffAdjustStock',
          tags,
          security,
          description: 'Units in or out of one size (received, damaged, correction), never below zero; a row of the stock ledger.',
          params: StockParams,
          body: StaffStockAdjustment,
          response: { 200: z.object({ stock: z.number().int().nonnegative() }), ...errors },
        },
      },
      async (request) =>
        adjustStock(database, member(request), requestLocale(request), request.params.id, request.params.size, request.body),
    );

    fastify.get(
      '/api/staff/products/:id/stock/',
      {
        schema: {
          summary: "Get a product's stock and its history.",
          operationId: 'staffGetProductStock',
          tags,
          security,
          description: 'The product’s stock ledger, newest first: each change with its reason, order, staff member and note.',
          params: z.object({ id: IdParam }),
          querystring: PageQuery,
          response: { 200: StockMovementPage, ...errors },
        },
      },
      async (request, reply) => {
        const { page, page_size: pageSize } = request.query;
        const ledger = await stockLedger(database, requestLocale(request), request.params.id, page, pageSize);
        const links = pageLinks(request, config.publicUrl, ledger.count, page, pageSize);
        return reply.header('cache-control', 'private, no-store').send({ ...ledger, ...links });
      },
    );

    fastify.get(
      '/api/staff/stock/',
      {
        schema: {
          summary: 'List the stock of every product size.',
          operationId: 'staffListStock',
          tags,
          security,
          description:
            'Every product’s sizes with SKU, millilitres, stock and the low-stock flag, drafts too: search by name (either language), slug or SKU, or one product’s.',
          querystring: StaffStockQuery,
          response: { 200: StaffStockPage, ...errors },
        },
      },
      async (request, reply) => {
        const page = await stockPage(database, requestLocale(request), request.query);
        const links = pageLinks(request, config.publicUrl, page.count, request.query.page, request.query.page_size);
        return reply.header('cache-control', 'private, no-store').send({ ...page, ...links });
      },
    );

    fastify.get(
      '/api/staff/stock/low/',
      {
        schema: {
          summary: 'List the product sizes running low.',
          operationId: 'staffListLowStock',
          tags,
          security,
          description: 'Sizes of published products at or below their product’s low-stock threshold, the emptiest first.',
          response: { 200: z.array(LowStockRow), ...errors },
        },
      },
      async (_request, reply) => reply.header('cache-control', 'private, no-store').send(await lowStock(database)),
    );
  };
