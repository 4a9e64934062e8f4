import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthProviders,
  AuthResponse,
  CheckResetCodeRequest,
  CodeRequest,
  DetailBody,
  ErrorBody,
  FacebookLoginRequest,
  GoogleLoginRequest,
  LoginRequest,
  PointsResponse,
  ProfileUpdateRequest,
  ResetEmailRequest,
  ResetPasswordRequest,
  SignupRequest,
  SignupResponse,
  SocialAuthResponse,
  TokenVerifyRequest,
  TokenVerifyResponse,
  User,
} from '@attar/contract';
import { requestLocale } from '../http/locale';
import { requireUser, tokenNotValid } from './auth';
import { text } from '../i18n/catalogue';
import * as accounts from './service';
import { selfServiceRoutes } from './self-service-routes';
import * as selfService from './self-service';
import { facebookVerifier, googleVerifier, signInWithIdentity } from './social';
import { revokeToken, resolveToken } from './tokens';
import { pascalCase, publicSecurity, tokenRefused } from '../http/openapi';
import { admitAddress } from '../challenge/service';
import { challengeAnswers, proofOf } from '../challenge/routes';

const security = [{ token: [] }];
const errors = { 400: z.union([ErrorBody, z.record(z.string(), z.array(z.string()))]), 401: ErrorBody, 403: ErrorBody, 429: ErrorBody };

export const accountsRoutes =
  (ctx: accounts.AccountsContext): FastifyPluginAsyncZod =>
  async (fastify) => {
    const google = googleVerifier(ctx.config.google);
    const facebook = facebookVerifier(ctx.config.facebook);
    const tags = ['accounts'];
    const detail = (text: string) => ({ detail: text });

    fastify.post(
      '/api/users/me/',
      {
        schema: {
          summary: "Create a shopper's account.",
          operationId: 'signUp',
          security: publicSecurity,
          tags,
          description: 'Sign up (no Authorization header).',
          body: SignupRequest,
          response: { 201: SignupResponse, ...errors, ...challengeAnswers },
        },
      },
      async (request, reply) => {
        const locale = requestLocale(request);
        await admitAddress(ctx, { ip: request.ip, proof: proofOf(request), locale });
        return reply.status(201).send(await accounts.signUp(ctx, request.body, request.ip, locale));
      },
    );

    fastify.post(
      '/api/users/login/',
      {
        schema: {
          summary: 'Log in with an e-mail or phone and a password.',
          operationId: 'logIn',
          security: publicSecurity,
          tags,
          body: LoginRequest,
          response: { 200: AuthResponse, ...errors },
        },
      },
      async (request) => accounts.logIn(ctx, request.body, request.ip, requestLocale(request)),
    );

    fastify.post(
      '/api/users/logout/',
      {
        schema: { summary: 'Log out (revoke this token).', operationId: 'logOut', tags, security, response: { 204: z.null(), ...errors } },
      },
      async (request, reply) => {
        requireUser(request);
        // Signed in: the request carried its token.
        if (request.authToken) await revokeToken(ctx.database, request.authToken);
        return reply.status(204).send(null);
      },
    );

    fastify.post(
      '/api/users/token/verify/',
      {
        schema: {
          summary: 'Check that a token is still valid.',
          operationId: 'verifyToken',
          security: publicSecurity,
          tags,
          body: TokenVerifyRequest,
          response: { 200: TokenVerifyResponse, ...errors },
        },
      },
      async (request) => {
        const userId = await resolveToken(ctx.database, request.body.access_token, ctx.config.tokenTtlDays);
        if (!userId) throw tokenNotValid(request);
        return { detail: text('en', 'tokenValid'), code: 'token_valid' as const };
      },
    );

    fastify.get(
      '/api/users/me/',
      {
        schema: {
          summary: "Get the signed-in shopper's profile.",
          operationId: 'getProfile',
          tags,
          security,
          response: { 200: User, ...errors },
        },
      },
      async (request) => accounts.getUser(ctx.database, requireUser(request)),
    );

    fastify.put(
      '/api/users/me/',
      {
        schema: {
          summary: "Update the signed-in shopper's profile.",
          operationId: 'updateProfile',
          tags,
          security,
          description:
            'Changes the name and language at once. A new e-mail or phone is sent a code and shown as pending (`pending_email`, `pending_phone`) until it is confirmed with `POST /api/users/me/{email,phone}/change/`; until then the account keeps the old one.',
          body: ProfileUpdateRequest,
          response: { 200: User, ...errors },
        },
      },
      async (request) => selfService.saveProfile(ctx, requireUser(request), request.body, request.ip, requestLocale(request)),
    );

    const label = { phone: 'phone number', email: 'e-mail address' };
    for (const channel of ['phone', 'email'] as const) {
      fastify.post(
        `/api/users/${channel}/resend_verification_code/`,
        {
          schema: {
            summary: `Send a new code to verify the shopper's ${label[channel]}.`,
            operationId: `resend${pascalCase(channel)}VerificationCode`,
            tags,
            security,
            body: z.object({}).optional(),
            response: { 200: DetailBody, ...errors },
          },
        },
        async (request) => {
          const locale = requestLocale(request);
          await accounts.resendVerification(ctx, requireUser(request), channel, request.ip, locale);
          return detail(text(locale, 'codeSent'));
        },
      );
      fastify.post(
        `/api/users/${channel}/verify_${channel}/`,
        {
          schema: {
            summary: `Verify the shopper's ${label[channel]} with its code.`,
            operationId: `verify${pascalCase(channel)}`,
            tags,
            security,
            body: CodeRequest,
            response: { 200: DetailBody, ...errors },
          },
        },
        async (request) => {
          const locale = requestLocale(request);
          await accounts.verifyChannel(ctx, requireUser(request), channel, request.body.code, request.ip, locale);
          return detail(channel === 'phone' ? text(locale, 'phoneVerified') : text(locale, 'emailVerified'));
        },
      );
    }

    fastify.post(
      '/api/users/password/send_reset_email/',
      {
        schema: {
          summary: 'Send a password reset code by e-mail.',
          operationId: 'sendPasswordResetEmail',
          security: publicSecurity,
          tags,
          body: ResetEmailRequest,
          response: { 200: DetailBody, ...errors, ...challengeAnswers },
        },
      },
      async (request) => {
        const locale = requestLocale(request);
        await admitAddress(ctx, { ip: request.ip, proof: proofOf(request), locale });
        await accounts.sendPasswordReset(ctx, request.body.email, request.ip);
        return detail(text(locale, 'resetSent'));
      },
    );

    fastify.post(
      '/api/users/password/check_reset_code/',
      {
        schema: {
          summary: 'Check a password reset code.',
          operationId: 'checkPasswordResetCode',
          security: publicSecurity,
          tags,
          body: CheckResetCodeRequest,
          response: { 200: DetailBody, ...errors },
        },
      },
      async (request) => {
        const locale = requestLocale(request);
        await accounts.checkResetCode(ctx, request.body.email, request.body.code, request.ip, locale);
        return detail(text(locale, 'resetCodeValid'));
      },
    );

    fastify.post(
      '/api/users/password/reset_password/',
      {
        schema: {
          summary: 'Set a new password with a reset code.',
          operationId: 'resetPassword',
          security: publicSecurity,
          tags,
          body: ResetPasswordRequest,
          response: { 200: DetailBody, ...errors },
        },
      },
      async (request) => {
        const locale = requestLocale(request);
        const { email, code, password } = request.body;
        await accounts.resetPassword(ctx, email, code, password, request.ip, locale);
        return detail(text(locale, 'passwordReset'));
      },
    );

    fastify.get(
      '/api/users/points/',
      {
        schema: {
          summary: "Get the signed-in shopper's loyalty points.",
          operationId: 'getPoints',
          tags,
          security,
          response: { 200: PointsResponse, ...errors },
        },
      },
      async (request) => accounts.pointsOf(ctx.database, requireUser(request)),
    );

    fastify.get(
      '/api/auth/providers/',
      {
        schema: {
          summary: 'List the social sign-in providers.',
          operationId: 'listAuthProviders',
          security: publicSecurity,
          tags,
          description: 'Which social sign-in buttons to show.',
          response: { 200: AuthProviders, ...tokenRefused },
        },
      },
      async () => ({
        google: ctx.config.google.clientId ? { client_id: ctx.config.google.clientId } : null,
        facebook: ctx.config.facebook.appId && ctx.config.facebook.appSecret ? { app_id: ctx.config.facebook.appId } : null,
      }),
    );

    fastify.post(
      '/api/auth/google/',
      {
        schema: {
          summary: 'Sign in with Google.',
          operationId: 'logInWithGoogle',
          security: publicSecurity,
          tags,
          body: GoogleLoginRequest,
          response: { 200: SocialAuthResponse, ...errors },
        },
      },
      async (request) => signInWithIdentity(ctx, await google(request.body.id_token, requestLocale(request)), requestLocale(request)),
    );

    fastify.post(
      '/api/auth/facebook/',
      {
        schema: {
          summary: 'Sign in with Facebook.',
          operationId: 'logInWithFacebook',
          security: publicSecurity,
          tags,
          body: FacebookLoginRequest,
          response: { 200: SocialAuthResponse, ...errors },
        },
      },
      async (request) => signInWithIdentity(ctx, await facebook(request.body.access_token, requestLocale(request)), requestLocale(request)),
    );

    await fastify.register(selfServiceRoutes(ctx));
  };
