/**
 * The catalogue's products, drafts and scheduled ones too, on the one data table: searched by name, slug or SKU,
 * filtered by category and state and ordered as the API offers, each applied as it is chosen and kept in the address,
 * paged by the API.
 */
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { PUBLICATION_STATES, STAFF_PRODUCT_ORDERINGS, type StaffProductRow, type StaffTerm } from '@attar/contract';
import { PRODUCTS_PAGE_SIZE, useStaffProducts, useTerms } from './api';
import { CatalogueGate, OtherName, PublicationChip, SizesMl, useTermChoices } from './catalogue-parts';
import { DataTable } from '../components/data-table';
import { nameIn } from '../components/form-parts';
import { ClearFilters, LiveFilterForm, LiveSearch } from '../components/live-filters';
import { buttonClass, ChoiceSelect, ErrorNotice, Money } from '../components/ui';
import { formatDate, formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import type { ProductsSearch } from '../lib/search';
import type { MessageKey } from '../messages/en';

const productsRoute = getRouteApi('/frame/catalogue/products');

export const ProductsPage = () => (
  <CatalogueGate>
    <ProductList />
  </CatalogueGate>
);

const ORDERING_LABELS: Record<(typeof STAFF_PRODUCT_ORDERINGS)[number], MessageKey> = {
  '-updated_at': 'orderingRecent',
  name: 'orderingName',
  price: 'orderingPriceLow',
  '-price': 'orderingPriceHigh',
  stock: 'orderingStock',
};

const column = createColumnHelper<StaffProductRow>();

function ProductList() {
  const { t } = useI18n();
  const search = productsRoute.useSearch();
  const navigate = useNavigate({ from: '/catalogue/products' });
  const products = useStaffProducts(search);
  const categories = useTerms('categories');
  const columns = useProductColumns(categories.data);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-semibold">{t('productsTitle')}</h1>
        {products.data && <span className="text-mist">{t('productsCount', { count: products.data.count })}</span>}
        <Link to="/catalogue/products/new" className={`${buttonClass('primary')} ms-auto`}>
          {t('newProduct')}
        </Link>
      </div>
      <Filters
        search={search}
        categories={categories.data ?? []}
        // A new filter starts again from the first page.
        onApply={(patch) => void navigate({ search: (previous) => ({ ...previous, page: undefined, ...patch }) })}
        onClear={() => void navigate({ search: {} })}
      />
      <ErrorNotice error={categories.error} />
      <DataTable
        label={t('productsTitle')}
        tableId="products"
        columns={columns}
        rows={products.data?.results}
        empty={t('noProducts')}
        error={products.error}
        onRetry={() => void products.refetch()}
        retrying={products.isFetching}
        paging={{
          page: search.page ?? 1,
          pageSize: PRODUCTS_PAGE_SIZE,
          count: products.data?.count,
          onPage: (page) => void navigate({ search: (previous) => ({ ...previous, page }) }),
        }}
        rowTestId="product-row"
      />
    </div>
  );
}

/**
 * A product's columns: its picture, its name in the screen's language (to its editor) with the other beneath, category,
 * sizes, price, stock, state and when it last changed. The picture, sizes and the change may be hidden.
 */
function useProductColumns(categories: StaffTerm[] | undefined) {
  const { t, locale } = useI18n();
  return useMemo(() => {
    const categoryName = (id: number) => {
      const found = categories?.find((category) => category.id === id);
      return found ? nameIn(found, locale) : '';
    };
    return [
      column.accessor('image_mobile', {
        header: t('columnPicture'),
        cell: (info) => <img src={info.getValue()} alt="" width={48} height={48} loading="lazy" className="size-12 rounded object-cover" />,
        meta: { optional: true },
      }),
      column.accessor((row) => nameIn(row, locale), {
        id: 'name',
        header: t('columnName'),
        cell: (info) => (
          <>
            <Link
              to="/catalogue/products/$id"
              params={{ id: info.row.original.id }}
              className="font-medium text-gold underline-offset-2 hover:underline"
            >
              {info.getValue()}
            </Link>
            <OtherName named={info.row.original} />
          </>
        ),
      }),
      column.accessor('category', { header: t('category'), cell: (info) => categoryName(info.getValue()) }),
      column.accessor('sizes', { header: t('columnSizes'), cell: (info) => <SizesMl ml={info.getValue()} />, meta: { optional: true } }),
      column.accessor('price', { header: t('columnPrice'), cell: (info) => <Money value={info.getValue()} /> }),
      column.accessor('stock', {
        header: t('columnStock'),
        cell: (info) => formatNumber(locale, info.getValue()),
        meta: { cellClassName: 'tabular-nums' },
      }),
      column.accessor('state', {
        header: t('columnState'),
        cell: (info) => <PublicationChip state={info.getValue()} publishAt={info.row.original.publish_at} />,
      }),
      column.accessor('updated_at', {
        header: t('columnChanged'),
        cell: (info) => formatDate(locale, info.getValue()),
        meta: { optional: true, cellClassName: 'whitespace-nowrap' },
      }),
    ];
  }, [t, locale, categories]);
}

/** The list's filters, each applied as it is chosen (the search once typing pauses). */
function Filters({
  search,
  categories,
  onApply,
  onClear,
}: {
  search: ProductsSearch;
  categories: StaffTerm[];
  onApply(patch: ProductsSearch): void;
  onClear(): void;
}) {
  const { t } = useI18n();
  const termChoices = useTermChoices();
  return (
    <LiveFilterForm className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-6">
      <LiveSearch q={search.q} placeholder={t('productSearchPlaceholder')} onSearch={(q) => onApply({ q })} />
      <ChoiceSelect
        label={t('category')}
        name="category"
        value={search.category ?? ''}
        onChange={(event) => onApply({ category: event.target.value ? Number(event.target.value) : undefined })}
        first={t('anyCategory')}
        choices={termChoices(categories)}
      />
      <ChoiceSelect
        label={t('publicationState')}
        name="state"
        value={search.state ?? ''}
        onChange={(event) => onApply({ state: (event.target.value || undefined) as ProductsSearch['state'] })}
        first={t('anyState')}
        choices={PUBLICATION_STATES.map((state) => ({ value: state, label: t(`pubState_${state}`) }))}
      />
      <ChoiceSelect
        label={t('ordering')}
        name="ordering"
        value={search.ordering ?? STAFF_PRODUCT_ORDERINGS[0]}
        onChange={(event) => {
          const ordering = event.target.value as NonNullable<ProductsSearch['ordering']>;
          // The API's own ordering needs no mention in the address.
          onApply({ ordering: ordering === STAFF_PRODUCT_ORDERINGS[0] ? undefined : ordering });
        }}
        className="col-span-2"
        choices={STAFF_PRODUCT_ORDERINGS.map((ordering) => ({ value: ordering, label: t(ORDERING_LABELS[ordering]) }))}
      />
      <ClearFilters className="col-span-2 md:col-span-4 xl:col-span-6" onClear={onClear} />
    </LiveFilterForm>
  );
}
