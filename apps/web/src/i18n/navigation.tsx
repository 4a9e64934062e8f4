/**
 * Paths in the visitor's language: en at /…, ar at /ar/…. The shop needs only the prefix, so these few
 * lines replace next-intl's navigation helpers, which weigh about 2 kB of gzipped JavaScript on every page. `Link` is
 * a plain anchor in server and client components alike; components/app/in-app-navigation.tsx opens it without a
 * reload, as Next's `Link` would (decision 0005). The hooks are in navigation-hooks.ts.
 */
import { useLocale } from 'next-intl';
import type { ComponentProps } from 'react';
import { routing } from './routing';

type Href = string | { pathname: string; query?: Record<string, string | undefined> };

const prefixOf = (locale: string) => (locale === routing.defaultLocale ? '' : `/${locale}`);

function hrefString(href: Href): string {
  if (typeof href === 'string') return href;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(href.query ?? {})) if (value !== undefined) query.set(name, value);
  const search = query.toString();
  return search ? `${href.pathname}?${search}` : href.pathname;
}

/** In Arabic `/fragrances?x=1` → `/ar/fragrances?x=1`, `/` → `/ar`, `/?order_id=7` → `/ar?order_id=7`; English as is. */
export function getPathname({ locale, href }: { locale: string; href: Href }): string {
  const path = hrefString(href);
  const prefix = prefixOf(locale);
  if (!prefix || !path.startsWith('/')) return path;
  return path === '/' || path.startsWith('/?') || path.startsWith('/#') ? `${prefix}${path.slice(1)}` : `${prefix}${path}`;
}

/** The path without its language prefix: `/ar/bag` → `/bag`, `/ar` → `/`; other paths as they are. */
export function withoutPrefix(pathname: string, locale: string): string {
  const prefix = prefixOf(locale);
  if (!prefix || !pathname.startsWith(prefix)) return pathname;
  const rest = pathname.slice(prefix.length);
  if (rest === '') return '/';
  return rest.startsWith('/') ? rest : pathname;
}

export function Link({ href, ...props }: Omit<ComponentProps<'a'>, 'href'> & { href: Href }) {
  const locale = useLocale();
  // eslint-disable-next-line jsx-a11y/anchor-has-content -- the content arrives in props.children
  return <a href={getPathname({ locale, href })} {...props} />;
}
