/**
 * The orders board: status tabs with counts, filters kept in the address (a link reproduces the view), server-side
 * sorting and paging (TanStack Table in manual mode), selection for bulk actions, and polling for new orders.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable, type RowSelectionState } from '@tanstack/react-table';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { ORDER_STATUSES, staffMay, type StaffOrderRow } from '@attar/contract';
import { ApiFailure } from '../api/client';
import { PAGE_SIZE, useBoard, useBulkAction, useRegions, useSession, type BoardFilters } from '../api/queries';
import { Button, Field, Ltr, Money, Notice, Select, StatusChip } from '../components/ui';
import { formatDate, formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import { ordersRoute } from '../router';

const column = createColumnHelper<StaffOrderRow>();

export function OrdersBoard() {
  const { t, locale } = useI18n();
  const search = ordersRoute.useSearch();
  const navigate = useNavigate({ from: '/orders' });
  const session = useSession();
  const role = session.data?.staff.role;
  const board = useBoard(search as BoardFilters);
  const regions = useRegions();
  const bulk = useBulkAction();
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [newOrders, setNewOrders] = useState(false);
  const lastWaiting = useRef<number | null>(null);

  // A rise in orders waiting for confirmation since the last poll: say so.
  useEffect(() => {
    const waiting = board.data?.waiting;
    if (waiting === undefined) return;
    if (lastWaiting.current !== null && waiting > lastWaiting.current) setNewOrders(true);
    lastWaiting.current = waiting;
  }, [board.data?.waiting]);

  const setSearch = (patch: Partial<BoardFilters>) => {
    setSelection({});
    void navigate({ search: (previous) => ({ ...previous, page: undefined, ...patch }) });
  };
  const sort = search.sort ?? '-created_at';
  const sortButton = (field: 'created_at' | 'total', label: string) => {
    const current = sort === field ? 'ascending' : sort === `-${field}` ? 'descending' : 'none';
    return (
      <button
        type="button"
        className="inline-flex items-center gap-1 hover:text-gold"
        aria-label={t('sortBy', { column: label })}
        onClick={() => setSearch({ sort: sort === `-${field}` ? field : `-${field}` })}
      >
        {label}
        <span aria-hidden="true">{current === 'ascending' ? '▲' : current === 'descending' ? '▼' : '↕'}</span>
      </button>
    );
  };

  const columns = useMemo(
    () => [
      column.display({
        id: 'select',
        header: ({ table }) => (
          <input
            type="checkbox"
            aria-label={t('selectAll')}
            checked={table.getIsAllRowsSelected()}
            onChange={table.getToggleAllRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => (
          <input
            type="checkbox"
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
        header: () => sortButton('created_at', t('columnDate')),
        cell: (info) => formatDate(locale, info.getValue()),
      }),
      column.accessor('customer_name', {
        header: () => t('columnCustomer'),
        cell: (info) => (
          <span className="flex flex-col">
            <span>{info.getValue()}</span>
            <span className="text-xs text-mist">
              <Ltr>{info.row.original.customer_phone}</Ltr>
            </span>
          </span>
        ),
      }),
      column.accessor((row) => row.region.name, { id: 'region', header: () => t('columnGovernorate') }),
      column.accessor('payment_method', {
        header: () => t('columnPayment'),
        cell: (info) => (
          <span className="flex flex-col">
            <span>{t(`payment_${info.getValue()}`)}</span>
            <span className={`text-xs ${info.row.original.paid ? 'text-emerald-300' : 'text-mist'}`}>
              {info.row.original.paid ? t('paidYes') : t('paidNo')}
            </span>
          </span>
        ),
      }),
      column.accessor('items', { header: () => t('columnItems'), cell: (info) => formatNumber(locale, info.getValue()) }),
      column.accessor('total', { header: () => sortButton('total', t('columnTotal')), cell: (info) => <Money value={info.getValue()} /> }),
      column.accessor('status', { header: () => t('columnStatus'), cell: (info) => <StatusChip status={info.getValue()} /> }),
    ],
    // The header buttons read the current sort.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, locale, sort],
  );
  const data = board.data?.results ?? [];
  // The app does not run the React Compiler, so TanStack Table's unmemoisable functions are fine here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.id),
    manualPagination: true,
    manualSorting: true,
    state: { rowSelection: selection },
    onRowSelectionChange: setSelection,
  });
  const selected = data.filter((row) => selection[String(row.id)]);
  const pages = Math.max(1, Math.ceil((board.data?.count ?? 0) / PAGE_SIZE));
  const page = search.page ?? 1;
  const statuses = search.status ? search.status.split(',') : [];

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    setSearch({
      q: text('q'),
      from: text('from'),
      to: text('to'),
      region: text('region') ? Number(text('region')) : undefined,
      payment_method: text('payment_method') as BoardFilters['payment_method'],
      paid: text('paid') as BoardFilters['paid'],
      promo_code: text('promo_code'),
    });
  };
  const runBulk = (action: 'confirm' | 'pack') =>
    bulk.mutate({ action, orders: selected.map((row) => ({ id: row.id, version: row.version })) }, { onSuccess: () => setSelection({}) });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-semibold">{t('ordersTitle')}</h1>
        {board.data && <span className="text-mist">{t('ordersCount', { count: formatNumber(locale, board.data.count) })}</span>}
      </div>
      {newOrders && (
        <Notice>
          {t('newOrdersNotice')}{' '}
          <button type="button" className="underline" onClick={() => setNewOrders(false)}>
            {t('close')}
          </button>
        </Notice>
      )}

      <div role="tablist" aria-label={t('columnStatus')} className="flex gap-1 overflow-x-auto border-b border-line pb-1">
        {(['all', ...ORDER_STATUSES] as const).map((status) => {
          const active = status === 'all' ? statuses.length === 0 : statuses.length === 1 && statuses[0] === status;
          const count =
            status === 'all' ? Object.values(board.data?.counts ?? {}).reduce((a, b) => a + b, 0) : (board.data?.counts[status] ?? 0);
          return (
            <button
              key={status}
              role="tab"
              type="button"
              aria-selected={active}
              onClick={() => setSearch({ status: status === 'all' ? undefined : status })}
              className={`shrink-0 rounded-md px-3 py-1.5 text-sm ${active ? 'bg-smoke text-gold' : 'text-mist hover:text-cream'}`}
            >
              {t(`status_${status}`)} <span className="tabular-nums">({formatNumber(locale, count)})</span>
            </button>
          );
        })}
      </div>

      <form
        key={JSON.stringify(search)}
        onSubmit={applyFilters}
        className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-8"
        aria-label={t('search')}
      >
        <Field
          label={t('search')}
          name="q"
          type="search"
          placeholder={t('searchPlaceholder')}
          defaultValue={search.q ?? ''}
          className="col-span-2"
        />
        <Field label={t('dateFrom')} name="from" type="date" defaultValue={search.from ?? ''} />
        <Field label={t('dateTo')} name="to" type="date" defaultValue={search.to ?? ''} />
        <Select label={t('governorate')} name="region" defaultValue={search.region ?? ''}>
          <option value="">{t('anyGovernorate')}</option>
          {regions.data?.map((region) => (
            <option key={region.id} value={region.id}>
              {region.name}
            </option>
          ))}
        </Select>
        <Select label={t('paymentMethod')} name="payment_method" defaultValue={search.payment_method ?? ''}>
          <option value="">{t('anyPayment')}</option>
          <option value="cod">{t('payment_cod')}</option>
          <option value="card">{t('payment_card')}</option>
        </Select>
        <Select label={t('paid')} name="paid" defaultValue={search.paid ?? ''}>
          <option value="">{t('paidAny')}</option>
          <option value="yes">{t('paidYes')}</option>
          <option value="no">{t('paidNo')}</option>
        </Select>
        <Field label={t('promoCode')} name="promo_code" ltr defaultValue={search.promo_code ?? ''} />
        <div className="col-span-2 flex items-end gap-2 md:col-span-4 xl:col-span-8">
          <Button variant="primary" type="submit">
            {t('search')}
          </Button>
          <Button onClick={() => void navigate({ search: {} })}>{t('clearFilters')}</Button>
        </div>
      </form>

      {selected.length > 0 && role && (
        <div className="flex flex-wrap items-center gap-2 rounded-md border border-gold/40 bg-smoke p-3" aria-live="polite">
          <span>{t('selected', { count: formatNumber(locale, selected.length) })}</span>
          {staffMay(role, 'fulfilOrders') && (
            <>
              <Button onClick={() => runBulk('confirm')} disabled={bulk.isPending}>
                {t('bulkConfirm')}
              </Button>
              <Button onClick={() => runBulk('pack')} disabled={bulk.isPending}>
                {t('bulkPack')}
              </Button>
            </>
          )}
          <Link
            to="/print"
            search={{ orders: selected.map((row) => row.id).join(','), doc: 'slip', paper: 'a4', lang: locale }}
            target="_blank"
            className="inline-flex min-h-10 items-center rounded-md border border-line px-4 text-sm hover:border-gold"
          >
            {t('bulkPrint')}
          </Link>
        </div>
      )}
      {bulk.data && (
        <Notice tone={bulk.data.failed.length ? 'info' : 'success'}>
          {t('bulkDone', { done: formatNumber(locale, bulk.data.done.length), failed: formatNumber(locale, bulk.data.failed.length) })}
        </Notice>
      )}
      {bulk.error instanceof ApiFailure && <Notice tone="error">{bulk.error.message}</Notice>}
      {board.error instanceof ApiFailure && <Notice tone="error">{board.error.message}</Notice>}

      <div className="hidden overflow-x-auto rounded-lg border border-line md:block">
        <table className="w-full text-sm">
          <thead className="bg-night text-mist">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className="px-3 py-2 text-start font-medium">
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-t border-line hover:bg-night/60" data-testid="order-row">
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2 align-top">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-2 md:hidden">
        {data.map((row) => (
          <li key={row.id} className="rounded-lg border border-line bg-night p-3">
            <div className="flex items-center justify-between gap-2">
              <Link to="/orders/$id" params={{ id: row.id }} className="font-medium text-gold">
                <Ltr>{row.order_number}</Ltr>
              </Link>
              <StatusChip status={row.status} />
            </div>
            <div className="mt-1 text-sm text-mist">
              {row.customer_name} · <Ltr>{row.customer_phone}</Ltr> · {row.region.name}
            </div>
            <div className="mt-1 flex justify-between text-sm">
              <span>{formatDate(locale, row.created_at)}</span>
              <Money value={row.total} />
            </div>
          </li>
        ))}
      </ul>
      {board.data && board.data.count === 0 && <p className="text-mist">{t('noOrders')}</p>}
      {board.isPending && <p className="text-mist">{t('loading')}</p>}

      <nav className="flex items-center gap-3" aria-label={t('pageOf', { page, pages })}>
        <Button disabled={page <= 1} onClick={() => setSearch({ page: page - 1 })}>
          {t('previous')}
        </Button>
        <span className="text-sm text-mist">{t('pageOf', { page: formatNumber(locale, page), pages: formatNumber(locale, pages) })}</span>
        <Button disabled={page >= pages} onClick={() => setSearch({ page: page + 1 })}>
          {t('next')}
        </Button>
      </nav>
    </div>
  );
}
