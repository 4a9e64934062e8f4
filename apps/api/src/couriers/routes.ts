import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DetailBody,
  ErrorBody,
  StaffCourierReport,
  StaffCourierReportQuery,
  StaffHandOverRequest,
  StaffHandOverResult,
  StaffPickupRequest,
  StaffPickupResult,
  StaffSettlementImport,
  StaffSettlementResult,
} from '@attar/contract';
import type { AppContext } from '../app-context';
import { requestLocale } from '../http/locale';
import { text } from '../i18n/catalogue';
import { BadRequestBody, publicSecurity } from '../http/openapi';
import { requireStaff } from '../staff/auth';
import { bostaApi } from './bosta';
import { bostaStandIn } from './bosta-stand-in';
import { WebhookRefused } from './courier';
import { applyCourierEvent, handOver, requestPickup, waybill, type HandOverQueue } from './service';
import { courierReport, importSettlement } from './settlement';

const tags = ['couriers'];
const security = [{ staffSession: [] }];
const errors = { 400: BadRequestBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Orders by id, comma-separated: the waybills printed together. */
const WaybillQuery = z.object({ orders: z.string().regex(/^[1-9]\d{0,8}(,[1-9]\d{0,8}){0,99}$/) });

/** The courier's webhook, the staff's hand-over, waybill, pickup and settlement calls; in demo mode, Bosta's stand-in. */
export const courierRoutes =
  (ctx: AppContext & { handOvers: HandOverQueue }): FastifyPluginAsyncZod =>
  async (fastify) => {
    const { config } = ctx;
    const couriers = { ...ctx, log: fastify.log };

    if (config.bosta) {
      const bosta = bostaApi(config.bosta);
      fastify.post(
        '/api/couriers/bosta/webhook/',
        {
          config: { ownAuthorization: true },
          schema: {
            summary: "Receive Bosta's webhook.",
            operationId: 'receiveBostaWebhook',
            security: publicSecurity,
            tags,
            description:
              'Bosta’s state change of a parcel, authenticated by the `Authorization` value set on Bosta’s dashboard ' +
              '(BOSTA_WEBHOOK_SECRET). Each event is applied once; a repeated or older one is answered 200 and changes nothing.',
            body: z.looseObject({}),
            response: { 200: DetailBody, ...errors },
          },
        },
        async (request, reply) => {
          let event;
          try {
            event = bosta.readEvent(request.headers, request.body);
          } catch (error) {
            if (!(error instanceof WebhookRefused)) throw error;
            request.log.warn({ code: error.code }, 'courier webhook refused');
            return reply
              .code(error.status)
              .send({ detail: text('en', error.status === 401 ? 'webhookUnauthorised' : 'webhookInvalid'), code: error.code });
          }
          const outcome = await applyCourierEvent(couriers, bosta, event);
          if (outcome !== 'applied')
            request.log.info({ outcome, trackingNumber: event.trackingNumber, state: event.code }, 'courier event ignored');
          return { detail: outcome };
        },
      );
    }

    fastify.post(
      '/api/staff/couriers/hand-over/',
      {
        schema: {
          summary: 'Hand orders over to a courier.',
          operationId: 'staffHandOverOrders',
          tags,
          security,
          description:
            'Confirmed or packed orders: each recorded and created at the courier through the job queue, each on its own; one still owing a balance (decision 0062) fails as `balance_owed`.',
          body: StaffHandOverRequest,
          response: { 200: StaffHandOverResult, ...errors },
        },
      },
      async (request) => {
        const staff = requireStaff(request, config, 'fulfilOrders');
        return handOver(couriers, ctx.handOvers, staff.member.id, requestLocale(request), request.body);
      },
    );

    fastify.get(
      '/api/staff/couriers/waybill/',
      {
        schema: {
          summary: 'Print the waybills of handed-over orders.',
          operationId: 'staffCourierWaybill',
          tags,
          security,
          querystring: WaybillQuery,
          response: {
            200: {
              description: 'The courier’s waybill, a PDF.',
              content: { 'application/pdf': { schema: z.any().meta({ type: 'string' }) } },
            },
            ...errors,
            502: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        requireStaff(request, config, 'fulfilOrders');
        const ids = [...new Set(request.query.orders.split(',').map(Number))];
        const pdf = await waybill(couriers, requestLocale(request), ids);
        return reply.type('application/pdf').header('cache-control', 'private, no-store').send(pdf);
      },
    );

    fastify.post(
      '/api/staff/couriers/pickups/',
      {
        schema: {
          summary: 'Ask the courier to pick parcels up.',
          operationId: 'staffRequestCourierPickup',
          tags,
          security,
          body: StaffPickupRequest,
          response: { 200: StaffPickupResult, ...errors, 502: ErrorBody },
        },
      },
      async (request) => {
        requireStaff(request, config, 'fulfilOrders');
        const { courier, date, time_slot } = request.body;
        const pickup = await requestPickup(couriers, requestLocale(request), courier, date, time_slot);
        return { pickup_id: pickup.pickupId };
      },
    );

    fastify.post(
      '/api/staff/couriers/settlements/',
      {
        schema: {
          summary: "Import a courier's settlement statement.",
          operationId: 'staffImportCourierSettlement',
          tags,
          security,
          description:
            'The statement’s CSV matched to orders by tracking number or order number; unmatched lines and missing orders flagged.',
          body: StaffSettlementImport,
          response: { 200: StaffSettlementResult, ...errors },
        },
      },
      async (request) => {
        const staff = requireStaff(request, config, 'settleCouriers');
        return importSettlement(ctx.database, staff.member.id, requestLocale(request), request.body);
      },
    );

    fastify.get(
      '/api/staff/couriers/report/',
      {
        schema: {
          summary: "The couriers' cash and deliveries.",
          operationId: 'staffCourierReport',
          tags,
          security,
          querystring: StaffCourierReportQuery,
          response: { 200: StaffCourierReport, ...errors },
        },
      },
      async (request, reply) => {
        requireStaff(request, config, 'settleCouriers');
        const report = await courierReport(ctx.database, requestLocale(request), request.query.days);
        return reply.header('cache-control', 'private, no-store').send(report);
      },
    );

    // Demo mode without Bosta's keys: its stand-in, where config.bosta points.
    if (config.mode === 'demo' && config.bosta?.standIn) {
      await fastify.register(bostaStandIn(config.bosta.apiKey).plugin, { prefix: '/api/dev/bosta' });
    }
  };
