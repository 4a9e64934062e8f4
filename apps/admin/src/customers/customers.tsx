/** The customers: searched by name, e-mail or mobile (any way it is typed), active or deactivated, newest first. */
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { CUSTOMER_STATES, type StaffCustomerRow } from '@attar/contract';
import { CUSTOMERS_PAGE_SIZE, useCustomers } from './api';
import { Cell, ListFilters, ListHeading, PagedTable, PermissionGate } from '../components/list-parts';
import { Chip, Ltr } from '../components/ui';
import { formatDate, formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';

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

function CustomerList() {
  const { t, locale } = useI18n();
  const search = customersRoute.useSearch();
  const navigate = useNavigate({ from: '/customers' });
  const customers = useCustomers(search);
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
      />
      <PagedTable
        query={customers}
        labels={[
          t('columnCustomer'),
          t('columnMobile'),
          t('columnVerified'),
          t('columnPoints'),
          t('columnOrders'),
          t('columnJoined'),
          t('columnState'),
        ]}
        empty={t('noCustomers')}
        pageSize={CUSTOMERS_PAGE_SIZE}
        page={search.page ?? 1}
        onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page }) })}
        row={(customer) => (
          <tr key={customer.id} className="border-t border-line hover:bg-night/60" data-testid="customer-row">
            <Cell>
              <Link to="/customers/$id" params={{ id: customer.id }} className="font-medium text-gold underline-offset-2 hover:underline">
                <bdi>{customer.name}</bdi>
              </Link>
              <span className="block text-xs text-mist">
                <Ltr>{customer.email}</Ltr>
              </span>
            </Cell>
            <Cell className="whitespace-nowrap">{customer.phone ? <Ltr>{customer.phone}</Ltr> : '—'}</Cell>
            <Cell>
              <Verification customer={customer} />
            </Cell>
            <Cell className="tabular-nums">{formatNumber(locale, customer.points)}</Cell>
            <Cell className="tabular-nums">{formatNumber(locale, customer.order_count)}</Cell>
            <Cell className="whitespace-nowrap text-mist">{formatDate(locale, customer.date_joined)}</Cell>
            <Cell>
              <CustomerStateChip active={customer.is_active} />
            </Cell>
          </tr>
        )}
      />
    </div>
  );
}
