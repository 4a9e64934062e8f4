import { getLocale, getTranslations } from 'next-intl/server';
import { PAGE_SIZE_DEFAULT } from '@attar/contract/rules';
import {
  getNoResults,
  listConcentrations,
  listFamilies,
  listNotes,
  listOccasions,
  listProducts,
  listSizes,
  searchProducts,
  type ProductFilters,
} from '@/lib/api/catalog';
import { formatNumber } from '@/i18n/locales';
import { visitorInEgypt } from '@/lib/country.server';
import { Link } from '@/i18n/navigation';
import { apiFilters, knownQuery, listHref, type KnownValues, type ListQuery } from '@/lib/list-query';
import { ProductRail } from '../home/product-rail';
import { productItem, productItemFor } from '../product/catalogue-item';
import { ProductGrid } from '../product/product-grid';
import { ListFilters } from './list-filters';
import { ListHeading } from './list-heading';
import { Pagination } from './pagination';
import { LazySearchResults } from './lazy-search-results';

type ProductListingProps = {
  /** The page's path without locale (pagination and filter links stay on it). */
  pathname: string;
  title: string;
  query: ListQuery;
  /** Filters the page itself adds (type=bullet, is_new=true). */
  fixed?: Pick<ProductFilters, 'type' | 'is_new'>;
};

/** Reference lists for the filter form; a failure only hides those choices (the query's values for them are kept). */
async function filterChoices(locale: string) {
  const [families, occasions, notes, concentrations, sizes] = await Promise.all([
    listFamilies(locale).catch(() => undefined),
    listOccasions(locale).catch(() => undefined),
    listNotes(locale).catch(() => undefined),
    listConcentrations(locale).catch(() => undefined),
    listSizes(locale).catch(() => undefined),
  ]);
  const known: KnownValues = {
    family: families?.map((each) => each.slug),
    occasion: occasions?.map((each) => String(each.id)),
    notes: notes?.map((each) => each.slug),
    concentration: concentrations?.map((each) => each.value),
    size: sizes?.map((each) => String(each.ml)),
  };
  return {
    choices: {
      families: families ?? [],
      occasions: occasions ?? [],
      notes: notes ?? [],
      concentrations: concentrations ?? [],
      sizes: sizes ?? [],
    },
    known,
  };
}

export async function ProductListing({ pathname, title, query: asked, fixed }: ProductListingProps) {
  const locale = await getLocale();
  const t = await getTranslations('common.list');
  const [{ choices, known }, showPrice] = await Promise.all([filterChoices(locale), visitorInEgypt()]);
  // Values the shop does not offer are dropped before the API, the chips and the form see the query.
  const { page, ...filters } = knownQuery(asked, known);
  const asking = { ...apiFilters(filters), ...fixed, page, page_size: PAGE_SIZE_DEFAULT };
  // A search's first page is counted by the API, which names the search; its links keep the name (decision 0045).
  const { products, searchId } =
    filters.search !== undefined && page === 1
      ? await searchProducts(asking, locale, filters.search_id)
      : { products: await listProducts(asking, locale), searchId: filters.search_id };
  const query: ListQuery = { page, ...filters, search_id: searchId };
  const grid = (
    <ProductGrid
      items={products.results.map((product) =>
        // Every card opens on a size the filters matched it by, with that size's price (and adds that size).
        productItemFor(product, { ml: query.size, priceMin: query.price_min, priceMax: query.price_max }),
      )}
      showPrice={showPrice}
    />
  );
  const pages = Math.max(1, Math.ceil(products.count / PAGE_SIZE_DEFAULT));

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:px-6">
      <ListHeading title={title} count={t('count', { count: products.count, shown: formatNumber(products.count, locale) })} />
      <ListFilters
        pathname={pathname}
        query={query}
        choices={choices}
        count={products.count}
        showPrice={showPrice}
        understood={products.understood}
      >
        {searchId !== undefined && <LazySearchResults searchId={searchId} />}
        {products.results.length > 0 ? (
          <>
            {products.did_you_mean !== undefined && (
              <DidYouMean pathname={pathname} suggestion={products.did_you_mean} className="mb-4 text-mist" />
            )}
            {searchId === undefined ? grid : <div data-search-results>{grid}</div>}
          </>
        ) : (
          <NothingFound pathname={pathname} query={query} showPrice={showPrice} />
        )}
        <Pagination pathname={pathname} query={query} pages={pages} />
      </ListFilters>
    </div>
  );
}

/** An empty list: "did you mean" for a misspelt search, and what other shoppers are buying. */
async function NothingFound({ pathname, query, showPrice }: { pathname: string; query: ListQuery; showPrice: boolean }) {
  const locale = await getLocale();
  const t = await getTranslations('common.list');
  const help = query.search ? await getNoResults(query.search, locale).catch(() => null) : null;
  return (
    <>
      <div className="flex flex-col gap-3 rounded-2xl border border-line bg-night p-10 text-center text-mist">
        <p>{t('empty')}</p>
        {help?.did_you_mean && <DidYouMean pathname={pathname} suggestion={help.did_you_mean} className="text-cream" />}
      </div>
      {help && (
        <ProductRail id="popular" title={t('popular')} href="/fragrances" items={help.popular.map(productItem)} showPrice={showPrice} />
      )}
    </>
  );
}

/** "Did you mean …?": the search spelt anew (its words in their own direction), as a link that searches it. */
async function DidYouMean({ pathname, suggestion, className }: { pathname: string; suggestion: string; className: string }) {
  const t = await getTranslations('common.list');
  return (
    <p className={className}>
      {t.rich('didYouMean', {
        suggestion,
        link: (chunks) => (
          <Link href={listHref(pathname, { page: 1, search: suggestion }, {})} className="font-semibold text-link">
            <bdi>{chunks}</bdi>
          </Link>
        ),
      })}
    </p>
  );
}
