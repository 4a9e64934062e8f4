import { useLocale, useTranslations } from 'next-intl';
import { Suspense } from 'react';
import type { Locale } from '@attar/contract';
import { localizedHref } from '@/lib/seo';
import { SearchIcon } from '../server-icons';
import { SEARCH_FIELD } from './search-field';
import { SearchInput } from './search-input';

const INPUT =
  'h-11 w-full rounded-full border border-line bg-night ps-4 pe-12 text-sm text-cream placeholder:text-mist/80 focus:border-gold focus:outline-none';

/**
 * A plain GET form: Enter or the icon button sends the text to /fragrances?search=… (no length check).
 * Works before any JavaScript has loaded; then the field suggests as the shopper types (search-input.tsx, which loads
 * search-suggestions.tsx on first use). The field reads the address's query, so it waits (Suspense) for the page's search
 * parameters, showing the plain field meanwhile.
 */
export function SearchForm({ className }: { className: string }) {
  const t = useTranslations('common.header');
  const locale = useLocale() as Locale;
  return (
    <form role="search" action={localizedHref(locale, '/fragrances')} method="get" className={className}>
      <label htmlFor="site-search" className="sr-only">
        {t('searchLabel')}
      </label>
      <Suspense fallback={<input {...SEARCH_FIELD} placeholder={t('searchPlaceholder')} className={INPUT} />}>
        <SearchInput inputClassName={INPUT} />
      </Suspense>
      <button type="submit" className="absolute inset-y-0 end-0 grid w-11 place-items-center rounded-full text-gold hover:text-gold-bright">
        <SearchIcon size={20} />
        <span className="sr-only">{t('searchSubmit')}</span>
      </button>
    </form>
  );
}
