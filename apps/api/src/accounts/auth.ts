/**
 * Who is calling: `Authorization: Token <token>` names a signed-in user; no header is a guest. A header with an
 * unknown, expired or revoked token is refused with 401 token_not_valid on every call, even ones a guest may make.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { ApiError } from '../http/errors';
import { requestLocale } from '../http/locale';
import { text } from '../i18n/catalogue';
import { resolveToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    userId: number | null;
    authToken: string | null;
  }
}

export const tokenNotValid = (request: FastifyRequest) =>
  new ApiError(401, 'token_not_valid', text(requestLocale(request), 'tokenNotValid'));

export function registerAuthentication(app: FastifyInstance, database: Database, tokenTtlDays: number) {
  app.decorateRequest('userId', null);
  app.decorateRequest('authToken', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    // The route the router matched, not the raw address: `/%61pi/…` reaches the same route and gets the same check.
    if (!header || !request.routeOptions.url?.startsWith('/api/')) return;
    const token = /^Token\s+(\S+)$/i.exec(header.trim())?.[1];
    const userId = token ? await resolveToken(database, token, tokenTtlDays) : null;
    if (!token || !userId) throw tokenNotValid(request);
    request.userId = userId;
    request.authToken = token;
  });
}

/** The signed-in user's id, or 401 not_authenticated for a guest. */
export function requireUser(request: FastifyRequest): number {
  if (request.userId === null) {
    throw new ApiError(401, 'not_authenticated', text(requestLocale(request), 'logInToContinue'));
  }
  return request.userId;
}
