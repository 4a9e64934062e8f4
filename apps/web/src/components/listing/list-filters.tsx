import { useLocale, useTranslations } from 'next-intl';
import type { Locale } from '@attar/contract';
import { GENDERS, PRODUCT_ORDERINGS } from '@attar/contract';
import { Link } from '@/i18n/navigation';
import { formatNumber } from '@/i18n/locales';
import { FILTER_KEYS, isFiltered, listHref, type FilterKey, type Gender, type ListQuery } from '@/lib/list-query';
import { localizedHref } from '@/lib/seo';
import { CloseIcon } from '../icons';
import { usePriceText } from '../price';
import { FilterForm, type FilterChoices } from './filter-form';

type ListFiltersProps = {
  pathname: string;
  query: ListQuery;
  choices: Omit<FilterChoices, 'genders' | 'orderings'>;
  count: number;
  showPrice: boolean;
};

/** The filters set, as removable chips; then the form that sets them (filter-form.tsx). */
export function ListFilters({ pathname, query, choices, count, showPrice }: ListFiltersProps) {
  const t = useTranslations('common');
  const locale = useLocale() as Locale;
  const priceText = usePriceText();
  const chips = filterChips(query, choices, {
    gender: (value: Gender) => t(`product.genders.${value}`),
    price: (min, max) =>
      min !== undefined && max !== undefined
        ? t('list.priceRange', { min: priceText(min), max: priceText(max) })
        : min !== undefined
          ? t('list.priceFrom', { price: priceText(min) })
          : t('list.priceUpTo', { price: priceText(max!) }),
  });
  const base = { ...query, page: 1 };
  const cleared = Object.fromEntries(FILTER_KEYS.map((key) => [key, undefined])) as Partial<ListQuery>;
  return (
    <>
      {chips.length > 0 && (
        <div className="mb-4 flex flex-wrap items-center gap-2">
          <h2 className="sr-only">{t('list.activeFilters')}</h2>
          <ul className="contents">
            {chips.map((chip) => (
              <li key={chip.key}>
                <Link
                  href={listHref(pathname, base, chip.without)}
                  aria-label={t('list.removeFilter', { name: chip.label })}
                  className="inline-flex items-center gap-1.5 rounded-full border border-gold/60 bg-gold/10 py-1 ps-3 pe-2 text-sm text-cream hover:border-gold"
                >
                  {chip.label}
                  <CloseIcon size={14} aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
          <Link href={listHref(pathname, base, cleared)} className="text-sm text-gold underline-offset-4 hover:underline">
            {t('list.clear')}
          </Link>
        </div>
      )}
      <FilterForm
        pathname={pathname}
        action={localizedHref(locale, pathname)}
        query={query}
        choices={{
          ...choices,
          genders: GENDERS.map((value) => ({ value, name: t(`product.genders.${value}`) })),
          orderings: PRODUCT_ORDERINGS.map((value) => ({ value, name: t(`list.orderings.${value}`) })),
        }}
        count={count}
        shownCount={formatNumber(count, locale)}
        activeCount={isFiltered(query) ? chips.length : 0}
        shownActiveCount={formatNumber(chips.length, locale)}
        showPrice={showPrice}
      />
    </>
  );
}

type Chip = { key: string; label: string; without: Partial<ListQuery> };
type ChipWords = { gender: (value: Gender) => string; price: (min: number | undefined, max: number | undefined) => string };

/** One chip per filter set (one per note), named as the form names its choice; removing it keeps the others. */
function filterChips(query: ListQuery, choices: ListFiltersProps['choices'], words: ChipWords): Chip[] {
  const named = (key: FilterKey, label: string | undefined): Chip[] =>
    query[key] === undefined ? [] : [{ key, label: label ?? String(query[key]), without: { [key]: undefined } }];
  return [
    ...named('family', choices.families.find((each) => each.slug === query.family)?.name),
    ...named('occasion', choices.occasions.find((each) => String(each.id) === query.occasion)?.name),
    ...named('gender', query.gender && words.gender(query.gender)),
    ...named('concentration', choices.concentrations.find((each) => each.value.toLowerCase() === query.concentration?.toLowerCase())?.name),
    ...named('size', choices.sizes.find((each) => each.ml === query.size)?.name),
    ...(query.price_min !== undefined || query.price_max !== undefined
      ? [{ key: 'price', label: words.price(query.price_min, query.price_max), without: { price_min: undefined, price_max: undefined } }]
      : []),
    ...(query.notes ?? []).map((slug) => {
      const rest = query.notes!.filter((each) => each !== slug);
      return {
        key: `note-${slug}`,
        label: choices.notes.find((each) => each.slug === slug)?.name ?? slug,
        without: { notes: rest.length > 0 ? rest : undefined },
      };
    }),
  ];
}
