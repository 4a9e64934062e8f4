import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CustomerParams,
  ErrorBody,
  StaffCustomer,
  StaffCustomerLookup,
  StaffCustomerLookupQuery,
  StaffCustomerPage,
  StaffCustomerQuery,
  StaffPointsAdjusted,
  StaffPointsAdjustment,
  StaffPointsPage,
  StaffPointsQuery,
  ValidationErrorBody,
  type StaffPermission,
} from '@attar/contract';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { requestLocale } from '../http/locale';
import { pageLinks } from '../http/pagination';
import { requireStaff } from '../staff/auth';
import { adjustPoints, customerOf, customerPage, lookupCustomer, pointsLedgerOf, setCustomerActive } from './service';
import { pascalCase } from '../http/openapi';

const tags = ['staff'];
const security = [{ staffSession: [] }];
const errors = { 400: z.union([ErrorBody, ValidationErrorBody]), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** A staff answer nobody keeps: customers' data is personal. */
const privately = <T>(reply: FastifyReply, body: T) => reply.header('cache-control', 'private, no-store').send(body);

/** The back office's customer calls: reading is readCustomers (support too), changing is manageCustomers. */
export const staffCustomerRoutes =
  (ctx: { database: Database; config: Config }): FastifyPluginAsyncZod =>
  async (fastify) => {
    const { database, config } = ctx;
    const staffWith = (request: FastifyRequest, permission: StaffPermission) => requireStaff(request, config, permission).member.id;
    // Before the body is read: a member without the right is refused whatever they send. Each route names its right.
    const onlyWith = (permission: StaffPermission) => ({
      preValidation: async (request: FastifyRequest) => {
        staffWith(request, permission);
      },
    });

    fastify.get(
      '/api/staff/customers/lookup/',
      {
        schema: {
          summary: 'Find a customer by phone or e-mail.',
          operationId: 'staffLookUpCustomer',
          tags,
          security,
          description: 'A caller found by mobile number: their account and saved addresses, and their latest orders.',
          querystring: StaffCustomerLookupQuery,
          response: { 200: StaffCustomerLookup, 400: z.record(z.string(), z.array(z.string())), 401: ErrorBody, 403: ErrorBody },
        },
      },
      async (request, reply) => {
        requireStaff(request, config, 'placePhoneOrders');
        return privately(reply, await lookupCustomer(database, requestLocale(request), request.query.phone));
      },
    );

    fastify.get(
      '/api/staff/customers/',
      {
        ...onlyWith('readCustomers'),
        schema: {
          summary: 'List the customers.',
          operationId: 'staffListCustomers',
          tags,
          security,
          description: 'Customers by name, e-mail or mobile (any way it is typed), active or deactivated, newest first.',
          querystring: StaffCustomerQuery,
          response: { 200: StaffCustomerPage, ...errors },
        },
      },
      async (request, reply) => {
        const page = await customerPage(database, request.query);
        return privately(reply, {
          ...page,
          ...pageLinks(request, config.publicUrl, page.count, request.query.page, request.query.page_size),
        });
      },
    );

    fastify.get(
      '/api/staff/customers/:id/',
      {
        ...onlyWith('readCustomers'),
        schema: {
          summary: 'Get a customer.',
          operationId: 'staffGetCustomer',
          tags,
          security,
          description: 'A customer: the account and its verification, the newest orders, the saved addresses.',
          params: CustomerParams,
          response: { 200: StaffCustomer, ...errors },
        },
      },
      async (request, reply) => privately(reply, await customerOf(database, requestLocale(request), request.params.id)),
    );

    fastify.get(
      '/api/staff/customers/:id/points/',
      {
        ...onlyWith('readCustomers'),
        schema: {
          summary: "List a customer's points history.",
          operationId: 'staffListCustomerPoints',
          tags,
          security,
          description:
            'A customer’s points ledger, newest first: each change with its reason, order, and for one made by hand who and why.',
          params: CustomerParams,
          querystring: StaffPointsQuery,
          response: { 200: StaffPointsPage, ...errors },
        },
      },
      async (request, reply) => {
        const { page, page_size: pageSize } = request.query;
        const ledger = await pointsLedgerOf(database, requestLocale(request), request.params.id, page, pageSize);
        return privately(reply, { ...ledger, ...pageLinks(request, config.publicUrl, ledger.count, page, pageSize) });
      },
    );

    fastify.post(
      '/api/staff/customers/:id/points/',
      {
        ...onlyWith('manageCustomers'),
        schema: {
          summary: "Add or take away a customer's points.",
          operationId: 'staffAdjustCustomerPoints',
          tags,
          security,
          description: 'Points in (positive) or out (negative) by hand, with the reason; never below zero. A row of the points ledger.',
          params: CustomerParams,
          body: StaffPointsAdjustment,
          response: { 200: StaffPointsAdjusted, ...errors },
        },
      },
      async (request) =>
        adjustPoints(database, staffWith(request, 'manageCustomers'), requestLocale(request), request.params.id, request.body),
    );

    for (const [action, active] of [
      ['deactivate', false],
      ['reactivate', true],
    ] as const) {
      fastify.post(
        `/api/staff/customers/:id/${action}/`,
        {
          ...onlyWith('manageCustomers'),
          schema: {
            summary: `${pascalCase(action)} a customer's account.`,
            operationId: `staff${pascalCase(action)}Customer`,
            tags,
            security,
            description: active
              ? 'The account may log in again (its old sessions stay ended).'
              : 'The account’s sessions end at once and its log-in is refused until it is reactivated.',
            params: CustomerParams,
            response: { 200: StaffCustomer, ...errors, 409: ErrorBody },
          },
        },
        async (request) =>
          setCustomerActive(database, staffWith(request, 'manageCustomers'), requestLocale(request), request.params.id, active),
      );
    }
  };
