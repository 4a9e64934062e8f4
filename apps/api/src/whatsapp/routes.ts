import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, ValidationErrorBody, WhatsappPreference, WhatsappStatus } from '@attar/contract';
import { requireUser } from '../accounts/auth';
import type { AppContext } from '../app-context';
import { ApiError } from '../http/errors';
import { publicSecurity } from '../http/openapi';
import { confirmationReplies } from '../confirmations/service';
import { receiveReplies, type InboundMessage } from './replies';
import { applyStatusReports, whatsappPreference, type StatusReport } from './service';

/** Meta's webhook body for the `messages` field: only what the shop reads is described; the rest is signed and ignored. */
const WebhookBody = z.looseObject({
  object: z.string(),
  entry: z
    .array(
      z.looseObject({
        changes: z
          .array(
            z.looseObject({
              field: z.string(),
              value: z.looseObject({
                statuses: z
                  .array(
                    z.looseObject({
                      id: z.string().max(200),
                      status: z.string().max(50),
                      errors: z.array(z.looseObject({ code: z.number().optional(), title: z.string().optional() })).optional(),
                    }),
                  )
                  .optional(),
                messages: z
                  .array(
                    z.looseObject({
                      id: z.string().max(200),
                      from: z.string().max(40),
                      type: z.string().max(50),
                      button: z.looseObject({ payload: z.string().max(1000).optional(), text: z.string().max(1000).optional() }).optional(),
                      interactive: z.looseObject({ button_reply: z.looseObject({ id: z.string().max(1000) }).optional() }).optional(),
                      text: z.looseObject({ body: z.string().max(5000) }).optional(),
                    }),
                  )
                  .optional(),
              }),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});
type WebhookBody = z.infer<typeof WebhookBody>;

/** The body's statuses WhatsApp reports (sent, delivered, read, failed); others (`deleted`…) are not the shop's. */
function statusReports(body: WebhookBody): StatusReport[] {
  return body.entry.flatMap((entry) =>
    entry.changes.flatMap((change) =>
      (change.value.statuses ?? []).flatMap((status) => {
        const known = WhatsappStatus.safeParse(status.status);
        if (!known.success) return [];
        const error = status.errors?.map((e) => [e.code, e.title].filter(Boolean).join(' ')).join('; ') || null;
        return [{ providerId: status.id, status: known.data, error }];
      }),
    ),
  );
}

/** The body's inbound messages: a template's quick-reply button (its payload), an interactive button, or text. */
function inboundMessages(body: WebhookBody): InboundMessage[] {
  return body.entry.flatMap((entry) =>
    entry.changes.flatMap((change) =>
      (change.value.messages ?? []).map((message) => ({
        providerId: message.id,
        from: message.from,
        body: message.button?.payload ?? message.interactive?.button_reply?.id ?? message.text?.body ?? `(${message.type})`,
      })),
    ),
  );
}

/** True when `signature` (`sha256=<hex>`) is the HMAC-SHA256 of `raw` under `secret`. */
export function signedBy(secret: string, raw: string, signature: string | undefined) {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(raw, 'utf8').digest('hex')}`);
  const given = Buffer.from(signature ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * WhatsApp's webhook (register `/api/whatsapp/webhook/` in the Meta app, field `messages`): the GET verification
 * handshake, and the POSTs signed with the app secret that report message statuses and bring shoppers' answers.
 * Registered only when WhatsApp is configured with Meta (not with the demo stand-in).
 */
export const whatsappRoutes =
  ({ database, config }: AppContext): FastifyPluginAsyncZod =>
  async (fastify) => {
    const { appSecret, verifyToken } = config.whatsapp;
    if (!appSecret || !verifyToken) return;
    const tags = ['whatsapp'];
    const replies = confirmationReplies(config, fastify.log);
    // The signature covers the body as sent: keep it as text, and read it as JSON only once it is verified.
    fastify.removeContentTypeParser('application/json');
    fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1_000_000 }, (_request, body, done) =>
      done(null, body),
    );

    fastify.get(
      '/api/whatsapp/webhook/',
      {
        schema: {
          summary: "Answer Meta's webhook verification.",
          operationId: 'verifyWhatsappWebhook',
          security: publicSecurity,
          tags,
          description: 'Echoes `hub.challenge` when `hub.verify_token` is WHATSAPP_VERIFY_TOKEN; 403 otherwise.',
          querystring: z.object({
            'hub.mode': z.string().max(50).optional(),
            'hub.verify_token': z.string().max(500).optional(),
            'hub.challenge': z.string().max(500).optional(),
          }),
          response: { 200: z.string(), 400: ErrorBody, 403: ErrorBody },
        },
      },
      async (request, reply) => {
        const query = request.query;
        const given = Buffer.from(query['hub.verify_token'] ?? '');
        const expected = Buffer.from(verifyToken);
        const verified = query['hub.mode'] === 'subscribe' && given.length === expected.length && timingSafeEqual(given, expected);
        if (!verified || query['hub.challenge'] === undefined) throw new ApiError(403, 'webhook_not_verified', 'Not verified.');
        return reply.type('text/plain; charset=utf-8').send(query['hub.challenge']);
      },
    );

    fastify.post(
      '/api/whatsapp/webhook/',
      {
        schema: {
          summary: "Receive WhatsApp's message statuses and shoppers' answers.",
          operationId: 'receiveWhatsappWebhook',
          security: publicSecurity,
          tags,
          description:
            'Signed by Meta (`X-Hub-Signature-256`: HMAC-SHA256 of the body with the app secret); 401 for a bad signature, ' +
            'changing nothing. Each status and each answer counts once however often it is sent.',
          response: { 200: z.object({ received: z.literal(true) }), 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (request) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const signature = request.headers['x-hub-signature-256'];
        if (!signedBy(appSecret, raw, typeof signature === 'string' ? signature : undefined))
          throw new ApiError(401, 'bad_signature', 'The signature does not match.');
        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          throw new ApiError(400, 'bad_body', 'The body is not JSON.');
        }
        const body = WebhookBody.safeParse(json);
        if (!body.success) throw new ApiError(400, 'bad_body', 'The body is not a WhatsApp webhook.');
        await applyStatusReports(database, statusReports(body.data));
        await receiveReplies(database, replies, inboundMessages(body.data));
        return { received: true as const };
      },
    );
  };

/**
 * A signed-in shopper's WhatsApp preference (their profile): opted out, their order messages go by SMS and e-mail only.
 * Kept whether or not WhatsApp is set up, so a choice made before it is still the shopper's after.
 */
export const whatsappPreferenceRoutes =
  ({ database }: AppContext): FastifyPluginAsyncZod =>
  async (fastify) => {
    const mine = { tags: ['whatsapp'], security: [{ token: [] }] };
    fastify.get(
      '/api/whatsapp/me/',
      {
        schema: {
          summary: "Get the shopper's WhatsApp preference.",
          operationId: 'getMyWhatsappPreference',
          ...mine,
          response: { 200: WhatsappPreference, 401: ErrorBody },
        },
      },
      async (request, reply) =>
        reply.header('cache-control', 'private, no-store').send(await whatsappPreference(database, requireUser(request))),
    );
    fastify.put(
      '/api/whatsapp/me/',
      {
        schema: {
          summary: "Set the shopper's WhatsApp preference.",
          operationId: 'setMyWhatsappPreference',
          ...mine,
          description: 'Messages already queued keep their channels; the next ones follow the preference.',
          body: WhatsappPreference,
          response: { 200: WhatsappPreference, 400: z.union([ErrorBody, ValidationErrorBody]), 401: ErrorBody },
        },
      },
      async (request) => whatsappPreference(database, requireUser(request), request.body.opted_out),
    );
  };
