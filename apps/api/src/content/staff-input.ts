/**
 * The content calls' bodies, refused in the caller's language: the routes let Fastify attach its validation error
 * (`attachValidation`) and a refused body is parsed again here, each field's problem (the contract's
 * `contentFieldProblems`) said with the catalogue's words.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { contentFieldProblems } from '@attar/contract';
import { FieldError } from '../http/errors';
import { requestLocale } from '../http/locale';
import { text } from '../i18n/catalogue';

export function contentBody<Schema extends z.ZodType>(request: FastifyRequest, schema: Schema): z.output<Schema> {
  const refused = request.validationError;
  // A bad address or query is answered as everywhere else.
  if (refused && refused.validationContext !== 'body') throw refused;
  const parsed = schema.safeParse(request.body);
  if (parsed.success) return parsed.data;
  const locale = requestLocale(request);
  const problems = Object.entries(contentFieldProblems(parsed.error));
  throw new FieldError(
    Object.fromEntries(problems.map(([field, { problem, max }]) => [field, [text(locale, `content_${problem}`, { max: max ?? '' })]])),
  );
}
