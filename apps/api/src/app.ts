import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { answerClientError, MAX_BODY_BYTES } from '@attar/contract/raw-answers';
import { registerAuthentication } from './accounts/auth';
import { accountsRoutes } from './accounts/routes';
import { auditRoutes } from './audit/routes';
import { reportRoutes } from './reports/routes';
import { searchClickRoutes } from './search-analytics/routes';
import { staffSearchReportRoutes } from './search-analytics/staff-routes';
import type { AppContext } from './app-context';
import { cartRoutes } from './cart/routes';
import { catalogRoutes } from './catalog/routes';
import { watchCatalogueChanges } from './http/catalogue-changes';
import { staffCatalogueCsvRoutes } from './catalog/staff-csv-routes';
import { staffCatalogueRoutes } from './catalog/staff-routes';
import { staffSynonymRoutes } from './synonyms/routes';
import { staffSavedViewRoutes } from './saved-views/routes';
import { staffTagRoutes } from './tags/routes';
import { stockRoutes } from './stock/routes';
import { mediaRoutes } from './media/routes';
import { createMediaStorage } from './media/storage';
import { checkoutRoutes } from './checkout/routes';
import { contentRoutes } from './content/routes';
import { staffContentRoutes } from './content/staff-routes';
import { createDelivery } from './delivery/service';
import { outboxRoutes } from './delivery/routes';
import { registerPrivateAnswers } from './http/cache';
import { answerFrameworkError, registerErrorHandling } from './http/errors';
import { registerInputGuards } from './http/input-guards';
import { watchQueuedMessages } from './messages/metrics';
import { staffMessageRoutes } from './messages/staff-routes';
import { startJobs } from './jobs/queue';
import { orderRoutes } from './orders/routes';
import { staffOrderRoutes } from './orders/staff-routes';
import { confirmationRoutes } from './confirmations/routes';
import { staffCustomerRoutes } from './customers/routes';
import { staffReceiptRoutes } from './orders/staff-receipt-routes';
import { staffSubscriberRoutes } from './content/subscriber-routes';
import { newsletterWithoutQueue } from './newsletter/queue';
import { newsletterRoutes } from './newsletter/routes';
import { returnRoutes, staffReturnRoutes } from './returns/routes';
import { reviewRoutes } from './reviews/routes';
import { staffReviewRoutes } from './reviews/staff-routes';
import { paymentRoutes } from './payments/routes';
import { paymentLinkRoutes } from './payment-links/routes';
import { whatsappPreferenceRoutes, whatsappRoutes } from './whatsapp/routes';
import { promotionRoutes } from './promotions/routes';
import { staffPromotionRoutes } from './promotions/staff-routes';
import { REQUEST_ID_HEADER, requestIdOf } from './ops/request-id';
import { registerOperations } from './ops/routes';
import { createCounterStore } from './ratelimit/counters';
import { challengeRoutes } from './challenge/routes';
import { registerStaffAuthentication } from './staff/auth';
import { staffRoutes } from './staff/routes';
import { stockAlertRoutes } from './stock-alerts/routes';
import { notificationRoutes } from './notifications/routes';
import { courierRoutes } from './couriers/routes';
import { handOverLater } from './couriers/queue';

/** Secrets never reach the log. */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.token',
  '*.access_token',
  '*.id_token',
  '*.code',
  '*.otp',
];

/** `logger: false` silences the app; `logStream` sends its log there instead of standard output (tests read it). */
export async function buildApp(
  ctx: AppContext,
  options: { logger?: boolean; logStream?: NodeJS.WritableStream } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: ctx.config.logLevel, redact: LOG_REDACT, stream: options.logStream },
    // `/api/check-ip-address` answers with and without its slash, as the contract asks; so does every path.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
    bodyLimit: MAX_BODY_BYTES,
    // Errors raised before a route runs, and Node's own (431, 414, 408): answered in the contract's shape too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Who the client is: the socket's address, or what the trusted hops in front say (TRUST_PROXY, docs/security.md).
    trustProxy: ctx.config.trustProxy,
    // The storefront's request id, or a new one: in every log line of the request and in the answer (ops/request-id.ts).
    genReqId: requestIdOf,
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputGuards(app);
  // An empty body sent as JSON (a log-out from a client that always sets the content type) is no body, not an error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : parseJson(request, body as string, done),
  );

  // The back office shows pictures at the shop's public address (mediaBaseOf), whatever address it was opened at.
  await app.register(helmet, {
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:', new URL(ctx.config.publicUrl).origin] } },
  });
  await app.register(cookie);
  await app.register(cors, { origin: ctx.config.corsOrigins });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error('Too many requests.'), { statusCode: 429, retryAfter: context.after }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Attar API', description: 'The fragrance shop’s API (conventions in docs/api.md).', version: '1.0.0' },
      servers: [{ url: ctx.config.publicUrl, description: 'This API' }],
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization', description: '`Token <token>`' },
          staffSession: {
            type: 'apiKey',
            in: 'cookie',
            name: 'attar_staff',
            description: 'The back office session (POST /api/staff/session/); writes also send `X-CSRF-Token`.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  mkdirSync(ctx.config.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: ctx.config.mediaDir,
    prefix: '/media/',
    maxAge: '7d',
    immutable: false,
  });

  registerAuthentication(app, ctx.database, ctx.config.tokenTtlDays);
  registerStaffAuthentication(app, ctx.database);
  registerPrivateAnswers(app);
  const counters = createCounterStore(ctx.database, ctx.config.redisUrl);
  app.addHook('onClose', () => counters.close());
  const storage = createMediaStorage(ctx.config);
  // Before the other routes: its timing hook is the root's, so every route registered after it is timed.
  registerOperations(app, { ...ctx, counters, storage });
  const delivery = createDelivery(ctx.config, ctx.database, counters, app.log);

  const changes = await watchCatalogueChanges(ctx.database);
  app.addHook('onClose', () => changes.close());
  await app.register(catalogRoutes({ ...ctx, changes }));
  await app.register(staffCatalogueRoutes(ctx));
  await app.register(staffSynonymRoutes(ctx));
  await app.register(staffSavedViewRoutes(ctx));
  await app.register(staffTagRoutes(ctx));
  await app.register(mediaRoutes({ ...ctx, storage }));
  await app.register(staffCatalogueCsvRoutes(ctx));
  await app.register(stockRoutes(ctx));
  await app.register(contentRoutes({ ...ctx, changes }));
  await app.register(reviewRoutes({ ...ctx, changes }));
  await app.register(staffReviewRoutes(ctx));
  await app.register(staffMessageRoutes(ctx));
  await app.register(staffContentRoutes(ctx));
  const jobs = ctx.config.jobs ? await startJobs(ctx.database, ctx.config, delivery, app.log) : undefined;
  if (jobs) app.addHook('onClose', () => jobs.stop());
  watchQueuedMessages(ctx.database);
  const accounts = { ...ctx, counters, delivery, secretKey: ctx.config.secretKey };
  await app.register(accountsRoutes(accounts));
  await app.register(promotionRoutes(accounts));
  await app.register(staffPromotionRoutes(ctx));
  await app.register(orderRoutes(accounts));
  await app.register(staffRoutes(accounts));
  await app.register(staffOrderRoutes(accounts));
  await app.register(confirmationRoutes(ctx));
  await app.register(staffCustomerRoutes(ctx));
  await app.register(staffReceiptRoutes(ctx));
  const newsletter = jobs?.newsletter ?? newsletterWithoutQueue(ctx.database, ctx.config, delivery);
  await app.register(staffSubscriberRoutes({ ...ctx, newsletter }));
  await app.register(newsletterRoutes(accounts));
  await app.register(returnRoutes(accounts));
  await app.register(staffReturnRoutes(ctx));
  await app.register(auditRoutes(ctx));
  await app.register(reportRoutes(ctx));
  await app.register(staffSearchReportRoutes(ctx));
  await app.register(searchClickRoutes(ctx));
  await app.register(stockAlertRoutes(accounts));
  await app.register(challengeRoutes(accounts));
  await app.register(notificationRoutes(ctx));
  await app.register(paymentRoutes(ctx));
  await app.register(paymentLinkRoutes(ctx));
  await app.register(courierRoutes({ ...ctx, handOvers: jobs?.couriers ?? handOverLater }));
  await app.register(whatsappRoutes(ctx));
  await app.register(whatsappPreferenceRoutes(ctx));
  await app.register(cartRoutes(ctx));
  await app.register(checkoutRoutes(ctx));
  if (delivery.usesOutbox) await app.register(outboxRoutes(ctx.database));

  await serveBackOffice(app, ctx.config.admin.dir);

  app.get('/api/schema/', { schema: { hide: true } }, async () => app.swagger());
  return app;
}

/**
 * The built back office (apps/admin/dist) at /admin/: its hashed assets cached for a year and sent as the build
 * compressed them (brotli or gzip, as the browser accepts), every other address under /admin/ answered with its
 * index.html (the app routes in the browser). Not built: nothing is served there.
 */
async function serveBackOffice(app: FastifyInstance, dir: string) {
  const indexFile = path.join(dir, 'index.html');
  if (!existsSync(indexFile)) return;
  const indexHtml = readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root: path.join(dir, 'assets'),
    prefix: '/admin/assets/',
    decorateReply: false,
    wildcard: false,
    immutable: true,
    maxAge: '365d',
    preCompressed: true,
  });
  // An asset that is not there (an old tab asking for a script a new build replaced) is a 404, not the page.
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) =>
    request.url.startsWith('/admin/assets/')
      ? reply.callNotFound()
      : reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  app.get('/admin', { schema: { hide: true } }, sendIndex);
  app.get('/admin/*', { schema: { hide: true } }, sendIndex);
}
