import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  IdParam,
  StaffPopupChoice,
  StaffPromotion,
  StaffPromotionCreate,
  StaffPromotionPage,
  StaffPromotionQuery,
  StaffPromotionSave,
  StaffPromotionVersion,
  ValidationErrorBody,
} from '@attar/contract';
import type { AppContext } from '../app-context';
import { requestLocale } from '../http/locale';
import { pageLinks } from '../http/pagination';
import { requireStaff } from '../staff/auth';
import * as staffPromotions from './staff-service';

const tags = ['staff'];
const security = [{ staffSession: [] }];
const errors = { 400: z.union([ErrorBody, ValidationErrorBody]), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const IdParams = z.object({ id: IdParam });
const PromotionChangedBody = ErrorBody.extend({ promotion: StaffPromotion });

/** The back office's promotion codes (owners and managers), beside the shopper's promotion calls. */
export const staffPromotionRoutes =
  ({ database, config }: Pick<AppContext, 'database' | 'config'>): FastifyPluginAsyncZod =>
  async (fastify) => {
    const manager = (request: Parameters<typeof requireStaff>[0]) => requireStaff(request, config, 'managePromotions').member.id;
    // Before the body is read: a member without the right is refused whatever they send.
    fastify.addHook('preValidation', async (request) => {
      manager(request);
    });

    fastify.get(
      '/api/staff/promotions/',
      {
        schema: {
          summary: 'List the promotions.',
          operationId: 'staffListPromotions',
          tags,
          security,
          description: 'Every code, newest first, with its usage: search by part of the code, filter by state.',
          querystring: StaffPromotionQuery,
          response: { 200: StaffPromotionPage, ...errors },
        },
      },
      async (request, reply) => {
        const page = await staffPromotions.promotionPage(database, request.query);
        const links = pageLinks(request, config.publicUrl, page.count, request.query.page, request.query.page_size);
        return reply.header('cache-control', 'private, no-store').send({ ...page, ...links });
      },
    );
    fastify.post(
      '/api/staff/promotions/',
      {
        schema: {
          summary: 'Create a promotion.',
          operationId: 'staffCreatePromotion',
          tags,
          security,
          description: 'A new code (stored upper-case, unique): a percentage or a fixed amount, with its limits.',
          body: StaffPromotionCreate,
          response: { 201: StaffPromotion, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await staffPromotions.createPromotion(database, manager(request), requestLocale(request), request.body)),
    );
    fastify.put(
      '/api/staff/promotions/popup/',
      {
        schema: {
          summary: 'Choose the promotion the pop-up shows.',
          operationId: 'staffSetPromotionPopup',
          tags,
          security,
          description: 'The promotion the storefront’s popup shows (an active one), or none: only one is ever marked.',
          body: StaffPopupChoice,
          response: { 200: StaffPopupChoice, ...errors },
        },
      },
      async (request) => staffPromotions.choosePopup(database, manager(request), requestLocale(request), request.body),
    );
    fastify.get(
      '/api/staff/promotions/:id/',
      {
        schema: {
          summary: 'Get a promotion.',
          operationId: 'staffGetPromotion',
          tags,
          security,
          params: IdParams,
          response: { 200: StaffPromotion, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .header('cache-control', 'private, no-store')
          .send(await staffPromotions.staffPromotion(database, requestLocale(request), request.params.id)),
    );
    fastify.put(
      '/api/staff/promotions/:id/',
      {
        schema: {
          summary: 'Update a promotion.',
          operationId: 'staffUpdatePromotion',
          tags,
          security,
          description: 'Saves every field on the version read; 409 with the promotion as it is now if it changed.',
          params: IdParams,
          body: StaffPromotionSave,
          response: { 200: StaffPromotion, 409: PromotionChangedBody, ...errors },
        },
      },
      async (request) => staffPromotions.savePromotion(database, manager(request), requestLocale(request), request.params.id, request.body),
    );
    fastify.post(
      '/api/staff/promotions/:id/deactivate/',
      {
        schema: {
          summary: 'Deactivate a promotion.',
          operationId: 'staffDeactivatePromotion',
          tags,
          security,
          description: 'Turns the code off at once (and out of the popup), on the version read.',
          params: IdParams,
          body: StaffPromotionVersion,
          response: { 200: StaffPromotion, 409: PromotionChangedBody, ...errors },
        },
      },
      async (request) =>
        staffPromotions.deactivatePromotion(database, manager(request), requestLocale(request), request.params.id, request.body.version),
    );
  };
