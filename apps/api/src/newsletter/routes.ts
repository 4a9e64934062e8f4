import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DetailBody,
  ErrorBody,
  NewsletterPreference,
  NewsletterRequest,
  NewsletterTokenBody,
  NewsletterTokenQuery,
  ValidationErrorBody,
} from '@attar/contract';
import { requireUser } from '../accounts/auth';
import { requestLocale } from '../http/locale';
import { text } from '../i18n/catalogue';
import * as newsletter from './service';
import { publicSecurity } from '../http/openapi';
import { admitAddress } from '../challenge/service';
import { challengeAnswers, proofOf } from '../challenge/routes';

const tags = ['newsletter'];
/** Sign-ups and links per address and minute: generous for people, tight for scripts. */
const RATE_LIMIT = { rateLimit: { max: 20, timeWindow: '1 minute' } };
const errors = { 400: z.union([ErrorBody, ValidationErrorBody]) };
const signedIn = { 401: ErrorBody };

/** The storefront's newsletter calls: sign-up, the e-mails' signed links, and a signed-in shopper's own preference. */
export const newsletterRoutes =
  (ctx: newsletter.NewsletterContext): FastifyPluginAsyncZod =>
  async (fastify) => {
    const { database } = ctx;
    // RFC 8058: a mail app's one-click unsubscribe POSTs `List-Unsubscribe=One-Click` as a form (either encoding).
    // The link's token is in its address; the form says nothing else, so it is read and set aside.
    fastify.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], (_request, payload, done) => {
      payload.resume();
      payload.once('end', () => done(null, {}));
      payload.once('error', (error) => done(error));
    });

    fastify.post(
      '/api/news-letter/',
      {
        config: RATE_LIMIT,
        schema: {
          summary: 'Subscribe an e-mail address to the newsletter.',
          operationId: 'subscribeToNewsletter',
          security: publicSecurity,
          tags,
          description:
            'Signs an address up for the newsletter. It stays pending until the link in the confirmation e-mail sent now is followed (double opt-in). 201 for a new address (or one that had left); 200 for one already signed up (a pending one is sent its confirmation again).',
          body: NewsletterRequest,
          response: { 200: DetailBody, 201: DetailBody, ...errors, 429: ErrorBody, ...challengeAnswers },
        },
      },
      async (request, reply) => {
        const locale = requestLocale(request);
        await admitAddress(ctx, { ip: request.ip, proof: proofOf(request), locale });
        const outcome = await newsletter.subscribe(ctx, request.body.email, locale);
        return reply.status(outcome === 'new' ? 201 : 200).send({
          detail: text(locale, outcome === 'new' ? 'newsletterSubscribed' : 'newsletterAlreadySubscribed'),
        });
      },
    );

    fastify.post(
      '/api/news-letter/confirm/',
      {
        config: RATE_LIMIT,
        schema: {
          summary: 'Confirm a newsletter subscription.',
          operationId: 'confirmNewsletterSubscription',
          security: publicSecurity,
          tags,
          description:
            'Confirms a subscription with the token of the confirmation e-mail’s link, and sends the welcome newsletter. Again: 200, nothing more sent. A token with a bad signature, for another purpose, or expired: 400 (invalid_link, link_expired), nothing changed; an address that left since: 400 not_pending.',
          body: NewsletterTokenBody,
          response: { 200: DetailBody, ...errors, 429: ErrorBody },
        },
      },
      async (request) => {
        const locale = requestLocale(request);
        await newsletter.confirm(ctx, request.body.token, locale);
        return { detail: text(locale, 'newsletterConfirmed') };
      },
    );

    fastify.post(
      '/api/news-letter/unsubscribe/',
      {
        config: RATE_LIMIT,
        schema: {
          summary: "Unsubscribe from the newsletter with the e-mail's link.",
          operationId: 'unsubscribeFromNewsletter',
          security: publicSecurity,
          tags,
          description:
            'Unsubscribes the address of a newsletter’s signed link (`?token=`), without a session: the address of the List-Unsubscribe header (RFC 8058 one-click, any body) and of the storefront’s unsubscribe page. Already unsubscribed: 200. A bad signature: 400 invalid_link, nothing changed.',
          querystring: NewsletterTokenQuery,
          response: { 200: DetailBody, ...errors, 429: ErrorBody },
        },
      },
      async (request) => {
        const locale = requestLocale(request);
        await newsletter.unsubscribeByLink(ctx, request.query.token, locale);
        return { detail: text(locale, 'newsletterUnsubscribed') };
      },
    );

    const mine = { tags, security: [{ token: [] }] };
    fastify.get(
      '/api/news-letter/me/',
      {
        schema: {
          summary: "Get the shopper's newsletter subscription.",
          operationId: 'getMyNewsletterSubscription',
          ...mine,
          description:
            'Whether the signed-in shopper’s e-mail gets the newsletter: subscribed, pending (not confirmed yet) or not_subscribed.',
          response: { 200: NewsletterPreference, ...signedIn },
        },
      },
      async (request, reply) =>
        reply.header('cache-control', 'private, no-store').send(await newsletter.preference(database, requireUser(request))),
    );

    fastify.post(
      '/api/news-letter/me/',
      {
        config: RATE_LIMIT,
        schema: {
          summary: 'Subscribe the shopper to the newsletter.',
          operationId: 'subscribeMeToNewsletter',
          ...mine,
          description:
            'Signs the shopper’s e-mail up: pending, with a confirmation e-mail, until its link is followed. Already subscribed: unchanged.',
          response: { 200: NewsletterPreference, ...signedIn, 429: ErrorBody },
        },
      },
      async (request) => newsletter.subscribeAccount(ctx, requireUser(request)),
    );

    fastify.delete(
      '/api/news-letter/me/',
      {
        schema: {
          summary: 'Unsubscribe the shopper from the newsletter.',
          operationId: 'unsubscribeMeFromNewsletter',
          ...mine,
          description: 'Takes the shopper’s e-mail off the newsletter.',
          response: { 200: NewsletterPreference, ...signedIn },
        },
      },
      async (request) => newsletter.unsubscribeAccount(database, requireUser(request)),
    );
  };
