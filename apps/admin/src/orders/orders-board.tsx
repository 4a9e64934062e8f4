/**
 * The orders board: status tabs with counts, filters kept in the address (a link reproduces the view), server-side
 * sorting and paging (TanStack Table in manual mode), selection for bulk actions, and polling for new orders.
 */
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  useReactTable,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  ORDER_STATUSES,
  PAYMENT_METHODS,
  staffMay,
  type OrderStatus,
  type StaffBulkAction,
  type StaffBulkResult,
  type StaffOrderRow,
} from '@attar/contract';
import { useSession } from '../api/session';
import { BOARD_PAGE_SIZE, useBoard, useBulkAction } from './api';
import { useRegions } from '../content/api';
import { HandOverDialog } from './hand-over-dialog';
import { TableRows } from '../components/table-rows';
import { useToast } from '../components/toasts';
import { UnansweredChip } from './order-confirmation';
import {
  Button,
  buttonClass,
  ErrorNotice,
  Field,
  SearchField,
  Loading,
  Ltr,
  Money,
  Notice,
  Pager,
  Select,
  StatusChip,
} from '../components/ui';
import { formatDate, formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import type { BoardSearch } from '../lib/search';

const ordersRoute = getRouteApi('/frame/orders');

const column = createColumnHelper<StaffOrderRow>();
type SortableColumn = 'created_at' | 'total';
const DEFAULT_SORT = '-created_at';

/** The API's `sort` ('-total') as the table's sorting state, and back. */
const toSorting = (sort: BoardSearch['sort']): SortingState => {
  const value = sort ?? DEFAULT_SORT;
  return [{ id: value.replace(/^-/, ''), desc: value.startsWith('-') }];
};
const fromSorting = (sorting: SortingState): BoardSearch['sort'] => {
  const [first] = sorting;
  if (!first) return undefined;
  const id = first.id as SortableColumn;
  return first.desc ? `-${id}` : id;
};

export function OrdersBoard() {
  const { t, locale } = useI18n();
  const search = ordersRoute.useSearch();
  const navigate = useNavigate({ from: '/orders' });
  const role = useSession().data?.staff.role;
  const board = useBoard(search);
  const regions = useRegions();
  const [selection, setSelection] = useState<RowSelectionState>({});
  const panelId = useId();

  const setSearch = (patch: Partial<BoardSearch>) => {
    setSelection({});
    void navigate({ search: (previous) => ({ ...previous, page: undefined, ...patch }) });
  };
  const sorting = toSorting(search.sort);
  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    setSearch({ sort: fromSorting(next) });
  };

  const columns = useMemo(
    () => [
      column.display({
        id: 'select',
        header: ({ table }) => (
          <input
            type="checkbox"
            className="size-4 accent-gold"
            aria-label={t('selectAll')}
            checked={table.getIsAllRowsSelected()}
            onChange={table.getToggleAllRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => (
          <input
            type="checkbox"
            className="size-4 accent-gold"
            aria-label={t('selectOrder', { number: row.original.order_number })}
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
          />
        ),
      }),
      column.accessor('order_number', {
        header: () => t('columnOrder'),
        cell: (info) => (
          <Link to="/orders/$id" params={{ id: info.row.original.id }} className="font-medium text-gold underline-offset-2 hover:underline">
            <Ltr>{info.getValue()}</Ltr>
          </Link>
        ),
      }),
      column.accessor('created_at', {
        header: () => t('columnDate'),
        enableSorting: true,
        sortDescFirst: true,
        cell: (info) => formatDate(locale, info.getValue()),
      }),
      column.accessor('customer_name', {
        header: () => t('columnCustomer'),
        cell: (info) => (
          <span className="flex flex-col">
            <bdi>{info.getValue()}</bdi>
            <span className="text-xs text-mist">
              <Ltr>{info.row.original.customer_phone}</Ltr>
            </span>
          </span>
        ),
      }),
      column.accessor((row) => row.region.name, { id: 'region', header: () => t('columnGovernorate') }),
      column.accessor('payment_method', {
        header: () => t('columnPayment'),
        cell: (info) => <PaymentSummary row={info.row.original} />,
      }),
      column.accessor('items', { header: () => t('columnItems'), cell: (info) => formatNumber(locale, info.getValue()) }),
      column.accessor('total', {
        header: () => t('columnTotal'),
        enableSorting: true,
        sortDescFirst: true,
        cell: (info) => <Money value={info.getValue()} />,
      }),
      column.accessor('status', {
        header: () => t('columnStatus'),
        cell: (info) => (
          <span className="flex flex-wrap gap-1">
            <StatusChip status={info.getValue()} />
            <UnansweredChip row={info.row.original} />
          </span>
        ),
      }),
    ],
    [t, locale],
  );
  const rows = board.data?.results ?? [];
  // The app does not run the React Compiler, so TanStack Table's unmemoisable functions are fine here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.id),
    manualPagination: true,
    manualSorting: true,
    // Only the columns the API sorts by (date, total) say otherwise.
    defaultColumn: { enableSorting: false },
    enableMultiSort: false,
    enableSortingRemoval: false,
    state: { rowSelection: selection, sorting },
    onRowSelectionChange: setSelection,
    onSortingChange,
  });
  const selected = rows.filter((row) => selection[String(row.id)]);
  const pages = Math.max(1, Math.ceil((board.data?.count ?? 0) / BOARD_PAGE_SIZE));
  const activeStatus = search.status && !search.status.includes(',') ? search.status : 'all';

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-semibold">{t('ordersTitle')}</h1>
        {board.data && <span className="text-mist">{t('ordersCount', { count: board.data.count })}</span>}
      </div>
      <NewOrdersNotice waiting={board.data?.waiting} />

      <StatusTabs
        active={activeStatus}
        counts={board.data?.counts}
        panelId={panelId}
        onChoose={(status) => setSearch({ status: status === 'all' ? undefined : status })}
      />

      <div id={panelId} role="tabpanel" aria-labelledby={`${panelId}-${activeStatus}`} className="flex flex-col gap-4">
        <Filters
          // A new address (a link, Clear, the back button) starts the form afresh from it.
          key={JSON.stringify(search)}
          search={search}
          regions={regions.data ?? []}
          onApply={setSearch}
          onClear={() => {
            setSelection({});
            void navigate({ search: {} });
          }}
        />

        {selected.length > 0 && role && (
          <BulkBar rows={selected} canFulfil={staffMay(role, 'fulfilOrders')} onDone={() => setSelection({})} />
        )}
        {board.isError && (
          <div className="flex flex-wrap items-center gap-3">
            <ErrorNotice error={board.error} />
            <Button onClick={() => void board.refetch()} disabled={board.isFetching}>
              {t('retry')}
            </Button>
          </div>
        )}

        <div className="hidden overflow-x-auto rounded-lg border border-line md:block">
          <table className="w-full text-sm">
            <thead className="bg-night text-mist">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    const canSort = header.column.getCanSort();
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        className="px-3 py-2 text-start font-medium whitespace-nowrap"
                        aria-sort={canSort ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                      >
                        {canSort ? (
                          <button
                            type="button"
                            className="inline-flex items-center gap-1 hover:text-gold"
                            onClick={header.column.getToggleSortingHandler()}
                          >
                            {flexRender(header.column.columnDef.header, header.getContext())}
                            <SortIcon direction={sorted} />
                          </button>
                        ) : (
                          flexRender(header.column.columnDef.header, header.getContext())
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <TableRows table={table} rowTestId="order-row" />
          </table>
        </div>

        <ul className="flex flex-col gap-2 md:hidden">
          {table.getRowModel().rows.map((tableRow) => (
            <OrderCard
              key={tableRow.id}
              row={tableRow.original}
              selected={tableRow.getIsSelected()}
              onSelect={tableRow.getToggleSelectedHandler()}
            />
          ))}
        </ul>
        {board.data?.count === 0 && <p className="text-mist">{t('noOrders')}</p>}
        {board.isPending && <Loading />}

        <Pager page={search.page ?? 1} pages={pages} onPage={(page) => setSearch({ page })} />
      </div>
    </div>
  );
}

/** An order on a phone: the same link, selection and essentials as a table row, nothing to scroll sideways. */
function OrderCard({ row, selected, onSelect }: { row: StaffOrderRow; selected: boolean; onSelect(event: unknown): void }) {
  const { t, locale } = useI18n();
  return (
    <li className="flex gap-3 rounded-lg border border-line bg-night p-3">
      <input
        type="checkbox"
        className="mt-1 size-5 shrink-0 accent-gold"
        aria-label={t('selectOrder', { number: row.order_number })}
        checked={selected}
        onChange={onSelect}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-center justify-between gap-2">
          <Link to="/orders/$id" params={{ id: row.id }} className="font-medium text-gold underline-offset-2 hover:underline">
            <Ltr>{row.order_number}</Ltr>
          </Link>
          <span className="flex flex-wrap gap-1">
            <StatusChip status={row.status} />
            <UnansweredChip row={row} />
          </span>
        </div>
        <p className="text-sm text-mist">
          <bdi>{row.customer_name}</bdi> · <Ltr>{row.customer_phone}</Ltr> · {row.region.name}
        </p>
        <div className="flex items-end justify-between gap-2 text-sm">
          <span className="text-mist">{formatDate(locale, row.created_at)}</span>
          <span className="flex flex-col items-end">
            <Money value={row.total} />
            <PaymentSummary row={row} />
          </span>
        </div>
      </div>
    </li>
  );
}

function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 10 14" className="h-3.5 w-2.5" fill="currentColor">
      <path d="M5 1 9 6H1z" opacity={direction === 'asc' ? 1 : 0.3} />
      <path d="M5 13 1 8h8z" opacity={direction === 'desc' ? 1 : 0.3} />
    </svg>
  );
}

function PaymentSummary({ row }: { row: StaffOrderRow }) {
  const { t } = useI18n();
  return (
    <span className="flex flex-col text-xs">
      <span>{t(`payment_${row.payment_method}`)}</span>
      <span className={row.paid ? 'text-emerald-300' : 'text-mist'}>{row.paid ? t('paidYes') : t('paidNo')}</span>
    </span>
  );
}

type TabStatus = OrderStatus | 'all';
const TABS: readonly TabStatus[] = ['all', ...ORDER_STATUSES];

/** The status tabs: one tab stop, arrow keys move along them (mirrored in Arabic), Home and End jump to the ends. */
function StatusTabs({
  active,
  counts,
  panelId,
  onChoose,
}: {
  active: string;
  counts: Partial<Record<OrderStatus, number>> | undefined;
  panelId: string;
  onChoose(status: TabStatus): void;
}) {
  const { t, locale } = useI18n();
  const tabs = useRef<Record<string, HTMLButtonElement | null>>({});
  const total = Object.values(counts ?? {}).reduce((sum, count) => sum + count, 0);
  const move = (event: KeyboardEvent, from: number) => {
    const forward = locale === 'ar' ? 'ArrowLeft' : 'ArrowRight';
    const back = locale === 'ar' ? 'ArrowRight' : 'ArrowLeft';
    const to = { [forward]: from + 1, [back]: from - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const status = TABS[(to + TABS.length) % TABS.length]!;
    tabs.current[status]?.focus();
    onChoose(status);
  };
  return (
    <div role="tablist" aria-label={t('columnStatus')} className="flex gap-1 overflow-x-auto border-b border-line pb-1">
      {TABS.map((status, index) => {
        const selected = status === active;
        // No count until the counts have come: "(0)" while loading or after a failure would say the tab is empty.
        const count = counts === undefined ? null : status === 'all' ? total : (counts[status] ?? 0);
        return (
          <button
            key={status}
            ref={(element) => {
              tabs.current[status] = element;
            }}
            id={`${panelId}-${status}`}
            role="tab"
            type="button"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChoose(status)}
            onKeyDown={(event) => move(event, index)}
            className={`shrink-0 rounded-md px-3 py-1.5 text-sm ${selected ? 'bg-smoke text-gold' : 'text-mist hover:text-cream'}`}
          >
            {t(`status_${status}`)}
            {count !== null && <span className="tabular-nums"> ({formatNumber(locale, count)})</span>}
          </button>
        );
      })}
    </div>
  );
}

/** Says so when more orders are waiting for confirmation than at the last poll. */
function NewOrdersNotice({ waiting }: { waiting: number | undefined }) {
  const { t } = useI18n();
  const toast = useToast();
  const [shown, setShown] = useState(false);
  const lastWaiting = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (waiting === undefined) return;
    if (lastWaiting.current !== undefined && waiting > lastWaiting.current) {
      setShown(true);
      toast(t('newOrdersNotice'), 'info');
    }
    lastWaiting.current = waiting;
  }, [waiting, toast, t]);
  if (!shown) return null;
  return (
    <div className="flex items-center gap-3 rounded-md border border-gold/40 px-3 py-2 text-sm text-gold-bright">
      <span>{t('newOrdersNotice')}</span>
      <button type="button" className="ms-auto underline" onClick={() => setShown(false)}>
        {t('dismiss')}
      </button>
    </div>
  );
}

function Filters({
  search,
  regions,
  onApply,
  onClear,
}: {
  search: BoardSearch;
  regions: { id: number; name: string }[];
  onApply(patch: Partial<BoardSearch>): void;
  onClear(): void;
}) {
  const { t } = useI18n();
  const moreId = useId();
  const [showMore, setShowMore] = useState(
    Boolean(search.from || search.to || search.region || search.payment_method || search.paid || search.promo_code),
  );
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    const region = text('region');
    onApply({
      q: text('q'),
      from: text('from'),
      to: text('to'),
      region: region ? Number(region) : undefined,
      payment_method: text('payment_method') as BoardSearch['payment_method'],
      paid: text('paid') as BoardSearch['paid'],
      promo_code: text('promo_code'),
    });
  };
  return (
    <form onSubmit={apply} role="search" aria-label={t('filters')} className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-8">
      <SearchField placeholder={t('searchPlaceholder')} defaultValue={search.q} />
      {/* On a phone the search box comes first; the other filters fold away until asked for (or in use). */}
      <div id={moreId} className={`${showMore ? 'contents' : 'hidden'} md:contents`}>
        <Field label={t('dateFrom')} name="from" type="date" defaultValue={search.from ?? ''} />
        <Field label={t('dateTo')} name="to" type="date" defaultValue={search.to ?? ''} />
        {/* Mounted again once the governorates arrive, so the address's choice is selected; only this field restarts. */}
        <Select key={regions.length} label={t('governorate')} name="region" defaultValue={search.region ?? ''}>
          <option value="">{t('anyGovernorate')}</option>
          {regions.map((region) => (
            <option key={region.id} value={region.id}>
              {region.name}
            </option>
          ))}
        </Select>
        <Select label={t('paymentMethod')} name="payment_method" defaultValue={search.payment_method ?? ''}>
          <option value="">{t('anyPayment')}</option>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {t(`payment_${method}`)}
            </option>
          ))}
        </Select>
        <Select label={t('paid')} name="paid" defaultValue={search.paid ?? ''}>
          <option value="">{t('paidAny')}</option>
          <option value="yes">{t('paidYes')}</option>
          <option value="no">{t('paidNo')}</option>
        </Select>
        <Field label={t('promoCode')} name="promo_code" ltr defaultValue={search.promo_code ?? ''} />
      </div>
      <div className="col-span-2 flex items-end gap-2 md:col-span-4 xl:col-span-8">
        <Button variant="primary" type="submit">
          {t('search')}
        </Button>
        <Button onClick={onClear}>{t('clearFilters')}</Button>
        <Button className="ms-auto md:hidden" aria-expanded={showMore} aria-controls={moreId} onClick={() => setShowMore(!showMore)}>
          {t('moreFilters')}
        </Button>
      </div>
    </form>
  );
}

/**
 * What to do with the selected orders: confirm or pack them all (each with its version), hand the packed ones to a
 * courier, or print their slips.
 */
function BulkBar({ rows, canFulfil, onDone }: { rows: StaffOrderRow[]; canFulfil: boolean; onDone(): void }) {
  const { t, locale } = useI18n();
  const toast = useToast();
  const bulk = useBulkAction();
  const [result, setResult] = useState<StaffBulkResult | null>(null);
  const [handingOver, setHandingOver] = useState(false);
  const numbers = new Map(rows.map((row) => [row.id, row.order_number]));
  const packed = rows.filter((row) => row.status === 'packed');
  const run = (input: StaffBulkAction) =>
    bulk.mutate(input, {
      onSuccess: (answer) => {
        setResult(answer.failed.length ? answer : null);
        setHandingOver(false);
        toast(t('bulkDone', { done: formatNumber(locale, answer.done.length), failed: formatNumber(locale, answer.failed.length) }));
        if (!answer.failed.length) onDone();
      },
    });
  const versions = rows.map((row) => ({ id: row.id, version: row.version }));
  return (
    <div className="flex flex-col gap-2 rounded-md border border-gold/40 bg-smoke p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span>{t('selected', { count: rows.length })}</span>
        {canFulfil && (
          <>
            <Button onClick={() => run({ action: 'confirm', orders: versions })} disabled={bulk.isPending}>
              {t('bulkConfirm')}
            </Button>
            <Button onClick={() => run({ action: 'pack', orders: versions })} disabled={bulk.isPending}>
              {t('bulkPack')}
            </Button>
            <Button onClick={() => setHandingOver(true)} disabled={bulk.isPending || packed.length === 0}>
              {t('bulkHandOver')}
            </Button>
            <HandOverDialog
              rows={packed}
              skipped={rows.length - packed.length}
              open={handingOver}
              pending={bulk.isPending}
              error={handingOver ? bulk.error : null}
              onOpenChange={setHandingOver}
              onSubmit={run}
            />
          </>
        )}
        <Link
          to="/print"
          search={{ orders: rows.map((row) => row.id).join(','), doc: 'slip', paper: 'a4', lang: locale }}
          target="_blank"
          className={buttonClass()}
        >
          {t('bulkPrint')}
        </Link>
      </div>
      <ErrorNotice error={bulk.error} />
      {result && (
        <Notice tone="error">
          <ul>
            {result.failed.map((failure) => (
              <li key={failure.id}>
                <Ltr>{numbers.get(failure.id) ?? `#${failure.id}`}</Ltr>: {failure.detail}
              </li>
            ))}
          </ul>
        </Notice>
      )}
    </div>
  );
}
