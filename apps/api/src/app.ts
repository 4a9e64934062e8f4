import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { mkdirSync } from 'node:fs';
import { registerAuthentication } from './accounts/auth';
import { accountsRoutes } from './accounts/routes';
import type { AppContext } from './app-context';
import { cartRoutes } from './cart/routes';
import { catalogRoutes } from './catalog/routes';
import { checkoutRoutes } from './checkout/routes';
import { contentRoutes } from './content/routes';
import { createDelivery } from './delivery/service';
import { outboxRoutes } from './delivery/routes';
import { registerErrorHandling } from './http/errors';
import { noOrderMessages, startOrderMessages } from './jobs/order-messages';
import { orderRoutes } from './orders/routes';
import { paymentRoutes } from './payments/routes';
import { promotionRoutes } from './promotions/routes';
import { createCounterStore } from './ratelimit/counters';

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

export async function buildApp(ctx: AppContext, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: ctx.config.logLevel, redact: LOG_REDACT },
    // `/api/check-ip-address` answers with and without its slash, as the contract asks; so does every path.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
    bodyLimit: 1024 * 1024,
    // The storefront's server proxies browser calls; trust the forwarded address only from this machine.
    trustProxy: 'loopback',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(helmet, { crossOriginResourcePolicy: { policy: 'cross-origin' } });
  await app.register(cors, { origin: ctx.config.corsOrigins });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error('Too many requests.'), { statusCode: 429, retryAfter: context.after }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Attar API', description: 'The fragrance shop’s API (see shared/api-contract.md).', version: '1.0.0' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization', description: '`Token <token>`' } },
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
  const counters = createCounterStore(ctx.database, ctx.config.redisUrl);
  app.addHook('onClose', () => counters.close());
  const delivery = createDelivery(ctx.config, ctx.database, app.log);

  await app.register(catalogRoutes(ctx));
  await app.register(contentRoutes(ctx));
  const messages = ctx.config.jobs ? await startOrderMessages(ctx.database, delivery, app.log) : noOrderMessages;
  app.addHook('onClose', () => messages.stop());
  const accounts = { ...ctx, counters, delivery, secretKey: ctx.config.secretKey };
  await app.register(accountsRoutes(accounts));
  await app.register(promotionRoutes(accounts));
  await app.register(orderRoutes({ ...accounts, messages }));
  await app.register(paymentRoutes({ ...ctx, messages }));
  await app.register(cartRoutes(ctx));
  await app.register(checkoutRoutes(ctx));
  if (delivery.usesOutbox) await app.register(outboxRoutes(ctx.database));

  app.get('/api/schema/', { schema: { hide: true } }, async () => app.swagger());
  app.get('/api/health/', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  return app;
}
