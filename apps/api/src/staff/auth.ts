/**
 * Who is calling a staff route: the session cookie (httpOnly, SameSite=Strict, Secure in production) names a staff
 * member. Every staff route states the permission it needs (`requireStaff`), and every write must carry the CSRF token
 * the session handed out. A shopper's `Authorization: Token` never opens a staff call.
 */
import '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { staffMay, type StaffPermission } from '@attar/contract';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { ApiError } from '../http/errors';
import { requestLocale } from '../http/locale';
import { secretsEqual } from '../http/secrets';
import { text } from '../i18n/catalogue';
import { mustEnrolTotp, resolveSession, SESSION_HOURS, type StaffPrincipal } from './service';

export const STAFF_COOKIE = 'attar_staff';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffPrincipal | null;
  }
}

export function registerStaffAuthentication(app: FastifyInstance, database: Database) {
  app.decorateRequest('staff', null);
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.url?.startsWith('/api/staff/')) return;
    const token = request.cookies[STAFF_COOKIE];
    if (token) request.staff = await resolveSession(database, token);
  });
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string) {
  reply.setCookie(STAFF_COOKIE, token, {
    httpOnly: true,
    secure: config.mode === 'production',
    sameSite: 'strict',
    path: '/api/staff/',
    maxAge: SESSION_HOURS * 3600,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(STAFF_COOKIE, { httpOnly: true, secure: config.mode === 'production', sameSite: 'strict', path: '/api/staff/' });
}

/**
 * The signed-in staff member, allowed `permission`: 401 without a live session, 403 `csrf_failed` for a write without
 * the session's CSRF token, 403 `totp_enrolment_required` until an owner or manager turns on the authenticator (when
 * the shop requires it; `enrolling` lets the enrolment calls through), 403 `permission_denied` for the role.
 */
export function requireStaff(
  request: FastifyRequest,
  config: Config,
  permission: StaffPermission | null,
  options: { enrolling?: boolean } = {},
): StaffPrincipal {
  const locale = requestLocale(request);
  const staff = request.staff;
  if (!staff) throw new ApiError(401, 'not_authenticated', text(locale, 'staffSignInRequired'));
  if (!SAFE_METHODS.has(request.method)) {
    const header = request.headers['x-csrf-token'];
    if (typeof header !== 'string' || !secretsEqual(header, staff.csrfToken)) {
      throw new ApiError(403, 'csrf_failed', text(locale, 'csrfMissing'));
    }
  }
  if (!options.enrolling && mustEnrolTotp(config, staff.member)) {
    throw new ApiError(403, 'totp_enrolment_required', text(locale, 'staffTotpEnrolFirst'));
  }
  if (permission && !staffMay(staff.member.role, permission)) {
    throw new ApiError(403, 'permission_denied', text(locale, 'permissionDenied'));
  }
  return staff;
}
