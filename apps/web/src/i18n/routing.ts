import { defineRouting } from 'next-intl/routing';
import type { DEFAULT_LOCALE, LOCALES } from '@attar/contract';

/*
 * The locales are typed as the contract's exact values, so they cannot drift from it, without importing the contract
 * at runtime: this file is part of every client bundle (navigation), and the contract brings zod with it.
 */
const locales: typeof LOCALES = ['en', 'ar'];
const defaultLocale: typeof DEFAULT_LOCALE = 'en';

/** en at /…, ar at /ar/…; the language comes from the path only (no locale detection). */
export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: 'as-needed',
  localeDetection: false,
  // Without detection there is nothing to remember the language for.
  localeCookie: false,
  // hreflang alternates are written into each page's metadata instead of a `Link` header.
  alternateLinks: false,
});
