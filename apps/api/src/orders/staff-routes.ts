import { STAFF_ORDER_ACTIONS, type StaffOrderActionName } from '@attar/contract/rules';
import { ordersPlaced } from '../ops/metrics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  OrderChangedBody,
  StaffBulkAction,
  StaffBulkResult,
  StaffDeliverAction,
  StaffNoteRequest,
  StaffOrder,
  StaffOrderAction,
  StaffOrderBoard,
  StaffOrderParams,
  StaffOrderEditPreview,
  StaffOrderEditRequest,
  StaffOrderQuery,
  StaffPhoneOrderRequest,
  StaffReasonAction,
  StaffShipAction,
  StockConflictBody,
} from '@attar/contract';
import type { CodeContext } from '../codes/service';
import { mediaBaseOf, type Config } from '../config';
import { requestLocale } from '../http/locale';
import { pageLinks } from '../http/pagination';
import { requireStaff } from '../staff/auth';
import {
  actOnOrder,
  addOrderNote,
  bulkAct,
  orderBoard,
  placePhoneOrder,
  staffOrder,
  undoLastMove,
  type StaffOrderAction as Action,
} from './staff-service';
import { pascalCase } from '../http/openapi';
import { editOrder, previewOrderEdit } from './order-edits';

const tags = ['staff'];
const security = [{ staffSession: [] }];
const errors = {
  400: z.union([ErrorBody, z.record(z.string(), z.array(z.string()))]),
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
};
// 409: the order changed meanwhile (with the order), or a step refused as it stands (a balance still owed, decision 0062).
const actionErrors = { ...errors, 409: z.union([OrderChangedBody, ErrorBody]) };

/** The back office's order calls, beside the shopper's in the same domain. */
export const staffOrderRoutes =
  (ctx: CodeContext & { config: Config }): FastifyPluginAsyncZod =>
  async (fastify) => {
    const { config } = ctx;
    const mediaBase = mediaBaseOf(config);
    const orders = (log: typeof fastify.log) => ({ ...ctx, mediaBase, log, codes: ctx });

    fastify.get(
      '/api/staff/orders/',
      {
        schema: {
          summary: 'List the orders.',
          operationId: 'staffListOrders',
          tags,
          security,
          description: 'The orders board: filters, search (number, phone, name, e-mail), sorting, paging, counts per status.',
          querystring: StaffOrderQuery,
          response: { 200: StaffOrderBoard, ...errors },
        },
      },
      async (request, reply) => {
        requireStaff(request, config, 'readOrders');
        const board = await orderBoard(ctx.database, requestLocale(request), request.query);
        const links = pageLinks(request, config.publicUrl, board.count, request.query.page, request.query.page_size);
        return reply.header('cache-control', 'private, no-store').send({ ...board, ...links });
      },
    );

    fastify.get(
      '/api/staff/orders/:id/',
      {
        schema: {
          summary: 'Get an order.',
          operationId: 'staffGetOrder',
          tags,
          security,
          params: StaffOrderParams,
          response: { 200: StaffOrder, ...errors },
        },
      },
      async (request, reply) => {
        requireStaff(request, config, 'readOrders');
        return reply
          .header('cache-control', 'private, no-store')
          .send(await staffOrder(orders(request.log), requestLocale(request), request.params.id));
      },
    );

    const action = <S extends z.ZodTypeAny>(
      path: StaffOrderActionName,
      body: S,
      description: string,
      toAction: (input: z.infer<S>) => Action,
    ) =>
      fastify.post(
        `/api/staff/orders/:id/${path}/`,
        {
          schema: {
            summary: `${pascalCase(path)} an order.`,
            operationId: `staff${pascalCase(path)}Order`,
            tags,
            security,
            description,
            params: StaffOrderParams,
            body,
            response: { 200: StaffOrder, ...actionErrors },
          },
        },
        async (request) => {
          const staff = requireStaff(request, config, STAFF_ORDER_ACTIONS[path].permission);
          return actOnOrder(
            orders(request.log),
            staff.member.id,
            requestLocale(request),
            request.params.id,
            toAction(request.body as z.infer<S>),
          );
        },
      );

    action('confirm', StaffOrderAction, 'placed → confirmed.', (b) => ({ action: 'confirm', version: b.version }));
    action('pack', StaffOrderAction, 'confirmed → packed (the packing slip is printed).', (b) => ({
      action: 'pack',
      version: b.version,
    }));
    action(
      'ship',
      StaffShipAction,
      'packed → shipped, with the courier and tracking number the shopper sees; 409 `balance_owed` while a paid order still owes a balance (decision 0062).',
      (b) => ({
        action: 'ship',
        ...b,
      }),
    );
    action('deliver', StaffDeliverAction, 'shipped → delivered; cash on delivery records the cash collected.', (b) => ({
      action: 'deliver',
      ...b,
    }));
    action(
      'cancel',
      StaffReasonAction,
      'Cancels with a reason: stock, points and promotion use return; a paid card order is refunded.',
      (b) => ({
        action: 'cancel',
        ...b,
      }),
    );

    /** An edit of an order (decision 0057), previewed or saved by the same service: `run` is which. */
    const editCall = <R extends z.ZodTypeAny>(
      path: 'edit' | 'edit/preview',
      operation: { summary: string; operationId: string; description: string },
      response: Record<number, z.ZodTypeAny> & { 200: R },
      run: typeof editOrder | typeof previewOrderEdit,
    ) =>
      fastify.post(
        `/api/staff/orders/:id/${path}/`,
        {
          schema: {
            ...operation,
            description:
              'Before its hand-over (placed, confirmed or packed): the lines, sizes and units, the address and with it the ' +
              `governorate's fee, or a fee set by hand with a reason (\`setDeliveryFees\`), with the order's version. ${operation.description}`,
            tags,
            security,
            params: StaffOrderParams,
            body: StaffOrderEditRequest,
            response,
          },
        },
        async (request) => {
          const { member } = requireStaff(request, config, 'editOrders');
          const { id } = request.params as { id: number };
          return run(orders(request.log), member, requestLocale(request), id, request.body as StaffOrderEditRequest);
        },
      );
    editCall(
      'edit/preview',
      {
        summary: 'Preview an edit of an order.',
        operationId: 'staffPreviewOrderEdit',
        description: 'Answers the amounts before and after, the promotion, stock short and money back; changes nothing.',
      },
      { 200: StaffOrderEditPreview, ...actionErrors },
      previewOrderEdit,
    );
    editCall(
      'edit',
      {
        summary: 'Edit an order.',
        operationId: 'staffEditOrder',
        description:
          "One transaction: stock by the difference, the promotion asked again, points, totals, the audit entry and the shopper's " +
          "message; a paid order's lower total is refunded, a higher one opens a payment for the balance and sends its link " +
          '(decision 0062). 409 `balance_unpaid` while an earlier balance is still owed.',
      },
      { 200: StaffOrder, ...errors, 409: z.union([OrderChangedBody, StockConflictBody, ErrorBody]) },
      editOrder,
    );

    fastify.post(
      '/api/staff/orders/:id/undo/',
      {
        schema: {
          summary: 'Undo the last step taken on an order.',
          operationId: 'staffUndoOrderStep',
          tags,
          security,
          description:
            'Takes back a confirm or pack within a minute of it, named by the `version` it left the order at, while it is the order’s last move and no message of it has gone out (decision 0059): its unsent messages are withdrawn, the undo audited. 403 for a role that may not take the step; 409 `order_changed` (with the order), `undo_unavailable`, `undo_expired` or `undo_message_sent`, changing nothing.',
          params: StaffOrderParams,
          body: StaffOrderAction,
          response: { 200: StaffOrder, ...errors, 409: z.union([OrderChangedBody, ErrorBody]) },
        },
      },
      async (request) => {
        // Which step is undone, and so the permission it needs, is known only from the order: the service checks it.
        const staff = requireStaff(request, config, 'readOrders');
        return undoLastMove(orders(request.log), staff.member, requestLocale(request), request.params.id, request.body.version);
      },
    );

    fastify.post(
      '/api/staff/orders/:id/notes/',
      {
        schema: {
          summary: 'Add a note to an order.',
          operationId: 'staffAddOrderNote',
          tags,
          security,
          description: 'An internal note (never shown to the shopper).',
          params: StaffOrderParams,
          body: StaffNoteRequest,
          response: { 201: StaffOrder, ...errors },
        },
      },
      async (request, reply) => {
        const staff = requireStaff(request, config, 'noteOrders');
        return reply
          .status(201)
          .send(await addOrderNote(orders(request.log), staff.member.id, requestLocale(request), request.params.id, request.body.body));
      },
    );

    fastify.post(
      '/api/staff/orders/phone/',
      {
        schema: {
          summary: 'Place an order taken by phone.',
          operationId: 'staffPlacePhoneOrder',
          tags,
          security,
          description:
            "An order taken by phone for an account or a new customer, under the storefront's rules: cash on delivery, or a " +
            'way the shop takes online, when it waits for its payment and the customer is sent a payment link. ' +
            'Send `Idempotency-Key`: a retry answers the first order (200) instead of placing a second.',
          headers: z.object({ 'idempotency-key': z.string().max(100).optional() }),
          body: StaffPhoneOrderRequest,
          response: { 200: StaffOrder, 201: StaffOrder, ...errors, 409: StockConflictBody, 422: ErrorBody },
        },
      },
      async (request, reply) => {
        const staff = requireStaff(request, config, 'placePhoneOrders');
        const { order, created } = await placePhoneOrder(
          orders(request.log),
          staff.member.id,
          requestLocale(request),
          request.body,
          request.headers['idempotency-key'],
        );
        if (created) ordersPlaced.inc({ payment_method: order.payment_method });
        return reply.status(created ? 201 : 200).send(order);
      },
    );

    fastify.post(
      '/api/staff/orders/bulk/',
      {
        schema: {
          summary: 'Move several orders to a new status.',
          operationId: 'staffUpdateOrdersInBulk',
          tags,
          security,
          description:
            'Confirm, mark packed, hand to one courier (a tracking number each), mark delivered (the cash collected each) or ' +
            'cancel (one reason) several orders, each under the rules and the role of its single action; each succeeds or ' +
            'fails on its own.',
          body: StaffBulkAction,
          response: { 200: StaffBulkResult, ...errors },
        },
      },
      async (request) => {
        const staff = requireStaff(request, config, STAFF_ORDER_ACTIONS[request.body.action].permission);
        return bulkAct(orders(request.log), staff.member.id, requestLocale(request), request.body);
      },
    );
  };
