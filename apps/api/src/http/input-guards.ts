/**
 * Input that must never reach a service: NUL characters (PostgreSQL's text refuses them, so they would surface as a
 * 500 from the SQL), anywhere in the body, the query or the path. Refused as `400 {field: [message]}` before the
 * route's schema runs, so nothing changes.
 */
import type { FastifyInstance } from 'fastify';
import { FieldError } from './errors';

const NUL_MESSAGE = 'This text contains a character that is not allowed.';

/** The dotted path of the first string holding a NUL character, or undefined. */
function nulField(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'non_field_errors' : undefined;
  if (!value || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return path || 'non_field_errors';
    const found = nulField(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export function registerInputGuards(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const field = nulField(request.params, '') ?? nulField(request.query, '') ?? nulField(request.body, '');
    if (field) throw new FieldError({ [field]: [NUL_MESSAGE] });
  });
}
