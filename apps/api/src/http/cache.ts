import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A JSON body encoded once, with its validator: what the micro-cache keeps, so a hit neither re-encodes nor re-hashes. */
export type TaggedJson = { body: Buffer; etag: string };

export function tagJson(json: string): TaggedJson {
  const body = Buffer.from(json);
  return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
}

/**
 * Sends an already-serialised JSON body with a strong validator and CDN-friendly caching (`shared`: false for an
 * answer only its caller may reuse, such as a search that names its own recorded id).
 * Answers 304 when the client (or a CDN) already holds this exact body.
 */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  json: string | TaggedJson,
  maxAgeSeconds: number,
  shared = true,
) {
  const { body, etag } = typeof json === 'string' ? tagJson(json) : json;
  reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('etag', etag)
    .header('vary', 'Accept-Language, Authorization')
    .header(
      'cache-control',
      request.headers.authorization || !shared
        ? 'private, no-cache'
        : `public, max-age=${maxAgeSeconds}, stale-while-revalidate=${maxAgeSeconds * 5}`,
    );
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) {
    return reply.status(304).send();
  }
  return reply.send(body);
}

/** Sends JSON text PostgreSQL already built, uncached (for answers that belong to one shopper). */
export function sendJsonText(reply: FastifyReply, json: string) {
  return reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'private, no-store').send(json);
}

/**
 * Every answer to a signed-in shopper (a token sent) or staff member (the back office's calls) is `private, no-store`
 * unless its route said otherwise (the catalogue's revalidated `private, no-cache`, a picture's `public`): a shared
 * cache or the browser's disk never keeps a person's data, errors included. Register before the routes.
 */
export function registerPrivateAnswers(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const personal = request.headers.authorization !== undefined || request.routeOptions.url?.startsWith('/api/staff/');
    if (personal && !reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    return payload;
  });
}
