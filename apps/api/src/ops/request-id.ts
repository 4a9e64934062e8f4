/**
 * One id per request, from the storefront through the API into every log line of it: a caller's `X-Request-Id` is
 * kept when it looks like one (the storefront's server makes one per page request and sends it on), otherwise a new
 * UUID; the answer carries it back. Anything else in the header is replaced, so a log line cannot be forged with it.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}
