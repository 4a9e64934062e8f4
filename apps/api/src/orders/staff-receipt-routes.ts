import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  IdParam,
  ReceiptImportRefused,
  StaffReceipt,
  StaffReceiptEntered,
  StaffReceiptImport,
  StaffReceiptImported,
  StaffReceiptInput,
  StaffReceiptPage,
  StaffReceiptQuery,
  ValidationErrorBody,
} from '@attar/contract';
import type { AppContext } from '../app-context';
import { requestLocale } from '../http/locale';
import { pageLinks } from '../http/pagination';
import { requireStaff } from '../staff/auth';
import { piastresPerPoint } from '../content/service';
import { approveReceipt, enterReceipt, importReceipts, receiptPage } from './staff-receipts';

const tags = ['staff'];
const security = [{ staffSession: [] }];
const errors = { 400: z.union([ErrorBody, ValidationErrorBody]), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * In-store receipts in the back office (owners and managers): the list, entry, the till's CSV, and the second
 * member's approval of a large one (decision 0034).
 */
export const staffReceiptRoutes =
  ({ database, config }: Pick<AppContext, 'database' | 'config'>): FastifyPluginAsyncZod =>
  async (fastify) => {
    const member = (request: Parameters<typeof requireStaff>[0]) => requireStaff(request, config, 'enterReceipts').member.id;
    // Before the body is read: a member without the right is refused whatever they send.
    fastify.addHook('preValidation', async (request) => {
      member(request);
    });

    fastify.get(
      '/api/staff/receipts/',
      {
        schema: {
          summary: 'List the in-store receipts.',
          operationId: 'staffListReceipts',
          tags,
          security,
          description: 'In-store receipts by (part of) their number, claimed or not, the latest sale first.',
          querystring: StaffReceiptQuery,
          response: { 200: StaffReceiptPage, ...errors },
        },
      },
      async (request, reply) => {
        const page = await receiptPage(database, request.query);
        const links = pageLinks(request, config.publicUrl, page.count, request.query.page, request.query.page_size);
        return reply.header('cache-control', 'private, no-store').send({ ...page, ...links });
      },
    );

    fastify.post(
      '/api/staff/receipts/',
      {
        schema: {
          summary: 'Record an in-store receipt from the till.',
          operationId: 'staffCreateReceipt',
          tags,
          security,
          description:
            'A receipt from the till: its number, date and time of sale and total. The shop makes its claim code, answered here once to be printed (kept only as a hash). Its points are worked out as a delivered order’s are; above RECEIPT_APPROVAL_ABOVE it cannot be claimed until another owner or manager approves it.',
          body: StaffReceiptInput,
          response: { 201: StaffReceiptEntered, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await enterReceipt(database, member(request), requestLocale(request), await piastresPerPoint(database), request.body)),
    );

    fastify.post(
      '/api/staff/receipts/import/',
      {
        schema: {
          summary: "Import in-store receipts from the till's CSV.",
          operationId: 'staffImportReceipts',
          tags,
          security,
          description:
            'The till’s CSV (columns number, date, total; dates without an offset are Cairo time; a claim code column is ignored), all or nothing: any problem saves none and names every line at fault. Answers the claim code the shop made for each receipt, to be printed.',
          body: StaffReceiptImport,
          response: {
            ...errors,
            201: StaffReceiptImported,
            400: z.union([ReceiptImportRefused, ErrorBody, ValidationErrorBody]),
            409: ErrorBody,
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await importReceipts(database, member(request), requestLocale(request), await piastresPerPoint(database), request.body.csv),
          ),
    );

    fastify.post(
      '/api/staff/receipts/:id/approve/',
      {
        schema: {
          summary: 'Approve a large in-store receipt.',
          operationId: 'staffApproveReceipt',
          tags,
          security,
          description:
            'A receipt above RECEIPT_APPROVAL_ABOVE can be claimed once a second owner or manager approves it: 403 own_receipt for the member who entered it, 409 approval_not_needed for one below the amount or approved already.',
          params: z.object({ id: IdParam }),
          response: { 200: StaffReceipt, ...errors, 409: ErrorBody },
        },
      },
      async (request) => approveReceipt(database, member(request), requestLocale(request), request.params.id),
    );
  };
