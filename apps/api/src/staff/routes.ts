import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  IdParam,
  StaffMember,
  StaffMemberCreate,
  StaffMemberPatch,
  StaffPasswordLink,
  StaffPasswordSet,
  StaffSession,
  StaffSignIn,
  TotpConfirm,
  TotpEnrolment,
} from '@attar/contract';
import { requestLocale } from '../http/locale';
import { clearSessionCookie, requireStaff, setSessionCookie } from './auth';
import {
  closeAllSessions,
  closeSession,
  confirmTotp,
  createMember,
  listMembers,
  newPasswordLink,
  resetTotp,
  patchMember,
  sessionJson,
  setPasswordFromLink,
  signIn,
  startTotp,
  type StaffContext,
} from './service';
import { publicSecurity } from '../http/openapi';

const tags = ['staff'];
const security = [{ staffSession: [] }];
const errors = { 400: z.union([ErrorBody, z.record(z.string(), z.array(z.string()))]), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const IdParams = z.object({ id: IdParam });

export const staffRoutes =
  (ctx: StaffContext): FastifyPluginAsyncZod =>
  async (fastify) => {
    const { config, database } = ctx;

    fastify.post(
      '/api/staff/session/',
      {
        schema: {
          summary: 'Log in to the back office.',
          operationId: 'staffLogIn',
          security: publicSecurity,
          tags,
          description: 'Staff sign-in: e-mail, password and, once turned on, the authenticator code. Sets the session cookie.',
          body: StaffSignIn,
          response: { 200: StaffSession, ...errors, 429: ErrorBody },
        },
      },
      async (request, reply) => {
        const { token, principal } = await signIn(ctx, request.body, request.ip, requestLocale(request));
        setSessionCookie(reply, config, token);
        return reply.header('cache-control', 'no-store').send(sessionJson(config, principal));
      },
    );

    fastify.get(
      '/api/staff/session/',
      {
        schema: {
          summary: 'Get the signed-in staff member.',
          operationId: 'staffGetSession',
          tags,
          security,
          description: 'The signed-in staff member and the CSRF token.',
          response: { 200: StaffSession, ...errors },
        },
      },
      async (request, reply) => {
        const staff = requireStaff(request, config, null, { enrolling: true });
        return reply.header('cache-control', 'no-store').send(sessionJson(config, staff));
      },
    );

    fastify.delete(
      '/api/staff/session/',
      {
        schema: {
          summary: 'Log out of the back office.',
          operationId: 'staffLogOut',
          tags,
          security,
          description: 'Signs this browser out.',
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const staff = requireStaff(request, config, null, { enrolling: true });
        await closeSession(database, staff.sessionId);
        clearSessionCookie(reply, config);
        return reply.status(204).send(null);
      },
    );

    fastify.post(
      '/api/staff/session/everywhere/',
      {
        schema: {
          summary: 'End every session of the staff member.',
          operationId: 'staffLogOutEverywhere',
          tags,
          security,
          description: 'Signs the member out of every browser.',
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const staff = requireStaff(request, config, null, { enrolling: true });
        await closeAllSessions(database, staff.member.id);
        clearSessionCookie(reply, config);
        return reply.status(204).send(null);
      },
    );

    fastify.post(
      '/api/staff/password/',
      {
        schema: {
          summary: 'Set a staff password from a one-time link.',
          operationId: 'staffSetPassword',
          security: publicSecurity,
          tags,
          description: 'Sets a password from a one-time link (a new member, or a link the owner made). Ends every session.',
          body: StaffPasswordSet,
          response: { 204: z.null(), ...errors, 429: ErrorBody },
        },
        config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
      },
      async (request, reply) => {
        await setPasswordFromLink(database, requestLocale(request), request.body.token, request.body.password);
        return reply.status(204).send(null);
      },
    );

    fastify.post(
      '/api/staff/totp/',
      {
        schema: {
          summary: 'Start setting up the authenticator app.',
          operationId: 'staffStartTotpEnrolment',
          tags,
          security,
          description: 'Starts turning on the authenticator app.',
          response: { 200: TotpEnrolment, ...errors },
        },
      },
      async (request, reply) => {
        const staff = requireStaff(request, config, null, { enrolling: true });
        return reply.header('cache-control', 'no-store').send(await startTotp(database, staff.member, requestLocale(request)));
      },
    );

    fastify.post(
      '/api/staff/totp/confirm/',
      {
        schema: {
          summary: 'Turn on the authenticator app with its first code.',
          operationId: 'staffConfirmTotpEnrolment',
          tags,
          security,
          description: 'Turns the authenticator on with a code from it.',
          body: TotpConfirm,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const staff = requireStaff(request, config, null, { enrolling: true });
        await confirmTotp(database, staff.member.id, request.body.code, requestLocale(request));
        return reply.status(204).send(null);
      },
    );

    fastify.get(
      '/api/staff/members/',
      {
        schema: {
          summary: 'List the staff members.',
          operationId: 'staffListMembers',
          tags,
          security,
          description: 'Owner only.',
          response: { 200: z.object({ results: z.array(StaffMember) }), ...errors },
        },
      },
      async (request) => {
        requireStaff(request, config, 'manageStaff');
        return { results: await listMembers(database) };
      },
    );

    fastify.post(
      '/api/staff/members/',
      {
        schema: {
          summary: 'Add a staff member.',
          operationId: 'staffCreateMember',
          tags,
          security,
          description: 'Owner only. Answers the one-time link with which the new member sets a password.',
          body: StaffMemberCreate,
          response: { 201: StaffPasswordLink, ...errors },
        },
      },
      async (request, reply) => {
        const staff = requireStaff(request, config, 'manageStaff');
        const created = await createMember(database, config, requestLocale(request), staff.member.id, request.body);
        return reply.status(201).header('cache-control', 'no-store').send(created);
      },
    );

    fastify.patch(
      '/api/staff/members/:id/',
      {
        schema: {
          summary: "Change a staff member's name, role or status.",
          operationId: 'staffUpdateMember',
          tags,
          security,
          description: 'Owner only.',
          params: IdParams,
          body: StaffMemberPatch,
          response: { 200: StaffMember, ...errors },
        },
      },
      async (request) => {
        const staff = requireStaff(request, config, 'manageStaff');
        return patchMember(database, requestLocale(request), staff.member.id, request.params.id, request.body);
      },
    );

    fastify.post(
      '/api/staff/members/:id/password-link/',
      {
        schema: {
          summary: 'Send a staff member a link to set a password.',
          operationId: 'staffSendPasswordLink',
          tags,
          security,
          description: 'Owner only: a new one-time link.',
          params: IdParams,
          response: { 200: StaffPasswordLink, ...errors },
        },
      },
      async (request, reply) => {
        const staff = requireStaff(request, config, 'manageStaff');
        const link = await newPasswordLink(database, config, requestLocale(request), staff.member.id, request.params.id);
        return reply.header('cache-control', 'no-store').send(link);
      },
    );

    fastify.post(
      '/api/staff/members/:id/totp-reset/',
      {
        schema: {
          summary: "Turn off a staff member's authenticator app.",
          operationId: 'staffResetMemberTotp',
          tags,
          security,
          description: 'Owner only: turns off two-step sign-in for a member who lost their authenticator, and ends their sessions.',
          params: IdParams,
          response: { 200: StaffMember, ...errors },
        },
      },
      async (request) => {
        const staff = requireStaff(request, config, 'manageStaff');
        return resetTotp(database, requestLocale(request), staff.member.id, request.params.id);
      },
    );
  };
