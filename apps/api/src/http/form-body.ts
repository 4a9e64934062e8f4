/** An HTML form's POST (`application/x-www-form-urlencoded`), read as an object of its fields for a page without scripts. */
import type { FastifyInstance } from 'fastify';

export function acceptFormBodies(fastify: FastifyInstance) {
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}
