'use client';
import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { getPathname } from '@/i18n/navigation';
import { usePathname } from '@/i18n/navigation-hooks';

/** Where the chosen language is remembered: two local-storage keys, both kept. */
const LANGUAGE_STORAGE_KEYS = ['AppLang', 'lang'];

/**
 * Switches en ↔ ar on the same path and query with a full reload, so the document is rendered again with
 * the other language's `lang`, direction and typeface.
 */
export function LanguageToggle({ className, children }: { className: string; children?: ReactNode }) {
  const t = useTranslations('common.header');
  const locale = useLocale();
  const pathname = usePathname();
  const other = locale === 'ar' ? 'en' : 'ar';
  const href = getPathname({ locale: other, href: pathname });

  return (
    <a
      href={href}
      hrefLang={other}
      lang={other}
      title={t('switchLanguageLabel')}
      className={className}
      onClick={(event) => {
        event.preventDefault();
        for (const key of LANGUAGE_STORAGE_KEYS) window.localStorage.setItem(key, other);
        window.location.assign(`${href}${window.location.search}${window.location.hash}`);
      }}
    >
      {children ?? t('switchLanguage')}
    </a>
  );
}
