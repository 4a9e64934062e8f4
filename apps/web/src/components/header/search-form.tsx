import { useLocale, useTranslations } from 'next-intl';
import type { Locale } from '@attar/contract';
import { localizedHref } from '@/lib/seo';
import { SearchIcon } from '../server-icons';

/**
 * A plain GET form: Enter or the icon button sends the text to /fragrances?search=… (spec §2, no length check).
 * Works before any JavaScript has loaded.
 */
export function SearchForm({ className }: { className: string }) {
  const t = useTranslations('common.header');
  const locale = useLocale() as Locale;
  return (
    <form role="search" action={localizedHref(locale, '/fragrances')} method="get" className={className}>
      <label htmlFor="site-search" className="sr-only">
        {t('searchLabel')}
      </label>
      <input
        id="site-search"
        name="search"
        type="search"
        autoComplete="off"
        enterKeyHint="search"
        placeholder={t('searchPlaceholder')}
        className="h-11 w-full rounded-full border border-line bg-night ps-4 pe-12 text-sm text-cream placeholder:text-mist/80 focus:border-gold focus:outline-none"
      />
      <button type="submit" className="absolute inset-y-0 end-0 grid w-11 place-items-center rounded-full text-gold hover:text-gold-bright">
        <SearchIcon size={20} />
        <span className="sr-only">{t('searchSubmit')}</span>
      </button>
    </form>
  );
}
