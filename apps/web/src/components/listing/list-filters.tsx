import { useLocale, useTranslations } from 'next-intl';
import type { Family, Locale, Occasion } from '@attar/contract';
import { PRODUCT_ORDERINGS } from '@attar/contract';
import { Link } from '@/i18n/navigation';
import type { ListQuery } from '@/lib/list-query';
import { localizedHref } from '@/lib/seo';

type ListFiltersProps = {
  pathname: string;
  query: ListQuery;
  families: Family[];
  occasions: Occasion[];
};

const SELECT = 'h-10 w-full rounded-full border border-line bg-night px-3 text-sm text-cream focus:border-gold focus:outline-none';

/** Family, occasion and sort as a GET form: works without JavaScript and keeps category and search. */
export function ListFilters({ pathname, query, families, occasions }: ListFiltersProps) {
  const t = useTranslations('common.list');
  const locale = useLocale() as Locale;
  const filtered = Boolean(query.family || query.occasion || query.ordering);
  return (
    <form
      method="get"
      action={localizedHref(locale, pathname)}
      aria-label={t('filters')}
      className="mb-8 grid grid-cols-2 items-end gap-3 rounded-2xl border border-line bg-night/60 p-4 md:grid-cols-[1fr_1fr_1fr_auto]"
    >
      {query.category_slug && <input type="hidden" name="category_slug" value={query.category_slug} />}
      {query.search && <input type="hidden" name="search" value={query.search} />}
      <label className="flex flex-col gap-1 text-xs text-mist">
        {t('family')}
        <select name="family" defaultValue={query.family ?? ''} className={SELECT}>
          <option value="">{t('any')}</option>
          {families.map((family) => (
            <option key={family.id} value={family.slug}>
              {family.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs text-mist">
        {t('occasion')}
        <select name="occasion" defaultValue={query.occasion ?? ''} className={SELECT}>
          <option value="">{t('any')}</option>
          {occasions.map((occasion) => (
            <option key={occasion.id} value={String(occasion.id)}>
              {occasion.name}
            </option>
          ))}
        </select>
      </label>
      <label className="col-span-2 flex flex-col gap-1 text-xs text-mist md:col-span-1">
        {t('sort')}
        <select name="ordering" defaultValue={query.ordering ?? ''} className={SELECT}>
          <option value="">{t('orderings.default')}</option>
          {PRODUCT_ORDERINGS.map((ordering) => (
            <option key={ordering} value={ordering}>
              {t(`orderings.${ordering}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="col-span-2 flex items-center gap-3 md:col-span-1">
        <button type="submit" className="btn-gold h-10 flex-1 md:flex-none">
          {t('apply')}
        </button>
        {filtered && (
          <Link
            href={{
              pathname,
              query: { ...(query.category_slug && { category_slug: query.category_slug }), ...(query.search && { search: query.search }) },
            }}
            className="text-sm text-gold underline-offset-4 hover:underline"
          >
            {t('clear')}
          </Link>
        )}
      </div>
    </form>
  );
}
