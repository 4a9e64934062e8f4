/**
 * The customers: searched by name, e-mail or mobile (any way it is typed), active or deactivated, by tag; newest first,
 * or by lifetime value or number of orders.
 */
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { CUSTOMER_STATES, type StaffCustomerRow } from '@attar/contract';
import { CUSTOMERS_PAGE_SIZE, useCustomers } from './api';
import { DataTable } from '../components/data-table';
import { ListFilters, ListHeading, PermissionGate } from '../components/list-parts';
import { LiveField } from '../components/live-filters';
import { TagChips } from '../components/tag-editor';
import { Chip, Ltr, Money } from '../components/ui';
import { formatDate, formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import type { CustomersSearch } from '../lib/search';

const customersRoute = getRouteApi('/frame/customers');

export const CustomersPage = () => (
  <PermissionGate permission="readCustomers">
    <CustomerList />
  </PermissionGate>
);

/** Active or deactivated, as a small coloured label. */
export function CustomerStateChip({ active }: { active: boolean }) {
  const { t } = useI18n();
  return (
    <Chip colours={active ? 'bg-success/25 text-emerald-300' : 'bg-danger/15 text-danger'}>
      {t(active ? 'customerState_active' : 'customerState_inactive')}
    </Chip>
  );
}

/** Whether the e-mail and the mobile were verified, in words. */
export function Verification({ customer }: { customer: Pick<StaffCustomerRow, 'email_verified' | 'phone_verified' | 'phone'> }) {
  const { t } = useI18n();
  const mark = (verified: boolean, yes: 'verifiedEmail' | 'verifiedPhone', no: 'unverifiedEmail' | 'unverifiedPhone') => (
    <Chip colours={verified ? 'bg-success/25 text-emerald-300' : 'bg-mist/15 text-mist'}>{t(verified ? yes : no)}</Chip>
  );
  return (
    <span className="flex flex-wrap gap-1">
      {mark(customer.email_verified, 'verifiedEmail', 'unverifiedEmail')}
      {customer.phone ? (
        mark(customer.phone_verified, 'verifiedPhone', 'unverifiedPhone')
      ) : (
        <Chip colours="bg-mist/15 text-mist">{t('noMobile')}</Chip>
      )}
    </span>
  );
}

const column = createColumnHelper<StaffCustomerRow>();
const DEFAULT_SORT = '-date_joined';

function CustomerList() {
  const { t } = useI18n();
  const search = customersRoute.useSearch();
  const navigate = useNavigate({ from: '/customers' });
  const customers = useCustomers(search);
  const columns = useCustomerColumns();
  return (
    <div className="flex flex-col gap-4">
      <ListHeading title={t('customersTitle')} count={customers.data?.count} countKey="customersCount" />
      <ListFilters
        search={search}
        placeholder={t('customerSearchPlaceholder')}
        stateLabel={t('columnState')}
        anyState={t('anyCustomerState')}
        states={CUSTOMER_STATES.map((state) => ({ value: state, label: t(`customerState_${state}`) }))}
        onApply={(update) => void navigate({ search: update })}
      >
        {(change) => <LiveField label={t('tagFilter')} name="tag" value={search.tag} onApply={(tag) => change({ tag })} />}
      </ListFilters>
      <DataTable
        label={t('customersTitle')}
        tableId="customers"
        columns={columns}
        rows={customers.data?.results}
        empty={t('noCustomers')}
        error={customers.error}
        onRetry={() => void customers.refetch()}
        retrying={customers.isFetching}
        sort={search.sort ?? DEFAULT_SORT}
        onSortChange={(sort) =>
          void navigate({ search: (previous) => ({ ...previous, sort: sort as CustomersSearch['sort'], page: undefined }) })
        }
        paging={{
          page: search.page ?? 1,
          pageSize: CUSTOMERS_PAGE_SIZE,
          count: customers.data?.count,
          onPage: (page) => void navigate({ search: (previous) => ({ ...previous, page }) }),
        }}
        rowTestId="customer-row"
      />
    </div>
  );
}

/**
 * A customer's columns: name (their page), e-mail and tags, mobile, verification, points, orders, lifetime value, joined,
 * state. Most orders or most spent first on the first click of either.
 */
function useCustomerColumns() {
  const { t, locale } = useI18n();
  return useMemo(
    () => [
      column.accessor('name', {
        header: t('columnCustomer'),
        cell: (info) => (
          <>
            <Link
              to="/customers/$id"
              params={{ id: info.row.original.id }}
              className="font-medium text-gold underline-offset-2 hover:underline"
            >
              <bdi>{info.getValue()}</bdi>
            </Link>
            <span className="block text-xs text-mist">
              <Ltr>{info.row.original.email}</Ltr>
            </span>
            <span className="mt-1 block max-w-56">
              <TagChips tags={info.row.original.tags} />
            </span>
          </>
        ),
      }),
      column.accessor('phone', {
        header: t('columnMobile'),
        cell: (info) => {
          const phone = info.getValue();
          return phone ? <Ltr>{phone}</Ltr> : '—';
        },
        meta: { cellClassName: 'whitespace-nowrap' },
      }),
      column.display({
        id: 'verified',
        header: t('columnVerified'),
        cell: (info) => <Verification customer={info.row.original} />,
        meta: { optional: true },
      }),
      column.accessor('points', {
        header: t('columnPoints'),
        cell: (info) => formatNumber(locale, info.getValue()),
        meta: { cellClassName: 'tabular-nums', optional: true },
      }),
      column.accessor('order_count', {
        header: t('columnOrders'),
        enableSorting: true,
        sortDescFirst: true,
        cell: (info) => formatNumber(locale, info.getValue()),
        meta: { cellClassName: 'tabular-nums', optional: true },
      }),
      column.accessor('lifetime_value', {
        header: t('columnLifetimeValue'),
        enableSorting: true,
        sortDescFirst: true,
        cell: (info) => <Money value={info.getValue()} />,
        meta: { cellClassName: 'whitespace-nowrap tabular-nums' },
      }),
      column.accessor('date_joined', {
        header: t('columnJoined'),
        cell: (info) => formatDate(locale, info.getValue()),
        meta: { cellClassName: 'whitespace-nowrap text-mist', optional: true },
      }),
      column.accessor('is_active', {
        header: t('columnState'),
        cell: (info) => <CustomerStateChip active={info.getValue()} />,
      }),
    ],
    [t, locale],
  );
}
