/**
 * The catalogue's products, drafts and scheduled ones too: searched by name, slug or SKU, filtered by category and
 * state, ordered and paged by the API (TanStack Table in manual mode), every choice kept in the address.
 */
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo, type FormEvent } from 'react';
import { PUBLICATION_STATES, STAFF_PRODUCT_ORDERINGS, type StaffProductRow, type StaffTerm } from '@attar/contract';
import { PRODUCTS_PAGE_SIZE, useStaffProducts, useTerms } from './api';
import { CatalogueGate, OtherName, PublicationChip, SizesMl, useTermChoices } from './catalogue-parts';
import { nameIn } from '../components/form-parts';
import { TableRows } from '../components/table-rows';
import { buttonClass, ChoiceSelect, ErrorNotice, FilterButtons, Loading, Money, Pager, SearchField } from '../components/ui';
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
  const { t, locale } = useI18n();
  const search = productsRoute.useSearch();
  const navigate = useNavigate({ from: '/catalogue/products' });
  const products = useStaffProducts(search);
  const categories = useTerms('categories');
  const pages = Math.max(1, Math.ceil((products.data?.count ?? 0) / PRODUCTS_PAGE_SIZE));

  const columns = useMemo(() => {
    const categoryName = (id: number) => {
      const found = categories.data?.find((category) => category.id === id);
      return found ? nameIn(found, locale) : '';
    };
    return [
      column.accessor('image_mobile', {
        header: () => t('columnPicture'),
        cell: (info) => <img src={info.getValue()} alt="" width={48} height={48} loading="lazy" className="size-12 rounded object-cover" />,
      }),
      column.accessor((row) => nameIn(row, locale), {
        id: 'name',
        header: () => t('columnName'),
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
      column.accessor('category', { header: () => t('category'), cell: (info) => categoryName(info.getValue()) }),
      column.accessor('sizes', { header: () => t('columnSizes'), cell: (info) => <SizesMl ml={info.getValue()} /> }),
      column.accessor('price', { header: () => t('columnPrice'), cell: (info) => <Money value={info.getValue()} /> }),
      column.accessor('stock', { header: () => t('columnStock'), cell: (info) => formatNumber(locale, info.getValue()) }),
      column.accessor('state', {
        header: () => t('columnState'),
        cell: (info) => <PublicationChip state={info.getValue()} publishAt={info.row.original.publish_at} />,
      }),
      column.accessor('updated_at', {
        header: () => t('columnChanged'),
        cell: (info) => <span className="whitespace-nowrap">{formatDate(locale, info.getValue())}</span>,
      }),
    ];
  }, [t, locale, categories.data]);

  // The app does not run the React Compiler, so TanStack Table's unmemoisable functions are fine here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: products.data?.results ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.id),
    manualPagination: true,
    manualSorting: true,
  });

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
        // A new address (a link, Clear, the back button) starts the form afresh from it; so do the categories loading.
        key={`${JSON.stringify(search)}:${categories.isSuccess}`}
        search={search}
        categories={categories.data ?? []}
        onApply={(filters) => void navigate({ search: filters })}
      />
      <ErrorNotice error={products.error ?? categories.error} />
      <div className="overflow-x-auto rounded-lg border border-line">
        <table className="w-full text-sm">
          <thead className="bg-night text-mist">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className="px-3 py-2 text-start font-medium whitespace-nowrap">
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <TableRows table={table} rowTestId="product-row" />
        </table>
      </div>
      {products.data?.count === 0 && <p className="text-mist">{t('noProducts')}</p>}
      {products.isPending && <Loading />}
      <Pager page={search.page ?? 1} pages={pages} onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page }) })} />
    </div>
  );
}

function Filters({
  search,
  categories,
  onApply,
}: {
  search: ProductsSearch;
  categories: StaffTerm[];
  onApply(filters: ProductsSearch): void;
}) {
  const { t } = useI18n();
  const termChoices = useTermChoices();
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    const category = text('category');
    const ordering = text('ordering') as ProductsSearch['ordering'];
    onApply({
      q: text('q'),
      category: category ? Number(category) : undefined,
      state: text('state') as ProductsSearch['state'],
      // The API's own ordering needs no mention in the address.
      ordering: ordering === STAFF_PRODUCT_ORDERINGS[0] ? undefined : ordering,
    });
  };
  return (
    <form onSubmit={apply} role="search" aria-label={t('filters')} className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-6">
      <SearchField placeholder={t('productSearchPlaceholder')} defaultValue={search.q} />
      <ChoiceSelect
        label={t('category')}
        name="category"
        defaultValue={search.category ?? ''}
        first={t('anyCategory')}
        choices={termChoices(categories)}
      />
      <ChoiceSelect
        label={t('publicationState')}
        name="state"
        defaultValue={search.state ?? ''}
        first={t('anyState')}
        choices={PUBLICATION_STATES.map((state) => ({ value: state, label: t(`pubState_${state}`) }))}
      />
      <ChoiceSelect
        label={t('ordering')}
        name="ordering"
        defaultValue={search.ordering ?? STAFF_PRODUCT_ORDERINGS[0]}
        className="col-span-2"
        choices={STAFF_PRODUCT_ORDERINGS.map((ordering) => ({ value: ordering, label: t(ORDERING_LABELS[ordering]) }))}
      />
      <FilterButtons className="col-span-2 md:col-span-4 xl:col-span-6" onClear={() => onApply({})} />
    </form>
  );
}
