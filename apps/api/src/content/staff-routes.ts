import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CityParams,
  ErrorBody,
  IdParam,
  InfoPageParams,
  StaffCity,
  StaffCityInput,
  StaffDeliverySchedule,
  StaffInfoPage,
  StaffInfoPageSave,
  StaffRegion,
  StaffRegionDays,
  StaffRegionFee,
  StaffSiteConfig,
  StaffSiteConfigSave,
  StaffSlider,
  StaffSliderActive,
  StaffSliderImage,
  StaffSliderInput,
  StaffSliderOrder,
  ValidationErrorBody,
} from '@attar/contract';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../app-context';
import { requestLocale } from '../http/locale';
import { requireStaff } from '../staff/auth';
import { contentBody } from './staff-input';
import * as staffContent from './staff-service';
import { mediaBaseOf } from '../config';

const tags = ['staff'];
const security = [{ staffSession: [] }];
const errors = { 400: z.union([ErrorBody, ValidationErrorBody]), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const IdParams = z.object({ id: IdParam });
/** Bodies refused in the caller's language (staff-input.ts). */
const localized = { attachValidation: true };
const fresh = <T>(reply: FastifyReply, body: T) => reply.header('cache-control', 'private, no-store').send(body);

/** The back office's content and settings (owners and managers), beside the storefront's content calls. */
export const staffContentRoutes =
  ({ database, config }: Pick<AppContext, 'database' | 'config'>): FastifyPluginAsyncZod =>
  async (fastify) => {
    const ctx = { database, mediaBase: mediaBaseOf(config) };
    const member = (request: Parameters<typeof requireStaff>[0]) => requireStaff(request, config, 'manageContent').member.id;
    // Before the body is read: a member without the right is refused whatever they send.
    fastify.addHook('preValidation', async (request) => {
      member(request);
    });

    fastify.get(
      '/api/staff/site-config/',
      {
        schema: {
          summary: "Get the shop's settings.",
          operationId: 'staffGetSiteConfig',
          tags,
          security,
          description: 'The shop’s settings, both languages, with their version.',
          response: { 200: StaffSiteConfig, ...errors },
        },
      },
      async (request, reply) => fresh(reply, await staffContent.staffSiteConfig(database, requestLocale(request))),
    );
    fastify.put(
      '/api/staff/site-config/',
      {
        ...localized,
        schema: {
          summary: "Update the shop's settings.",
          operationId: 'staffUpdateSiteConfig',
          tags,
          security,
          description: 'Every setting, on the version read; 409 `site_config_changed` with the settings as they are now.',
          body: StaffSiteConfigSave,
          response: { 200: StaffSiteConfig, 409: ErrorBody.extend({ site_config: StaffSiteConfig }), ...errors },
        },
      },
      async (request) =>
        staffContent.saveSiteConfig(database, member(request), requestLocale(request), contentBody(request, StaffSiteConfigSave)),
    );

    fastify.get(
      '/api/staff/regions/',
      {
        schema: {
          summary: 'List the delivery regions and their cities.',
          operationId: 'staffListRegions',
          tags,
          security,
          description: 'Governorates with their delivery fee and cities (and how many saved addresses use each city).',
          response: { 200: z.array(StaffRegion), ...errors },
        },
      },
      async (_request, reply) => fresh(reply, await staffContent.staffRegions(database)),
    );
    fastify.put(
      '/api/staff/regions/:id/fee/',
      {
        ...localized,
        schema: {
          summary: "Set a region's delivery fee.",
          operationId: 'staffSetRegionFee',
          tags,
          security,
          params: IdParams,
          body: StaffRegionFee,
          response: { 200: StaffRegion, ...errors },
        },
      },
      async (request) =>
        staffContent.setRegionFee(
          database,
          member(request),
          requestLocale(request),
          request.params.id,
          contentBody(request, StaffRegionFee).fee,
        ),
    );
    fastify.put(
      '/api/staff/regions/:id/days/',
      {
        ...localized,
        schema: {
          summary: "Set a region's delivery time in working days.",
          operationId: 'staffSetRegionDays',
          tags,
          security,
          description:
            'From `min_days` to `max_days` working days (0–30, max not below min); orders placed from then on are promised by it.',
          params: IdParams,
          body: StaffRegionDays,
          response: { 200: StaffRegion, ...errors },
        },
      },
      async (request) =>
        staffContent.setRegionDays(
          database,
          member(request),
          requestLocale(request),
          request.params.id,
          contentBody(request, StaffRegionDays),
        ),
    );
    fastify.get(
      '/api/staff/delivery-schedule/',
      {
        schema: {
          summary: "Get the shop's delivery calendar.",
          operationId: 'staffGetDeliverySchedule',
          tags,
          security,
          description: 'The daily cut-off on Cairo’s clock, the weekly days off (0 = Sunday) and every holiday.',
          response: { 200: StaffDeliverySchedule, ...errors },
        },
      },
      async (request, reply) => fresh(reply, await staffContent.staffDeliverySchedule(database, requestLocale(request))),
    );
    fastify.put(
      '/api/staff/delivery-schedule/',
      {
        ...localized,
        schema: {
          summary: "Set the shop's delivery calendar.",
          operationId: 'staffSetDeliverySchedule',
          tags,
          security,
          description: 'The whole calendar at once: the holidays become the list sent. At least one weekday stays a working day.',
          body: StaffDeliverySchedule,
          response: { 200: StaffDeliverySchedule, ...errors },
        },
      },
      async (request) =>
        staffContent.saveDeliverySchedule(database, member(request), requestLocale(request), contentBody(request, StaffDeliverySchedule)),
    );
    fastify.post(
      '/api/staff/regions/:id/cities/',
      {
        ...localized,
        schema: {
          summary: 'Add a city to a region.',
          operationId: 'staffCreateCity',
          tags,
          security,
          params: IdParams,
          body: StaffCityInput,
          response: { 201: StaffCity, ...errors },
        },
      },
      async (request, reply) => {
        const input = contentBody(request, StaffCityInput);
        return reply
          .status(201)
          .send(await staffContent.addCity(database, member(request), requestLocale(request), request.params.id, input));
      },
    );
    fastify.put(
      '/api/staff/cities/:id/',
      {
        ...localized,
        schema: {
          summary: 'Update a city.',
          operationId: 'staffUpdateCity',
          tags,
          security,
          params: CityParams,
          body: StaffCityInput,
          response: { 200: StaffCity, ...errors },
        },
      },
      async (request) =>
        staffContent.renameCity(database, member(request), requestLocale(request), request.params.id, contentBody(request, StaffCityInput)),
    );
    fastify.delete(
      '/api/staff/cities/:id/',
      {
        schema: {
          summary: 'Delete a city.',
          operationId: 'staffDeleteCity',
          tags,
          security,
          description: 'Only a city no saved address uses: otherwise 409 `city_in_use` with how many do.',
          params: CityParams,
          response: { 204: z.null(), 409: ErrorBody.extend({ addresses: z.number().int() }), ...errors },
        },
      },
      async (request, reply) => {
        await staffContent.removeCity(database, member(request), requestLocale(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    fastify.get(
      '/api/staff/sliders/',
      {
        schema: {
          summary: "List the home page's slides.",
          operationId: 'staffListSliders',
          tags,
          security,
          description: 'Every home slider, in the storefront’s order, with whether it shows now.',
          response: { 200: z.array(StaffSlider), ...errors },
        },
      },
      async (_request, reply) => fresh(reply, await staffContent.staffSliders(ctx)),
    );
    fastify.get(
      '/api/staff/sliders/images/',
      {
        schema: {
          summary: 'List the images a slide can use.',
          operationId: 'staffListSliderImages',
          tags,
          security,
          description: 'The pictures sliders use now, to choose from.',
          response: { 200: z.array(StaffSliderImage), ...errors },
        },
      },
      async (_request, reply) => fresh(reply, await staffContent.sliderImages(ctx)),
    );
    fastify.post(
      '/api/staff/sliders/',
      {
        ...localized,
        schema: {
          summary: 'Add a slide.',
          operationId: 'staffCreateSlider',
          tags,
          security,
          description: 'A new slider, last in the order.',
          body: StaffSliderInput,
          response: { 201: StaffSlider, ...errors },
        },
      },
      async (request, reply) => {
        const input = contentBody(request, StaffSliderInput);
        return reply.status(201).send(await staffContent.createSlider(ctx, member(request), input));
      },
    );
    fastify.post(
      '/api/staff/sliders/order/',
      {
        ...localized,
        schema: {
          summary: 'Reorder the slides.',
          operationId: 'staffOrderSliders',
          tags,
          security,
          description: 'Every slider’s id, each once, in the order the storefront shows them.',
          body: StaffSliderOrder,
          response: { 200: z.array(StaffSlider), ...errors },
        },
      },
      async (request) =>
        staffContent.reorderSliders(ctx, member(request), requestLocale(request), contentBody(request, StaffSliderOrder).ids),
    );
    fastify.put(
      '/api/staff/sliders/:id/',
      {
        ...localized,
        schema: {
          summary: 'Replace a slide.',
          operationId: 'staffReplaceSlider',
          tags,
          security,
          params: IdParams,
          body: StaffSliderInput,
          response: { 200: StaffSlider, ...errors },
        },
      },
      async (request) =>
        staffContent.saveSlider(ctx, member(request), requestLocale(request), request.params.id, contentBody(request, StaffSliderInput)),
    );
    fastify.patch(
      '/api/staff/sliders/:id/',
      {
        ...localized,
        schema: {
          summary: 'Change part of a slide.',
          operationId: 'staffUpdateSlider',
          tags,
          security,
          description: 'Turn a slider on or off.',
          params: IdParams,
          body: StaffSliderActive,
          response: { 200: StaffSlider, ...errors },
        },
      },
      async (request) => {
        const { is_active: active } = contentBody(request, StaffSliderActive);
        return staffContent.setSliderActive(ctx, member(request), requestLocale(request), request.params.id, active);
      },
    );
    fastify.delete(
      '/api/staff/sliders/:id/',
      {
        schema: {
          summary: 'Delete a slide.',
          operationId: 'staffDeleteSlider',
          tags,
          security,
          params: IdParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await staffContent.deleteSlider(ctx, member(request), requestLocale(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    fastify.get(
      '/api/staff/pages/',
      {
        schema: {
          summary: 'List the content pages.',
          operationId: 'staffListPages',
          tags,
          security,
          description: 'The five information pages, both languages.',
          response: { 200: z.array(StaffInfoPage), ...errors },
        },
      },
      async (_request, reply) => fresh(reply, await staffContent.staffInfoPages(database)),
    );
    fastify.get(
      '/api/staff/pages/:slug/',
      {
        schema: {
          summary: 'Get a content page for editing.',
          operationId: 'staffGetPage',
          tags,
          security,
          params: InfoPageParams,
          response: { 200: StaffInfoPage, ...errors },
        },
      },
      async (request, reply) => fresh(reply, await staffContent.staffInfoPage(database, requestLocale(request), request.params.slug)),
    );
    fastify.put(
      '/api/staff/pages/:slug/',
      {
        ...localized,
        schema: {
          summary: 'Update a content page.',
          operationId: 'staffUpdatePage',
          tags,
          security,
          description: 'Both languages of a page, on the version read; 409 `page_changed` with the page as it is now.',
          params: InfoPageParams,
          body: StaffInfoPageSave,
          response: { 200: StaffInfoPage, 409: ErrorBody.extend({ page: StaffInfoPage }), ...errors },
        },
      },
      async (request) =>
        staffContent.saveInfoPage(
          database,
          member(request),
          requestLocale(request),
          request.params.slug,
          contentBody(request, StaffInfoPageSave),
        ),
    );
  };
