/**
 * Input that must never reach a service: NUL characters (PostgreSQL's text refuses them) and lone surrogates (a JSON
 * `\udfff` with no pair: no UTF-8 can hold it, and PostgreSQL's JSON refuses the escape), so either would surface as a
 * 500 from the SQL — anywhere in the body, the query or the path. Refused as `400 {field: [message]}` before the
 * route's schema runs, so nothing changes.
 */
import type { FastifyInstance } from 'fastify';
import { FieldError } from './errors';

const UNSTORABLE_MESSAGE = 'This text contains a character that is not allowed.';

/** A NUL character, or a surrogate with no pair (with the `u` flag, paired ones read as one code point and pass). */
const LONE_SURROGATE = /\p{Cs}/u;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** The dotted path of the first string (or key) that cannot be stored, or undefined. */
function unstorableField(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return unstorable(value) ? path || 'non_field_errors' : undefined;
  if (!value || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (unstorable(key)) return path || 'non_field_errors';
    const found = unstorableField(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export function registerInputGuards(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const field = unstorableField(request.params, '') ?? unstorableField(request.query, '') ?? unstorableField(request.body, '');
    if (field) throw new FieldError({ [field]: [UNSTORABLE_MESSAGE] });
  });
}
