/**
 * The orders board: status tabs with counts, filters kept in the address and applied as they are chosen (a link
 * reproduces the view) or from a saved view, the one data table with the API's sorting and paging, selection for bulk
 * actions, cards on a phone, and polling for new orders.
 */
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
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
import { CancelDialog, DeliverDialog } from './bulk-dialogs';
import { HandOverDialog } from './hand-over-dialog';
import { DataTable } from '../components/data-table';
import { DateField } from '../components/date-fields';
import { ClearFilters, LiveFilterForm, LiveField, LiveSearch } from '../components/live-filters';
import { useToast } from '../components/toasts';
import { TagChips } from '../components/tag-editor';
import { UnansweredChip } from './order-confirmation';
import { SavedViews } from './saved-views';
import { actionStartsFrom, type OrderAction } from './order-actions';
import { Button, buttonClass, ErrorNotice, Ltr, Money, Notice, Select, StatusChip } from '../components/ui';
import { formatDate, formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import type { BoardSearch } from '../lib/search';
import { readDay } from '../lib/typed-dates';

const ordersRoute = getRouteApi('/frame/orders');

const column = createColumnHelper<StaffOrderRow>();
const DEFAULT_SORT = '-created_at';

export function OrdersBoard() {
  const { t } = useI18n();
  const search = ordersRoute.useSearch();
  const navigate = useNavigate({ from: '/orders' });
  const role = useSession().data?.staff.role;
  const board = useBoard(search);
  const regions = useRegions();
  const [selected, setSelected] = useState<string[]>([]);
  const panelId = useId();
  const columns = useBoardColumns();

  /** A new filter, tab or sort: back to page 1, and nothing selected that the new view may not show. */
  const setSearch = (patch: Partial<BoardSearch>) => {
    setSelected([]);
    void navigate({ search: (previous) => ({ ...previous, page: undefined, ...patch }) });
  };
  const rows = board.data?.results;
  const selectedRows = (rows ?? []).filter((row) => selected.includes(String(row.id)));
  const activeStatus = search.status && !search.status.includes(',') ? search.status : 'all';

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-semibold">{t('ordersTitle')}</h1>
        {board.data && <span className="text-mist">{t('ordersCount', { count: board.data.count })}</span>}
        <div className="ms-auto">
          <SavedViews search={search} />
        </div>
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
          search={search}
          regions={regions.data ?? []}
          onApply={setSearch}
          onClear={() => {
            setSelected([]);
            void navigate({ search: {} });
          }}
        />

        {selectedRows.length > 0 && role && (
          <BulkBar
            rows={selectedRows}
            canFulfil={staffMay(role, 'fulfilOrders')}
            canCancel={staffMay(role, 'cancelOrders')}
            onDone={() => setSelected([])}
          />
        )}

        <DataTable
          label={t('ordersTitle')}
          tableId="orders"
          columns={columns}
          rows={rows}
          empty={t('noOrders')}
          error={board.error}
          onRetry={() => void board.refetch()}
          retrying={board.isFetching}
          sort={search.sort ?? DEFAULT_SORT}
          onSortChange={(sort) => setSearch({ sort: sort as BoardSearch['sort'] })}
          paging={{
            page: search.page ?? 1,
            pageSize: BOARD_PAGE_SIZE,
            count: board.data?.count,
            onPage: (page) => setSearch({ page }),
          }}
          selection={{
            selected,
            onChange: setSelected,
            rowLabel: (row) => t('selectOrder', { number: row.order_number }),
          }}
          rowTestId="order-row"
          card={(row) => <OrderCard row={row} />}
        />
      </div>
    </div>
  );
}

/**
 * An order's columns: its number (to its page), when, who with their phone, the governorate, payment, items, total and
 * status. Newest or largest first on the first click of date or total, the sorts the API offers.
 */
function useBoardColumns() {
  const { t, locale } = useI18n();
  return useMemo(
    () => [
      column.accessor('order_number', {
        header: t('columnOrder'),
        cell: (info) => (
          <span className="flex max-w-48 flex-col gap-1">
            <Link
              to="/orders/$id"
              params={{ id: info.row.original.id }}
              className="font-medium text-gold underline-offset-2 hover:underline"
            >
              <Ltr>{info.getValue()}</Ltr>
            </Link>
            <TagChips tags={info.row.original.tags} />
          </span>
        ),
      }),
      column.accessor('created_at', {
        header: t('columnDate'),
        enableSorting: true,
        sortDescFirst: true,
        cell: (info) => formatDate(locale, info.getValue()),
      }),
      column.accessor('customer_name', {
        header: t('columnCustomer'),
        cell: (info) => (
          <span className="flex flex-col">
            <bdi>{info.getValue()}</bdi>
            <span className="text-xs text-mist">
              <Ltr>{info.row.original.customer_phone}</Ltr>
            </span>
          </span>
        ),
      }),
      column.accessor((row) => row.region.name, { id: 'region', header: t('columnGovernorate'), meta: { optional: true } }),
      column.accessor('payment_method', {
        header: t('columnPayment'),
        cell: (info) => <PaymentSummary row={info.row.original} />,
        meta: { optional: true },
      }),
      column.accessor('items', {
        header: t('columnItems'),
        cell: (info) => formatNumber(locale, info.getValue()),
        meta: { optional: true, cellClassName: 'tabular-nums' },
      }),
      column.accessor('total', {
        header: t('columnTotal'),
        enableSorting: true,
        sortDescFirst: true,
        cell: (info) => <Money value={info.getValue()} />,
      }),
      column.accessor('status', {
        header: t('columnStatus'),
        cell: (info) => (
          <span className="flex flex-wrap gap-1">
            <StatusChip status={info.getValue()} />
            <UnansweredChip row={info.row.original} />
          </span>
        ),
        meta: { pinnedEnd: true },
      }),
    ],
    [t, locale],
  );
}

/** An order on a phone: the same link and essentials as a table row, nothing to scroll sideways. */
function OrderCard({ row }: { row: StaffOrderRow }) {
  const { locale } = useI18n();
  return (
    <div className="flex flex-col gap-1">
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
      <TagChips tags={row.tags} />
      <div className="flex items-end justify-between gap-2 text-sm">
        <span className="text-mist">{formatDate(locale, row.created_at)}</span>
        <span className="flex flex-col items-end">
          <Money value={row.total} />
          <PaymentSummary row={row} />
        </span>
      </div>
    </div>
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

const DATE_FILTERS = [
  { name: 'from', label: 'dateFrom' },
  { name: 'to', label: 'dateTo' },
] as const;

/**
 * The board's filters, each applied as it is chosen (the texts once typing pauses); on a phone the search box comes
 * first and the others fold away until asked for (or in use).
 */
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
    Boolean(
      search.from ||
      search.to ||
      search.region ||
      search.payment_method ||
      search.paid ||
      search.promo_code ||
      search.tag ||
      search.customer_tag,
    ),
  );
  const chosen = (value: string) => value || undefined;
  return (
    // Each filter at least 12rem wide, as many to a line as fit: a choice's words are never cut ("Any governorate").
    <LiveFilterForm className="grid grid-cols-2 gap-3 md:grid-cols-[repeat(auto-fill,minmax(12rem,1fr))]">
      <LiveSearch q={search.q} placeholder={t('searchPlaceholder')} onSearch={(q) => onApply({ q })} />
      <div id={moreId} className={`${showMore ? 'contents' : 'hidden'} md:contents`}>
        {DATE_FILTERS.map(({ name, label }) => (
          <DateField
            key={name}
            label={t(label)}
            value={search[name] ?? ''}
            // A day half typed filters nothing yet; emptied, the filter goes.
            onChange={(day) => (day === '' || readDay(day) === day) && onApply({ [name]: chosen(day) })}
          />
        ))}
        <Select
          label={t('governorate')}
          name="region"
          value={search.region ?? ''}
          onChange={(event) => onApply({ region: event.target.value ? Number(event.target.value) : undefined })}
        >
          <option value="">{t('anyGovernorate')}</option>
          {regions.map((region) => (
            <option key={region.id} value={region.id}>
              {region.name}
            </option>
          ))}
        </Select>
        <Select
          label={t('paymentMethod')}
          name="payment_method"
          value={search.payment_method ?? ''}
          onChange={(event) => onApply({ payment_method: chosen(event.target.value) as BoardSearch['payment_method'] })}
        >
          <option value="">{t('anyPayment')}</option>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {t(`payment_${method}`)}
            </option>
          ))}
        </Select>
        <Select
          label={t('paid')}
          name="paid"
          value={search.paid ?? ''}
          onChange={(event) => onApply({ paid: chosen(event.target.value) as BoardSearch['paid'] })}
        >
          <option value="">{t('paidAny')}</option>
          <option value="yes">{t('paidYes')}</option>
          <option value="no">{t('paidNo')}</option>
        </Select>
        <LiveField
          label={t('promoCode')}
          name="promo_code"
          ltr
          value={search.promo_code}
          onApply={(promo_code) => onApply({ promo_code })}
        />
        <LiveField label={t('tagFilter')} name="tag" value={search.tag} onApply={(tag) => onApply({ tag })} />
        <LiveField
          label={t('customerTagFilter')}
          name="customer_tag"
          value={search.customer_tag}
          onApply={(customer_tag) => onApply({ customer_tag })}
        />
      </div>
      <ClearFilters className="col-span-full" onClear={onClear}>
        <Button className="ms-auto md:hidden" aria-expanded={showMore} aria-controls={moreId} onClick={() => setShowMore(!showMore)}>
          {t('moreFilters')}
        </Button>
      </ClearFilters>
    </LiveFilterForm>
  );
}

/**
 * What to do with the selected orders: confirm or pack them all (each with its version), hand the packed ones to a
 * courier, mark the shipped ones delivered with the cash collected, cancel them for one reason, or print their slips.
 */
function BulkBar({
  rows,
  canFulfil,
  canCancel,
  onDone,
}: {
  rows: StaffOrderRow[];
  canFulfil: boolean;
  canCancel: boolean;
  onDone(): void;
}) {
  const { t, locale } = useI18n();
  const toast = useToast();
  const bulk = useBulkAction();
  const [result, setResult] = useState<StaffBulkResult | null>(null);
  const [asking, setAsking] = useState<'ship' | 'deliver' | 'cancel' | null>(null);
  const numbers = new Map(rows.map((row) => [row.id, row.order_number]));
  const packed = rows.filter((row) => row.status === 'packed');
  const run = (input: StaffBulkAction) =>
    bulk.mutate(input, {
      onSuccess: (answer) => {
        setResult(answer.failed.length ? answer : null);
        setAsking(null);
        toast(t('bulkDone', { done: formatNumber(locale, answer.done.length), failed: formatNumber(locale, answer.failed.length) }));
        if (!answer.failed.length) onDone();
      },
    });
  const versions = rows.map((row) => ({ id: row.id, version: row.version }));
  /** The dialog of a step, open while it is asked, with the failure of its own call. */
  const dialog = (step: NonNullable<typeof asking>) => ({
    open: asking === step,
    pending: bulk.isPending,
    error: asking === step ? bulk.error : null,
    onOpenChange: (open: boolean) => setAsking(open ? step : null),
    onSubmit: run,
  });
  const anyCan = (action: OrderAction) => rows.some((row) => actionStartsFrom(action, row.status));
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
            <Button onClick={() => setAsking('ship')} disabled={bulk.isPending || packed.length === 0}>
              {t('bulkHandOver')}
            </Button>
            <HandOverDialog rows={packed} skipped={rows.length - packed.length} {...dialog('ship')} />
            <Button onClick={() => setAsking('deliver')} disabled={bulk.isPending || !anyCan('deliver')}>
              {t('bulkDeliver')}
            </Button>
            <DeliverDialog rows={rows} {...dialog('deliver')} />
          </>
        )}
        {canCancel && (
          <>
            <Button variant="danger" onClick={() => setAsking('cancel')} disabled={bulk.isPending || !anyCan('cancel')}>
              {t('bulkCancel')}
            </Button>
            <CancelDialog rows={rows} {...dialog('cancel')} />
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
