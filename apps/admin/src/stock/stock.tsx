/**
 * Stock (decision 0018, 0019), for owners, managers and fulfilment: every size searched by name, slug or SKU with its
 * adjustment, the low-stock list in its own tab, and a product's page with its sizes and its stock ledger (Cairo time,
 * the change with its sign, the stock after it, the order and the staff member).
 */
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useLowStock, useStockLedger, useStockSizes, LEDGER_PAGE_SIZE, STOCK_PAGE_SIZE } from './api';
import { nameIn } from '../components/form-parts';
import { SizesMl } from '../catalogue/catalogue-parts';
import { StockGate, StockTable } from './stock-parts';
import { BackLink, ErrorNotice, ListTable, Loading, Ltr, Notice, Pager, Panel, QuerySearch } from '../components/ui';
import { formatChange, formatDate, formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';

const productStockRoute = getRouteApi('/frame/stock/$id');
const stockRoute = getRouteApi('/frame/stock');

export const StockPage = () => (
  <StockGate>
    <StockScreen />
  </StockGate>
);

export const ProductStockPage = () => (
  <StockGate>
    <ProductStock />
  </StockGate>
);

const pageCount = (count: number | undefined, size: number) => Math.max(1, Math.ceil((count ?? 0) / size));

function StockScreen() {
  const { t } = useI18n();
  const search = stockRoute.useSearch();
  const tab = (current: boolean) => ({
    className: `inline-flex min-h-10 items-center border-b-2 px-3 text-sm ${current ? 'border-gold text-gold' : 'border-transparent text-mist hover:text-cream'}`,
    'aria-current': current ? ('page' as const) : undefined,
  });
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('stockTitle')}</h1>
      <nav aria-label={t('stockTitle')} className="flex gap-1 border-b border-line">
        <Link to="/stock" search={{}} activeOptions={{ exact: true }} {...tab(search.view !== 'low')}>
          {t('stockTab_all')}
        </Link>
        <Link to="/stock" search={{ view: 'low' }} {...tab(search.view === 'low')}>
          {t('stockTab_low')}
        </Link>
      </nav>
      {search.view === 'low' ? <LowStock /> : <AllSizes />}
    </div>
  );
}

function AllSizes() {
  const { t } = useI18n();
  const search = stockRoute.useSearch();
  const navigate = useNavigate({ from: '/stock' });
  const sizes = useStockSizes({ q: search.q, page: search.page });
  return (
    <>
      <QuerySearch q={search.q} placeholder={t('productSearchPlaceholder')} onSearch={(q) => void navigate({ search: q ? { q } : {} })} />
      {sizes.data && <p className="text-mist">{t('stockCount', { count: sizes.data.count })}</p>}
      <ErrorNotice error={sizes.error} />
      {sizes.data && sizes.data.count > 0 && <StockTable rows={sizes.data.results} withProduct />}
      {sizes.data?.count === 0 && <p className="text-mist">{t('noStockRows')}</p>}
      {sizes.isPending && <Loading />}
      <Pager
        page={search.page ?? 1}
        pages={pageCount(sizes.data?.count, STOCK_PAGE_SIZE)}
        onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page }) })}
      />
    </>
  );
}

function LowStock() {
  const { t } = useI18n();
  const low = useLowStock();
  return (
    <>
      <p className="text-sm text-mist">{t('lowStockHint')}</p>
      <ErrorNotice error={low.error} />
      {low.isPending && <Loading />}
      {low.data?.length === 0 && <Notice tone="success">{t('noLowStock')}</Notice>}
      {low.data && low.data.length > 0 && <StockTable rows={low.data} withProduct />}
    </>
  );
}

function ProductStock() {
  const { t, locale } = useI18n();
  const { id } = productStockRoute.useParams();
  const sizes = useStockSizes({ product: id });
  const rows = sizes.data?.results ?? [];
  const first = rows[0];
  return (
    <div className="flex max-w-5xl flex-col gap-4">
      <BackLink to="/stock">{t('backToStock')}</BackLink>
      <ErrorNotice error={sizes.error} />
      {sizes.isPending && <Loading />}
      {sizes.data?.count === 0 && <Notice tone="error">{t('notFound')}</Notice>}
      {first && (
        <>
          <h1 className="text-2xl font-semibold">{t('productStockTitle', { name: nameIn(first, locale) })}</h1>
          <Panel title={t('sizesTitle')}>
            <StockTable rows={rows} withProduct={false} />
          </Panel>
          <Panel title={t('ledgerTitle')}>
            <Ledger productId={id} />
          </Panel>
        </>
      )}
    </div>
  );
}

function Ledger({ productId }: { productId: number }) {
  const { t, locale } = useI18n();
  const { page = 1 } = productStockRoute.useSearch();
  const navigate = useNavigate({ from: '/stock/$id' });
  const ledger = useStockLedger(productId, page);
  const labels = [
    t('columnDate'),
    t('columnSize'),
    t('reason'),
    t('columnStockChange'),
    t('columnStockAfter'),
    t('columnOrder'),
    t('columnStaff'),
    t('columnNote'),
  ];
  return (
    <div className="flex flex-col gap-3">
      <ErrorNotice error={ledger.error} />
      {ledger.isPending && <Loading />}
      {ledger.data?.count === 0 && <p className="text-mist">{t('noLedgerRows')}</p>}
      {ledger.data && ledger.data.count > 0 && (
        <ListTable labels={labels}>
          {ledger.data.results.map((movement) => (
            <tr key={movement.id} className="border-t border-line align-top" data-testid="ledger-row">
              <td className="px-3 py-2 whitespace-nowrap">{formatDate(locale, movement.at)}</td>
              <td className="px-3 py-2">{movement.ml === null ? t('removedSize') : <SizesMl ml={[movement.ml]} />}</td>
              <td className="px-3 py-2">{t(`stockReason_${movement.reason}`)}</td>
              <td className={`px-3 py-2 tabular-nums ${movement.change < 0 ? 'text-danger' : 'text-emerald-300'}`}>
                <Ltr>{formatChange(locale, movement.change)}</Ltr>
              </td>
              <td className="px-3 py-2 tabular-nums">{formatNumber(locale, movement.stock_after)}</td>
              <td className="px-3 py-2">{movement.order_number && <Ltr>{movement.order_number}</Ltr>}</td>
              <td className="px-3 py-2">{movement.staff?.name}</td>
              <td className="px-3 py-2">{movement.note}</td>
            </tr>
          ))}
        </ListTable>
      )}
      <Pager
        page={page}
        pages={pageCount(ledger.data?.count, LEDGER_PAGE_SIZE)}
        onPage={(next) => void navigate({ search: { page: next } })}
      />
    </div>
  );
}
