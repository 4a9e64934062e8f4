'use client';
/** The client side of i18n/navigation.tsx: Next's path and router, without and with the language prefix. */
import { usePathname as useNextPathname, useRouter as useNextRouter } from 'next/navigation';
import { useLocale } from 'next-intl';
import { useMemo } from 'react';
import { getPathname, withoutPrefix } from './navigation';

/** The current path without its language prefix (see `withoutPrefix`). */
export function usePathname(): string {
  return withoutPrefix(useNextPathname(), useLocale());
}

/** Next's router, taking paths without the language prefix. */
export function useRouter() {
  const router = useNextRouter();
  const locale = useLocale();
  return useMemo(
    () => ({
      push: (href: string) => router.push(getPathname({ locale, href })),
      replace: (href: string, options?: { scroll?: boolean }) => router.replace(getPathname({ locale, href }), options),
      refresh: () => router.refresh(),
    }),
    [router, locale],
  );
}
