/**
 * The newsletter's double opt-in and unsubscribing: the e-mails' signed links, and a signed-in
 * shopper's own preference. Browser-only calls; only types come from the contract.
 */
import type { DetailBody, NewsletterPreference } from '@attar/contract';
import type { z } from 'zod';
import { apiRequire } from './client';

type Detail = z.infer<typeof DetailBody>;

/** Follows a confirmation link: its token confirms the address (400 for a bad or expired one). */
export const confirmNewsletter = (token: string, locale: string) =>
  apiRequire<Detail>('/api/news-letter/confirm/', { method: 'POST', body: { token }, locale, anonymous: true });

/** Unsubscribes the address of an unsubscribe link (400 for a bad one). */
export const unsubscribeFromNewsletter = (token: string, locale: string) =>
  apiRequire<Detail>('/api/news-letter/unsubscribe/', { method: 'POST', query: { token }, body: {}, locale, anonymous: true });

export const myNewsletter = (locale: string) => apiRequire<NewsletterPreference>('/api/news-letter/me/', { locale });

/** Signs the account's e-mail up: pending until the link in the e-mail sent now is followed. */
export const subscribeMe = (locale: string) =>
  apiRequire<NewsletterPreference>('/api/news-letter/me/', { method: 'POST', body: {}, locale });

export const unsubscribeMe = (locale: string) => apiRequire<NewsletterPreference>('/api/news-letter/me/', { method: 'DELETE', locale });
