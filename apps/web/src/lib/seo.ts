import type { Metadata } from 'next';
import { LOCALES, type Locale } from '@attar/contract';
import { getPathname } from '@/i18n/navigation';
import { routing } from '@/i18n/routing';

/** `/fragrances` → `/fragrances` (en) or `/ar/fragrances` (ar); a query string is kept. */
export function localizedHref(locale: Locale, href: string): string {
  const [pathname = '/', query] = href.split('?');
  const localized = getPathname({ locale, href: pathname });
  return query ? `${localized}?${query}` : localized;
}

/** A page's address at `origin` (lib/site-origin.ts). */
export function absoluteUrl(origin: string, locale: Locale, href: string): string {
  return `${origin}${localizedHref(locale, href)}`;
}

/** hreflang alternates (en, ar, x-default) and the canonical URL of a page. */
export function alternatesFor(locale: Locale, href: string): Metadata['alternates'] {
  const languages: Record<string, string> = {};
  for (const each of LOCALES) languages[each] = localizedHref(each, href);
  languages['x-default'] = localizedHref(routing.defaultLocale, href);
  return { canonical: localizedHref(locale, href), languages };
}

export type PageMeta = {
  locale: Locale;
  /** The page's path without locale prefix, with the query that selects its content (e.g. a category). */
  href: string;
  title: string;
  description: string;
  keywords: string;
  image?: string;
  /** The home page's title is used as written; others get "| Attar" from the layout's template. */
  absoluteTitle?: boolean;
};

export function pageMetadata({ locale, href, title, description, keywords, image, absoluteTitle }: PageMeta): Metadata {
  return {
    title: absoluteTitle ? { absolute: title } : title,
    description,
    keywords,
    alternates: alternatesFor(locale, href),
    openGraph: { title, description, url: localizedHref(locale, href), ...(image ? { images: [{ url: image }] } : {}) },
  };
}

/** Catalogue text as a meta description: one line, at most `max` characters. */
export function metaDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
