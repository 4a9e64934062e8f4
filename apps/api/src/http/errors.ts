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

/** Node's own refusals, before a request reaches Fastify: answered in the contract's shape, then the socket closes. */
const CLIENT_ERRORS: Record<string, [number, string, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'headers_too_large', 'The request headers are too large.'],
  HPE_URI_TOO_LONG: [414, 'URI Too Long', 'uri_too_long', 'The address is too long.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'request_timeout', 'The request took too long to arrive.'],
};

/** Fastify's `clientErrorHandler`: a raw HTTP answer on the socket, with the contract's `{detail, code}` body. */
export function answerClientError(error: NodeJS.ErrnoException, socket: import('node:net').Socket) {
  if (!socket.writable) return;
  const [status, reason, code, detail] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'Bad Request',
    'bad_request',
    'The request is malformed.',
  ];
  const body = JSON.stringify({ detail, code });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Fastify's `frameworkErrors`: errors raised before routing (a malformed percent-encoding in the address). */
export function answerFrameworkError(error: FastifyError, _request: unknown, reply: import('fastify').FastifyReply): void {
  const code = error.code === 'FST_ERR_BAD_URL' ? 'bad_url' : 'bad_request';
  void reply
    .status(error.statusCode && error.statusCode < 500 ? error.statusCode : 400)
    .send({ detail: 'The address is malformed.', code });
}

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
