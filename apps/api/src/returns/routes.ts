import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  IdParam,
  Order,
  OrderChangedBody,
  paginated,
  ReturnRequest,
  StaffOrder,
  StaffOrderParams,
  StaffRefundRequest,
  StaffReturnDecision,
  StaffReturnQuery,
  StaffReturnReceipt,
  StaffReturnRefund,
  StaffReturnRejection,
  StaffReturnRow,
} from '@attar/contract';
import { requireUser } from '../accounts/auth';
import type { AccountsContext } from '../accounts/service';
import { mediaBaseOf, type Config } from '../config';
import type { Database } from '../db/client';
import { notFound } from '../http/errors';
import { text } from '../i18n/catalogue';
import { requestLocale } from '../http/locale';
import { pageLinks } from '../http/pagination';
import { OrderChanged } from '../orders/process';
import { orderFor } from '../orders/service';
import { orderChanged, staffOrder } from '../orders/staff-service';
import { requireStaff } from '../staff/auth';
import { refundOrderPart } from './refunds';
import { decideReturn, receiveReturn, refundReturn, requestReturn, returnsPage } from './service';
import { pascalCase } from '../http/openapi';

const errors = {
  400: z.union([ErrorBody, z.record(z.string(), z.array(z.string()))]),
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
};
const toPiastres = (amount: number | undefined) => (amount === undefined ? undefined : Math.round(amount * 100));
const ReturnParams = z.object({ id: IdParam });

/** The shopper's return request beside their orders. */
export const returnRoutes =
  (ctx: AccountsContext): FastifyPluginAsyncZod =>
  async (fastify) => {
    const mediaBase = mediaBaseOf(ctx.config);
    fastify.post(
      '/api/orders/:id/returns/',
      {
        schema: {
          summary: 'Ask to return items of a delivered order.',
          operationId: 'requestReturn',
          tags: ['orders'],
          security: [{ token: [] }],
          description:
            'Asks to return a delivered order (no `lines`: every unit not yet returned) or some of its units, within the ' +
            'returns window, with a reason. The shop approves or rejects it, receives the items and refunds them.',
          params: StaffOrderParams,
          body: ReturnRequest,
          response: { 201: Order, ...errors },
        },
      },
      async (request, reply) => {
        const userId = requireUser(request);
        const locale = requestLocale(request);
        await requestReturn({ ...ctx, log: request.log }, userId, locale, request.params.id, request.body);
        const order = await orderFor({ ...ctx, mediaBase }, locale, { id: request.params.id }, userId);
        if (!order) throw notFound(text(locale, 'notFound'));
        return reply.status(201).send(order);
      },
    );
  };

/** The back office's returns queue, its steps, and refunds of delivered orders. */
export const staffReturnRoutes =
  (ctx: { database: Database; config: Config }): FastifyPluginAsyncZod =>
  async (fastify) => {
    const { config } = ctx;
    const mediaBase = mediaBaseOf(config);
    const tags = ['staff'];
    const security = [{ staffSession: [] }];

    fastify.get(
      '/api/staff/returns/',
      {
        schema: {
          summary: 'List the return requests.',
          operationId: 'staffListReturns',
          tags,
          security,
          description: 'Returns, oldest first, optionally in one status.',
          querystring: StaffReturnQuery,
          response: { 200: paginated(StaffReturnRow), ...errors },
        },
      },
      async (request, reply) => {
        requireStaff(request, config, 'readOrders');
        const page = await returnsPage(ctx.database, request.query);
        const links = pageLinks(request, config.publicUrl, page.count, request.query.page, request.query.page_size);
        return reply.header('cache-control', 'private, no-store').send({ ...page, ...links });
      },
    );

    fastify.post(
      '/api/staff/orders/:id/refunds/',
      {
        schema: {
          summary: 'Refund an order.',
          operationId: 'staffRefundOrder',
          tags,
          security,
          description:
            'Refunds part or all of a delivered order: units (each restocked or not) and/or an amount; a card payment ' +
            'through its gateway, a cash order’s money as `cash_method` says; points in proportion. Never a unit twice, ' +
            'never more than was paid.',
          params: StaffOrderParams,
          body: StaffRefundRequest,
          response: { 201: StaffOrder, ...errors, 409: OrderChangedBody },
        },
      },
      async (request, reply) => {
        const staff = requireStaff(request, config, 'refundOrders');
        const locale = requestLocale(request);
        const orderId = request.params.id;
        const { version, reason, lines, amount, cash_method, cash_reference } = request.body;
        await refundOrderPart({ ...ctx, log: request.log }, staff.member.id, locale, orderId, {
          version,
          reason,
          lines,
          amountPiastres: toPiastres(amount),
          cashMethod: cash_method,
          cashReference: cash_reference,
        }).catch(async (error: unknown) => {
          if (error instanceof OrderChanged) throw await orderChanged({ ...ctx, mediaBase }, locale, orderId);
          throw error;
        });
        return reply.status(201).send(await staffOrder({ ...ctx, mediaBase }, locale, orderId));
      },
    );

    /** Each step answers with the order the return belongs to, as the order page shows it. */
    const step = <S extends z.ZodTypeAny>(
      path: string,
      body: S,
      permission: 'decideReturns' | 'receiveReturns' | 'refundOrders',
      description: string,
      run: (input: z.infer<S>, staffId: number, locale: 'en' | 'ar', returnId: number, log: typeof fastify.log) => Promise<number>,
    ) =>
      fastify.post(
        `/api/staff/returns/:id/${path}/`,
        {
          schema: {
            summary: `${pascalCase(path)} a return.`,
            operationId: `staff${pascalCase(path)}Return`,
            tags,
            security,
            description,
            params: ReturnParams,
            body,
            response: { 200: StaffOrder, ...errors },
          },
        },
        async (request) => {
          const staff = requireStaff(request, config, permission);
          const locale = requestLocale(request);
          const orderId = await run(request.body as z.infer<S>, staff.member.id, locale, request.params.id, request.log);
          return staffOrder({ ...ctx, mediaBase }, locale, orderId);
        },
      );

    step(
      'approve',
      StaffReturnDecision,
      'decideReturns',
      'requested → approved; the shopper is told (with the message).',
      (b, id, l, r, log) => decideReturn({ ...ctx, log }, id, l, r, { approve: true, message: b.message }),
    );
    step(
      'reject',
      StaffReturnRejection,
      'decideReturns',
      'requested or approved → rejected, saying why; the units become returnable again.',
      (b, id, l, r, log) => decideReturn({ ...ctx, log }, id, l, r, { approve: false, message: b.message }),
    );
    step(
      'receive',
      StaffReturnReceipt,
      'receiveReturns',
      'approved → received: every line of the return restocked or not.',
      (b, id, l, r, log) => receiveReturn({ ...ctx, log }, id, l, r, b.lines),
    );
    step(
      'refund',
      StaffReturnRefund,
      'refundOrders',
      'received → refunded: its units’ share of what was paid, or the amount given.',
      (b, id, l, r, log) =>
        refundReturn({ ...ctx, log }, id, l, r, {
          amountPiastres: toPiastres(b.amount),
          cashMethod: b.cash_method,
          cashReference: b.cash_reference,
        }),
    );
  };
