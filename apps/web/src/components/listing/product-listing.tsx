import { getLocale, getTranslations } from 'next-intl/server';
import type { Family, Occasion } from '@attar/contract';
import { PAGE_SIZE_DEFAULT } from '@attar/contract/rules';
import { listFamilies, listOccasions, listProducts, type ProductFilters } from '@/lib/api/catalog';
import { formatNumber } from '@/i18n/locales';
import { visitorInEgypt } from '@/lib/country.server';
import type { ListQuery } from '@/lib/list-query';
import { productItem } from '../product/catalogue-item';
import { ProductGrid } from '../product/product-grid';
import { ListFilters } from './list-filters';
import { ListHeading } from './list-heading';
import { Pagination } from './pagination';

type ProductListingProps = {
  /** The page's path without locale (pagination and filter links stay on it). */
  pathname: string;
  title: string;
  query: ListQuery;
  /** Filters the page itself adds (type=bullet, is_new=true). */
  fixed?: Pick<ProductFilters, 'type' | 'is_new'>;
};

/** Reference lists for the filter form; a failure only hides those choices. */
async function filterChoices(locale: string): Promise<{ families: Family[]; occasions: Occasion[] }> {
  const [families, occasions] = await Promise.all([listFamilies(locale).catch(() => []), listOccasions(locale).catch(() => [])]);
  return { families, occasions };
}

export async function ProductListing({ pathname, title, query, fixed }: ProductListingProps) {
  const locale = await getLocale();
  const t = await getTranslations('common.list');
  const { page, ...filters } = query;
  const [products, choices, showPrice] = await Promise.all([
    listProducts({ ...filters, ...fixed, page, page_size: PAGE_SIZE_DEFAULT }, locale),
    filterChoices(locale),
    visitorInEgypt(),
  ]);
  const pages = Math.max(1, Math.ceil(products.count / PAGE_SIZE_DEFAULT));

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:px-6">
      <ListHeading title={title} count={t('count', { count: products.count, shown: formatNumber(products.count, locale) })} />
      <ListFilters pathname={pathname} query={query} {...choices} />
      {products.results.length > 0 ? (
        <ProductGrid items={products.results.map(productItem)} showPrice={showPrice} />
      ) : (
        <p className="rounded-2xl border border-line bg-night p-10 text-center text-mist">{t('empty')}</p>
      )}
      <Pagination pathname={pathname} query={query} pages={pages} />
    </div>
  );
}
