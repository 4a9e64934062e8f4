/** The returns queue: what shoppers asked to send back, oldest first, by status; each opens its order's page. */
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { RETURN_STATUSES, type StaffReturnRow } from '@attar/contract';
import { RETURNS_PAGE_SIZE, useReturns } from './api';
import { ReturnChip } from './order-returns';
import { DataTable } from '../components/data-table';
import { Ltr } from '../components/ui';
import { formatDate, formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';

const returnsRoute = getRouteApi('/frame/returns');

const TABS = [...RETURN_STATUSES, 'all'] as const;

const column = createColumnHelper<StaffReturnRow>();

export function ReturnsQueue() {
  const { t } = useI18n();
  const search = returnsRoute.useSearch();
  const navigate = useNavigate({ from: '/returns' });
  const page = search.page ?? 1;
  const returns = useReturns({ status: search.status === 'all' ? undefined : search.status, page });
  const columns = useReturnColumns();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('returnsQueueTitle')}</h1>
      <nav aria-label={t('returnsFilter')} className="flex flex-wrap gap-2">
        {TABS.map((status) => (
          <Link
            key={status}
            to="/returns"
            search={{ status }}
            className="rounded-full border border-line px-3 py-1 text-sm hover:border-gold"
            activeOptions={{ includeSearch: true }}
            activeProps={{ className: 'border-gold text-gold', 'aria-current': 'page' }}
          >
            {t(status === 'all' ? 'status_all' : `returnStatus_${status}`)}
          </Link>
        ))}
      </nav>
      <DataTable
        label={t('returnsQueueTitle')}
        tableId="returns"
        columns={columns}
        rows={returns.data?.results}
        empty={t('noReturns')}
        error={returns.error}
        onRetry={() => void returns.refetch()}
        retrying={returns.isFetching}
        paging={{
          page,
          pageSize: RETURNS_PAGE_SIZE,
          count: returns.data?.count,
          onPage: (next) => void navigate({ search: (previous) => ({ ...previous, page: next }) }),
        }}
      />
    </div>
  );
}

/** A return's columns: its order (to the order's page), the shopper, how many units, its status and when it was asked. */
function useReturnColumns() {
  const { t, locale } = useI18n();
  return useMemo(
    () => [
      column.accessor((row) => row.order.order_number, {
        id: 'order',
        header: t('returnOrder'),
        cell: (info) => (
          <Link to="/orders/$id" params={{ id: info.row.original.order.id }} className="text-gold underline">
            <Ltr>{info.getValue()}</Ltr>
          </Link>
        ),
      }),
      column.accessor((row) => row.order.customer_name, {
        id: 'customer',
        header: t('returnCustomer'),
        cell: (info) => (
          <>
            <bdi>{info.getValue()}</bdi> · <Ltr>{info.row.original.order.customer_phone}</Ltr>
          </>
        ),
      }),
      column.accessor((row) => row.lines.reduce((sum, line) => sum + line.quantity, 0), {
        id: 'units',
        header: t('returnLines'),
        cell: (info) => formatNumber(locale, info.getValue()),
        meta: { cellClassName: 'tabular-nums' },
      }),
      column.accessor('status', { header: t('returnsFilter'), cell: (info) => <ReturnChip status={info.getValue()} /> }),
      column.accessor('created_at', {
        header: t('returnAsked'),
        cell: (info) => formatDate(locale, info.getValue()),
        meta: { cellClassName: 'text-mist' },
      }),
    ],
    [t, locale],
  );
}
