import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { Concentration, Family, Locale, Note, Occasion, SearchIntent, Size } from '@attar/contract';
import { GENDERS, PRODUCT_ORDERINGS } from '@attar/contract';
import { formatNumber } from '@/i18n/locales';
import { Link } from '@/i18n/navigation';
import { FILTER_KEYS, listHref, type FilterKey, type ListQuery } from '@/lib/list-query';
import { localizedHref } from '@/lib/seo';
import { CloseIcon } from '../icons';
import { usePriceText } from '../price';
import type { FilterChoices, FilterOption, FilterTexts } from './filter-choices';
import { FilterForm } from './filter-form';

type ListFiltersProps = {
  pathname: string;
  query: ListQuery;
  choices: { families: Family[]; occasions: Occasion[]; notes: Note[]; concentrations: Concentration[]; sizes: Size[] };
  count: number;
  showPrice: boolean;
  /** The filters the API read from the search's words: chips too, each removed by searching without its words. */
  understood?: SearchIntent[];
  /** The products and their pages, beside the filters from 1024 px and below the chips. */
  children: ReactNode;
};

/**
 * The form that sets the filters (filter-form.tsx): a column at the inline start from 1024 px, above the products on
 * a tablet, a sheet on a phone. Beside it, the filters set as removable chips above the products.
 */
export function ListFilters({ pathname, query, choices, count, showPrice, understood = [], children }: ListFiltersProps) {
  const t = useTranslations('common');
  const locale = useLocale() as Locale;
  const priceText = usePriceText();
  const options: FilterChoices = {
    families: choices.families.map((each) => ({ value: each.slug, name: each.name })),
    occasions: choices.occasions.map((each) => ({ value: String(each.id), name: each.name })),
    notes: choices.notes.map((each) => ({ value: each.slug, name: each.name })),
    concentrations: choices.concentrations,
    sizes: choices.sizes.map((each) => ({ value: String(each.ml), name: each.name })),
    genders: GENDERS.map((value) => ({ value, name: t(`product.genders.${value}`) })),
    orderings: PRODUCT_ORDERINGS.map((value) => ({ value, name: t(`list.orderings.${value}`) })),
  };
  const priceWords: PriceWords = (min, max) =>
    min !== undefined && max !== undefined
      ? t('list.priceRange', { min: priceText(min), max: priceText(max) })
      : min !== undefined
        ? t('list.priceFrom', { price: priceText(min) })
        : t('list.priceUpTo', { price: priceText(max!) });
  const base = { ...query, page: 1 };
  const filtersSet = filterChips(query, options, priceWords);
  const chips = [
    ...filtersSet,
    ...understood.map((intent) => ({
      key: `read-${intent.kind}`,
      label: intentLabel(intent, options, priceWords, (type) => t(`list.types.${type}`)),
      without: { search: intent.search || undefined },
    })),
  ];
  const cleared = Object.fromEntries(FILTER_KEYS.map((key) => [key, undefined])) as Partial<ListQuery>;
  return (
    <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start lg:gap-8">
      <FilterForm
        pathname={pathname}
        action={localizedHref(locale, pathname)}
        query={query}
        choices={options}
        texts={filterTexts(t, locale, { products: count, set: chips.length, notes: options.notes.length })}
        showPrice={showPrice}
      />
      <div>
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
            {filtersSet.length > 0 && (
              <Link href={listHref(pathname, base, cleared)} className="text-sm text-link">
                {t('list.clear')}
              </Link>
            )}
          </div>
        )}
        {children}
      </div>
    </div>
  );
}

/** The filter form's texts, with the page's counts: products matching, filters set (chips), notes offered. */
function filterTexts(
  t: ReturnType<typeof useTranslations<'common'>>,
  locale: Locale,
  counts: { products: number; set: number; notes: number },
): FilterTexts {
  return {
    any: t('list.any'),
    openFilters: counts.set > 0 ? t('list.openFiltersCount', { count: formatNumber(counts.set, locale) }) : t('list.openFilters'),
    filters: t('list.filters'),
    closeFilters: t('list.closeFilters'),
    sort: t('list.sort'),
    defaultOrder: t('list.orderings.default'),
    notes: t('list.notes'),
    searchNotes: t('list.searchNotes'),
    noNoteMatches: t('list.noNoteMatches'),
    showFewerNotes: t('list.showFewerNotes'),
    showAllNotes: t('list.showAllNotes', { count: counts.notes, shown: formatNumber(counts.notes, locale) }),
    family: t('list.family'),
    gender: t('list.gender'),
    occasion: t('list.occasion'),
    concentration: t('list.concentration'),
    size: t('list.size'),
    price: t('list.price'),
    priceMin: t('list.priceMin'),
    priceMax: t('list.priceMax'),
    showResults: t('list.showResults', { count: counts.products, shown: formatNumber(counts.products, locale) }),
    apply: t('list.apply'),
  };
}

type Chip = { key: string; label: string; without: Partial<ListQuery> };
type PriceWords = (min: number | undefined, max: number | undefined) => string;
type ProductTypeName = (type: 'perfume' | 'deodorant' | 'bullet') => string;

/** A filter read from the search's words, named as the form names that choice. */
function intentLabel(intent: SearchIntent, options: FilterChoices, priceWords: PriceWords, typeName: ProductTypeName): string {
  const value = String(intent.value);
  const named = (choices: FilterOption[]) => choices.find((each) => each.value.toLowerCase() === value.toLowerCase())?.name ?? value;
  switch (intent.kind) {
    case 'gender':
      return named(options.genders);
    case 'concentration':
      return named(options.concentrations);
    case 'size':
      return named(options.sizes);
    case 'type':
      return typeName(value as 'perfume');
    case 'price_max':
      return priceWords(undefined, Number(intent.value));
    case 'price_min':
      return priceWords(Number(intent.value), undefined);
  }
}

/** One chip per filter set (one per note), named as the form names its choice; removing it keeps the others. */
function filterChips(query: ListQuery, options: FilterChoices, priceWords: PriceWords): Chip[] {
  const named = (key: FilterKey, choices: FilterOption[]): Chip[] => {
    const value = query[key];
    if (value === undefined) return [];
    const label = choices.find((each) => each.value.toLowerCase() === String(value).toLowerCase())?.name ?? String(value);
    return [{ key, label, without: { [key]: undefined } }];
  };
  return [
    ...named('family', options.families),
    ...named('occasion', options.occasions),
    ...named('gender', options.genders),
    ...named('concentration', options.concentrations),
    ...named('size', options.sizes),
    ...(query.price_min !== undefined || query.price_max !== undefined
      ? [{ key: 'price', label: priceWords(query.price_min, query.price_max), without: { price_min: undefined, price_max: undefined } }]
      : []),
    ...(query.notes ?? []).map((slug) => {
      const rest = query.notes!.filter((each) => each !== slug);
      return {
        key: `note-${slug}`,
        label: options.notes.find((each) => each.value === slug)?.name ?? slug,
        without: { notes: rest.length > 0 ? rest : undefined },
      };
    }),
  ];
}
