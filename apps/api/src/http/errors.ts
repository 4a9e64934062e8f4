import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, Locale, ValidationErrorBody } from '@attar/contract';
import { text, waitText } from '../i18n/catalogue';
import { requestLocale } from './locale';

/** A client mistake with the contract's non-field shape `{detail, code}`. Services throw it; the handler answers it. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly detail: string,
    /** Extra fields the caller can act on, e.g. `available` for insufficient stock. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
  }
  body(): ErrorBody {
    return { detail: this.detail, code: this.code, ...this.extra };
  }
}

/** `400 {"field": ["message"]}` raised by a service (a rule the schema cannot know, such as a taken e-mail). */
export class FieldError extends Error {
  constructor(readonly fields: ValidationErrorBody) {
    super(Object.values(fields).flat().join(' '));
  }
}
export const fieldError = (field: string, message: string) => new FieldError({ [field]: [message] });

/** 429 with the seconds to wait, sent as Retry-After; without a detail of its own, the catalogue's in the caller's language. */
export class ThrottledError extends ApiError {
  constructor(
    readonly retryAfterSeconds: number,
    detail?: string,
  ) {
    super(429, 'throttled', detail ?? '');
  }
}

export const notFound = (detail = 'Not found.') => new ApiError(404, 'not_found', detail);

/** Seconds a client is asked to wait (Retry-After) while a store the API needs cannot be reached. */
const UNAVAILABLE_RETRY_SECONDS = 5;

/**
 * 503 while what a request needs cannot be reached (both rate-limit stores, say): the client may try again, nothing was
 * done. Answered with the catalogue's text in the caller's language, as a lost database connection is.
 */
export class UnavailableError extends ApiError {
  constructor(options?: { cause: unknown }) {
    super(503, 'service_unavailable', '');
    if (options) this.cause = options.cause;
  }
}

/** PostgreSQL's SQLSTATEs for a connection that failed or was ended by the server: class 08, 57P01–57P03, 53300. */
const CONNECTION_SQLSTATE = /^(08...|57P0[123]|53300)$/;
const CONNECTION_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** node-postgres names these failures by message only (a socket that ended, a pool that found no connection in time). */
const CONNECTION_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end)/;

/** The innermost error `error` wraps (drizzle's failed query wraps the driver's). */
function rootCause(error: Error): Error {
  let current = error;
  for (let depth = 0; current.cause instanceof Error && depth < 5; depth++) current = current.cause;
  return current;
}

/**
 * Whether `error` (or what it wraps: drizzle reports a failed query with the driver's error as its cause) says the
 * database could not be reached, rather than that the request or the code was wrong.
 */
export function isConnectionLoss(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as NodeJS.ErrnoException).code;
    if (code && (CONNECTION_SQLSTATE.test(code) || CONNECTION_ERRNO.has(code))) return true;
    if (CONNECTION_MESSAGE.test(current.message)) return true;
    if (current instanceof AggregateError && current.errors.some(isConnectionLoss)) return true;
  }
  return false;
}

/** Field errors keyed by the offending field, `non_field_errors` when the body itself is wrong. */
function fieldErrors(issues: { instancePath: string; message?: string; params?: Record<string, unknown> }[]) {
  const body: ValidationErrorBody = {};
  for (const issue of issues) {
    const zodPath = (issue.params?.issue as { path?: PropertyKey[] } | undefined)?.path;
    const field =
      (zodPath && zodPath.length ? zodPath.map(String).join('.') : issue.instancePath.replace(/^\//, '').replaceAll('/', '.')) ||
      'non_field_errors';
    (body[field] ??= []).push(issue.message ?? 'Invalid value.');
  }
  return body;
}

/** Fastify's own 4xx errors mapped to the contract's codes. */
const FASTIFY_CODES: Record<string, [number, string, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'parse_error', 'Malformed JSON in the request body.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'parse_error', 'The request body is empty.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'Send the body as application/json.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'parse_error', 'The Content-Length does not match the body.'],
};

/** Fastify's `frameworkErrors`: errors raised before routing (a malformed percent-encoding in the address). */
export function answerFrameworkError(error: FastifyError, _request: unknown, reply: import('fastify').FastifyReply): void {
  const code = error.code === 'FST_ERR_BAD_URL' ? 'bad_url' : 'bad_request';
  void reply
    .status(error.statusCode && error.statusCode < 500 ? error.statusCode : 400)
    .send({ detail: 'The address is malformed.', code });
}

/** 503's body while a store cannot be reached, in the caller's language. */
const unavailableBody = (locale: Locale) => ({ detail: text(locale, 'unavailable'), code: 'service_unavailable' });

/** 429's body: how long to wait, in the caller's language. */
const throttledBody = (locale: Locale, seconds: number) => ({
  detail: text(locale, 'throttled', { wait: waitText(locale, seconds) }),
  code: 'throttled',
});

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ThrottledError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
      if (!error.detail) return reply.status(429).send(throttledBody(requestLocale(request), error.retryAfterSeconds));
    }
    if (error instanceof UnavailableError || isConnectionLoss(error)) {
      // Expected while PostgreSQL restarts, or Redis and PostgreSQL are both away: the client retries. The driver's
      // reason only (a failed query's own message holds its parameters, a pool's error its connection).
      request.log.warn({ reason: rootCause(error).message }, 'dependency unreachable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_SECONDS));
      return reply.status(503).send(unavailableBody(requestLocale(request)));
    }
    if (error instanceof ApiError) return reply.status(error.statusCode).send(error.body());
    if (error instanceof FieldError) return reply.status(400).send(error.fields);
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(fieldErrors(error.validation));
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.status(known[0]).send({ detail: known[2], code: known[1] });
    if (error.statusCode === 429) {
      const wait = Number(reply.getHeader('retry-after')) || 60;
      return reply.status(429).send(throttledBody(requestLocale(request), wait));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ detail: error.message, code: 'bad_request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal server error.', code: 'server_error' });
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send(notFound().body()));
}
