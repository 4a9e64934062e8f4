/**
 * Who is calling: `Authorization: Token <token>` names a signed-in user; no header is a guest. A header with an
 * unknown, expired or revoked token is refused with 401 token_not_valid on every call, even ones a guest may make.
 *
 * A route may check the token inside the statement it runs anyway (route config `tokenInStatement`, decision 0030):
 * a token this instance has already seen live names its user at once, and the route's statement answers whether it is
 * still live (`request.tokenCheck`). Nothing such a route answers is sent before the token was checked: when its
 * statement did not, it is looked up before sending, and a token that is not live gets the 401 instead.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { ApiError } from '../http/errors';
import { requestLocale } from '../http/locale';
import { text } from '../i18n/catalogue';
import { Recent } from '../recent';
import { extendToken, resolveToken, tokenHash, tokenStateSql, type TokenState } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    userId: number | null;
    authToken: string | null;
    tokenCheck: TokenCheck | null;
  }
  interface FastifyContextConfig {
    /** The route checks a signed-in caller's token in its own statement, through `request.tokenCheck`. */
    tokenInStatement?: boolean;
    /** The route reads `Authorization` itself: a provider's key, not a shopper's token (a courier's webhook). */
    ownAuthorization?: boolean;
  }
}

export const tokenNotValid = (request: FastifyRequest) =>
  new ApiError(401, 'token_not_valid', text(requestLocale(request), 'tokenNotValid'));

/** A token's hash and its user, for the tokens this instance has seen live lately (a token never changes hands). */
const TOKEN_OWNERS = 20_000;

/** A signed-in caller's token whose liveness the route's statement answers (`stateSql`, then `settle`). */
export class TokenCheck {
  private live: Promise<boolean> | undefined;

  constructor(
    private readonly request: FastifyRequest,
    private readonly database: Database,
    private readonly ttlDays: number,
    private readonly token: string,
    private readonly hash: string,
    readonly userId: number,
  ) {}

  /** The select-list expression for the route's statement; its answer goes to `settle`. */
  get stateSql(): SQL {
    return tokenStateSql(this.hash, this.userId, this.ttlDays);
  }

  /** What the statement answered: the route goes on only for a live token (its expiry extended when due). */
  async settle(state: TokenState): Promise<void> {
    this.live ??=
      state === 'stale' ? extendToken(this.database, this.hash, this.ttlDays).then(() => true) : Promise.resolve(state === 'live');
    if (!(await this.live)) throw tokenNotValid(this.request);
  }

  /** Whether the token is live: as the route's statement answered, or looked up now when the route ran none. */
  isLive(): Promise<boolean> {
    this.live ??= resolveToken(this.database, this.token, this.ttlDays).then((userId) => userId === this.userId);
    return this.live;
  }
}

export function registerAuthentication(app: FastifyInstance, database: Database, tokenTtlDays: number) {
  app.decorateRequest('userId', null);
  app.decorateRequest('authToken', null);
  app.decorateRequest('tokenCheck', null);
  const owners = new Recent<number>(TOKEN_OWNERS);

  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    // The route the router matched, not the raw address: `/%61pi/…` reaches the same route and gets the same check.
    if (!header || !request.routeOptions.url?.startsWith('/api/') || request.routeOptions.config.ownAuthorization) return;
    const token = /^Token\s+(\S+)$/i.exec(header.trim())?.[1];
    if (!token) throw tokenNotValid(request);
    request.authToken = token;
    const hash = tokenHash(token);
    const owner = owners.get(hash);
    if (owner !== undefined && request.routeOptions.config.tokenInStatement) {
      request.userId = owner;
      request.tokenCheck = new TokenCheck(request, database, tokenTtlDays, token, hash, owner);
      return;
    }
    const userId = await resolveToken(database, token, tokenTtlDays);
    if (!userId) throw tokenNotValid(request);
    owners.set(hash, userId);
    request.userId = userId;
  });

  // The backstop of a route that checks the token in its statement, whatever path it took (an input error, an answer
  // with no statement): its answer leaves only for a live token.
  const sendOnlyIfLive = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!request.tokenCheck || (await request.tokenCheck.isLive())) return payload;
    reply
      .code(401)
      .removeHeader('etag')
      .header('cache-control', 'private, no-store')
      .header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify(tokenNotValid(request).body());
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.tokenInStatement) route.onSend = [...[route.onSend ?? []].flat(), sendOnlyIfLive];
  });
}

/** The signed-in user's id, or 401 not_authenticated for a guest. */
export function requireUser(request: FastifyRequest): number {
  if (request.userId === null) {
    throw new ApiError(401, 'not_authenticated', text(requestLocale(request), 'logInToContinue'));
  }
  return request.userId;
}
