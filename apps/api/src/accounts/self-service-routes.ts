/** The shopper's own account and data (decision 0026): change e-mail or phone, delete, export, sign out everywhere. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountDeletionCodeSent,
  AccountDeletionRequest,
  DataExport,
  DetailBody,
  EmailChangeConfirm,
  EmailChangeRequest,
  ErrorBody,
  PhoneChangeConfirm,
  PhoneChangeRequest,
  User,
  ValidationErrorBody,
} from '@attar/contract';
import { requestLocale } from '../http/locale';
import { text } from '../i18n/catalogue';
import { requireUser } from './auth';
import type { AccountsContext } from './service';
import * as selfService from './self-service';
import { pascalCase } from '../http/openapi';
import { admitAddress } from '../challenge/service';
import { challengeAnswers, proofOf } from '../challenge/routes';

const security = [{ token: [] }];
const errors = { 400: z.union([ErrorBody, ValidationErrorBody]), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export const selfServiceRoutes =
  (ctx: AccountsContext): FastifyPluginAsyncZod =>
  async (fastify) => {
    const tags = ['accounts'];

    const changes = [
      { field: 'email', request: EmailChangeRequest, confirm: EmailChangeConfirm },
      { field: 'phone', request: PhoneChangeRequest, confirm: PhoneChangeConfirm },
    ] as const;
    for (const { field, request: RequestBody, confirm: ConfirmBody } of changes) {
      fastify.post(
        `/api/users/me/${field}/send_code/`,
        {
          schema: {
            summary: `Send a code to a new ${field === 'email' ? 'e-mail address' : 'phone number'}.`,
            operationId: `send${pascalCase(field)}ChangeCode`,
            tags,
            security,
            description: `Sends a code to the new ${field === 'email' ? 'e-mail address' : 'phone number (SMS)'}; nothing changes yet.`,
            body: RequestBody,
            response: { 200: DetailBody, ...errors, ...challengeAnswers },
          },
        },
        async (request) => {
          const locale = requestLocale(request);
          const address = 'email' in request.body ? request.body.email : request.body.phone;
          // The new address is nobody's proved one yet: a busy address proves a person first.
          await admitAddress(ctx, { ip: request.ip, proof: proofOf(request), locale });
          await selfService.sendChangeCode(ctx, requireUser(request), field, address, request.ip, locale);
          return { detail: text(locale, 'codeSent') };
        },
      );
      fastify.post(
        `/api/users/me/${field}/change/`,
        {
          schema: {
            summary: `Change the shopper's ${field === 'email' ? 'e-mail address' : 'phone number'} with the code.`,
            operationId: `change${pascalCase(field)}`,
            tags,
            security,
            description: `With the code sent to it, the new ${field} replaces the old one, verified.`,
            body: ConfirmBody,
            response: { 200: User, ...errors },
          },
        },
        async (request) => {
          const address = 'email' in request.body ? request.body.email : request.body.phone;
          return selfService.confirmChange(
            ctx,
            requireUser(request),
            field,
            address,
            request.body.code,
            request.ip,
            requestLocale(request),
          );
        },
      );
    }

    fastify.post(
      '/api/users/me/delete/send_code/',
      {
        schema: {
          summary: 'Send the code that confirms deleting the account.',
          operationId: 'sendAccountDeletionCode',
          tags,
          security,
          description: 'Sends the code that confirms deleting the account: by e-mail, or by SMS when only the phone is verified.',
          body: z.object({}).optional(),
          response: { 200: AccountDeletionCodeSent, ...errors },
        },
      },
      async (request) => {
        const locale = requestLocale(request);
        const sent = await selfService.sendDeletionCode(ctx, requireUser(request), request.ip);
        return { detail: text(locale, 'codeSent'), ...sent };
      },
    );

    fastify.delete(
      '/api/users/me/',
      {
        schema: {
          summary: "Delete the signed-in shopper's account.",
          operationId: 'deleteAccount',
          tags,
          security,
          description: 'Deletes the account with the code sent to it: personal data erased, orders kept for the shop’s accounts.',
          body: AccountDeletionRequest,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await selfService.deleteAccount(ctx, requireUser(request), request.body.code, request.ip, requestLocale(request));
        return reply.status(204).send(null);
      },
    );

    fastify.get(
      '/api/users/me/export/',
      {
        schema: {
          summary: 'Download everything the shop holds about the shopper.',
          operationId: 'exportAccountData',
          tags,
          security,
          description: 'Everything the shop holds about the shopper.',
          response: { 200: DataExport, ...errors },
        },
      },
      async (request, reply) => {
        const data = await selfService.exportData(ctx, requireUser(request), requestLocale(request));
        return reply.header('content-disposition', `attachment; filename="attar-my-data-${data.exported_at.slice(0, 10)}.json"`).send(data);
      },
    );

    fastify.post(
      '/api/users/me/logout_all/',
      {
        schema: {
          summary: 'Log out on every device.',
          operationId: 'logOutEverywhere',
          tags,
          security,
          description: 'Revokes every token of the shopper, this one included.',
          body: z.object({}).optional(),
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await selfService.signOutEverywhere(ctx, requireUser(request));
        return reply.status(204).send(null);
      },
    );
  };
