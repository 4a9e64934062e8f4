import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CheckIpRequest,
  CheckIpResponse,
  DeliveryCalendar,
  ErrorBody,
  InfoPage,
  InfoPageSlug,
  PromotionData,
  SiteConfig,
  Slider,
} from '@attar/contract';
import type { AppContext } from '../app-context';
import type { CatalogueChanges } from '../http/catalogue-changes';
import { sendCachedJson, tagJson, type TaggedJson } from '../http/cache';
import { MicroCache } from '../http/micro-cache';
import { ApiError } from '../http/errors';
import { requestLocale } from '../http/locale';
import { createCountryResolver } from '../location/geo';
import * as content from './service';
import { deliveryCalendarJson } from '../checkout/delivery';
import { text } from '../i18n/catalogue';
import { BadRequestBody, publicSecurity, tokenRefused } from '../http/openapi';
import { mediaBaseOf } from '../config';

const LangQuery = z.object({ lang: z.string().optional() });

export const contentRoutes =
  (app: AppContext & { changes: CatalogueChanges }): FastifyPluginAsyncZod =>
  async (fastify) => {
    const { database, config } = app;
    const mediaBase = mediaBaseOf(config);
    const resolveCountry = createCountryResolver(config.localCountry, config.geoipCidrFile);
    // The same for every caller (no favourites in them): micro-cached like the catalogue, so a back-office edit shows
    // within the cache's window on every instance.
    const cache = new MicroCache<TaggedJson>(config.catalogueCacheMs);
    app.changes.clears(cache);
    const shared = (request: FastifyRequest, build: () => Promise<string>) =>
      cache.get(`${requestLocale(request)} ${request.url}`, async () => tagJson(await build()));

    fastify.get(
      '/api/sliders/',
      {
        schema: {
          summary: "List the home page's slides.",
          operationId: 'listSliders',
          security: publicSecurity,
          tags: ['content'],
          querystring: LangQuery,
          response: { 200: z.array(Slider), ...tokenRefused },
        },
      },
      async (request, reply) =>
        sendCachedJson(
          request,
          reply,
          await shared(request, () => content.slidersJson(database, requestLocale(request), mediaBase)),
          config.catalogueMaxAge,
        ),
    );

    fastify.get(
      '/api/siteconfigb/',
      {
        schema: {
          summary: "Get the shop's settings and contact details.",
          operationId: 'getSiteConfig',
          security: publicSecurity,
          tags: ['content'],
          querystring: LangQuery,
          response: { 200: SiteConfig, 404: ErrorBody, ...tokenRefused },
        },
      },
      async (request, reply) => {
        const json = await shared(request, async () => {
          const settings = await content.siteConfigJson(database, requestLocale(request), config);
          if (!settings) throw new ApiError(404, 'not_found', text(requestLocale(request), 'noSettings'));
          return settings;
        });
        return sendCachedJson(request, reply, json, config.catalogueMaxAge);
      },
    );

    fastify.get(
      '/api/delivery/',
      {
        schema: {
          summary: 'Get the delivery calendar: cut-off, days off, holidays, each governorate’s fee and days.',
          operationId: 'getDeliveryCalendar',
          security: publicSecurity,
          tags: ['content'],
          description:
            'What the storefront needs to promise a delivery date for any governorate (decision 0037): the daily cut-off on Cairo’s clock, the weekly days off (0 = Sunday), the holidays from today on, and each governorate with its fee and its delivery time in working days.',
          querystring: LangQuery,
          response: { 200: DeliveryCalendar, 404: ErrorBody, ...tokenRefused },
        },
      },
      async (request, reply) => {
        const json = await shared(request, async () => {
          const calendar = await deliveryCalendarJson(database, requestLocale(request));
          if (!calendar) throw new ApiError(404, 'not_found', text(requestLocale(request), 'noSettings'));
          return calendar;
        });
        return sendCachedJson(request, reply, json, config.catalogueMaxAge);
      },
    );

    fastify.get(
      '/api/pages/:slug/',
      {
        schema: {
          summary: 'Get a content page.',
          operationId: 'getPage',
          security: publicSecurity,
          tags: ['content'],
          description:
            'An information page (about, privacy-policy, terms-conditions, returns-policy, contactUs) in the asked language; `body` is its markup.',
          params: z.object({ slug: z.string().max(60) }),
          querystring: LangQuery,
          response: { 200: InfoPage, 404: ErrorBody, ...tokenRefused },
        },
      },
      async (request, reply) => {
        const locale = requestLocale(request);
        const json = await shared(request, async () => {
          const slug = InfoPageSlug.safeParse(request.params.slug);
          const page = slug.success ? await content.infoPageJson(database, locale, slug.data) : undefined;
          if (!page) throw new ApiError(404, 'not_found', text(locale, 'infoPageNotFound'));
          return page;
        });
        return sendCachedJson(request, reply, json, config.catalogueMaxAge);
      },
    );

    fastify.get(
      '/api/promotion-data/',
      {
        schema: {
          summary: 'Get the promotion pop-up to show.',
          operationId: 'getPromotionPopup',
          security: publicSecurity,
          tags: ['content'],
          response: { 200: PromotionData, ...tokenRefused },
        },
      },
      async (request, reply) =>
        sendCachedJson(request, reply, JSON.stringify(await content.popupPromotion(database)), config.catalogueMaxAge),
    );

    fastify.post(
      '/api/check-ip-address',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          summary: 'Find the country of an IP address, or of the caller.',
          operationId: 'checkIpAddress',
          security: publicSecurity,
          tags: ['location'],
          description:
            'The country of `ip_address`, or of the caller when it is omitted. Loopback and private addresses are the shop’s own country.',
          body: CheckIpRequest.optional(),
          response: { 200: CheckIpResponse, 400: BadRequestBody, ...tokenRefused, 429: ErrorBody },
        },
      },
      async (request) => resolveCountry(request.body?.ip_address || request.ip),
    );
  };
