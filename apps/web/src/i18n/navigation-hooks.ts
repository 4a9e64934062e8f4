'use client';
/** The client side of i18n/navigation.tsx: Next's path and router, without and with the language prefix. */
import { usePathname as useNextPathname, useRouter as useNextRouter } from 'next/navigation';
import { useLocale } from 'next-intl';
import { useMemo } from 'react';
import { getPathname, prefixOf } from './navigation';

/** The current path without its language prefix: `/ar/bag` → `/bag`, `/ar` → `/`. */
export function usePathname(): string {
  const pathname = useNextPathname();
  const prefix = prefixOf(useLocale());
  if (!prefix || !pathname.startsWith(prefix)) return pathname;
  const rest = pathname.slice(prefix.length);
  if (rest === '') return '/';
  return rest.startsWith('/') ? rest : pathname;
}

/** Next's router, taking paths without the language prefix. */
export function useRouter() {
  const router = useNextRouter();
  const locale = useLocale();
  return useMemo(
    () => ({
      push: (href: string) => router.push(getPathname({ locale, href })),
      replace: (href: string) => router.replace(getPathname({ locale, href })),
      refresh: () => router.refresh(),
    }),
    [router, locale],
  );
}
