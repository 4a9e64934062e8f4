/**
 * A customer's page: the account and its verification, what they have spent, their tags (changed by the roles that
 * may), the points balance and ledger, the newest orders, the saved addresses; for owners and managers, a points adjustment with its reason, and deactivating or reactivating the
 * account, each confirmed in a dialog.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { getRouteApi, Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { StaffPointsAdjustment, type StaffCustomer, type StaffCustomerOrder, type StaffPointsEntry } from '@attar/contract';
import { ApiFailure } from '../api/client';
import { POINTS_PAGE_SIZE, useAdjustPoints, useCustomer, useCustomerChanged, useCustomerPoints, useSetCustomerActive } from './api';
import { DataTable } from '../components/data-table';
import { ConfirmDialog, DialogFormEnd, PermissionGate, useMay } from '../components/list-parts';
import { AddressLines } from '../orders/order-parts';
import { useToast } from '../components/toasts';
import { TagEditor } from '../components/tag-editor';
import { BackLink, Button, Chip, Dialog, ErrorNotice, Field, Loading, Ltr, Money, Panel, StatusChip, TextArea } from '../components/ui';
import { formatDate, formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import type { Translate } from '../lib/translate';
import type { MessageKey } from '../messages/en';
import { CustomerStateChip, Verification } from './customers';

const customerRoute = getRouteApi('/frame/customers/$id');

export function CustomerPage() {
  const { id } = customerRoute.useParams();
  return (
    <PermissionGate permission="readCustomers">
      <CustomerView id={id} />
    </PermissionGate>
  );
}

function CustomerView({ id }: { id: number }) {
  const { t, locale } = useI18n();
  const customer = useCustomer(id);
  const manage = useMay('manageCustomers');
  const mayTag = useMay('tagCustomers');
  const changed = useCustomerChanged();
  if (customer.isPending) return <Loading />;
  if (customer.isError) return <ErrorNotice error={customer.error} />;
  const c = customer.data;
  return (
    <div className="flex flex-col gap-4">
      <BackLink to="/customers">{t('backToCustomers')}</BackLink>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">
          <bdi>{c.name}</bdi>
        </h1>
        <CustomerStateChip active={c.is_active} />
        {manage && (
          <div className="ms-auto flex flex-wrap gap-2">
            <AdjustPoints customer={c} />
            <ActiveSwitch customer={c} />
          </div>
        )}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title={t('customerAccount')}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-mist">{t('email')}</dt>
            <dd>
              <Ltr>{c.email}</Ltr>
            </dd>
            <dt className="text-mist">{t('customerMobile')}</dt>
            <dd>{c.phone ? <Ltr>{c.phone}</Ltr> : t('noMobile')}</dd>
            <dt className="text-mist">{t('columnVerified')}</dt>
            <dd>
              <Verification customer={c} />
            </dd>
            <dt className="text-mist">{t('customerWhatsapp')}</dt>
            <dd data-testid="customer-whatsapp">{t(c.whatsapp_opt_out ? 'customerWhatsappOff' : 'customerWhatsappOn')}</dd>
            <dt className="text-mist">{t('customerJoined')}</dt>
            <dd>{formatDate(locale, c.date_joined)}</dd>
            <dt className="text-mist">{t('pointsBalance')}</dt>
            <dd className="font-semibold text-gold tabular-nums" data-testid="points-balance">
              {formatNumber(locale, c.points)}
            </dd>
            <dt className="text-mist">{t('columnLifetimeValue')}</dt>
            <dd className="tabular-nums">
              <Money value={c.lifetime_value} />
            </dd>
          </dl>
        </Panel>
        <Panel title={t('tags')}>
          <TagEditor kind="customer" id={c.id} tags={c.tags} editable={mayTag} changed={() => changed(c.id)} />
        </Panel>
        <Panel title={t('customerAddresses')}>
          {c.addresses.length === 0 ? (
            <p className="text-sm text-mist">{t('noSavedAddresses')}</p>
          ) : (
            <ul className="flex flex-col gap-3 text-sm">
              {c.addresses.map((address) => (
                <li key={address.id} className="flex items-start gap-2">
                  <AddressLines address={address} />
                  {address.is_default && <Chip colours="bg-gold/20 text-gold-bright">{t('defaultAddress')}</Chip>}
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
      <CustomerOrders customer={c} />
      <PointsLedger id={id} />
    </div>
  );
}

const orderColumn = createColumnHelper<StaffCustomerOrder>();

/** The newest orders (how many of all, when not every one is shown): number (its page), date, state, total. */
function CustomerOrders({ customer }: { customer: StaffCustomer }) {
  const { t, locale } = useI18n();
  const columns = useMemo(
    () => [
      orderColumn.accessor('order_number', {
        header: t('columnOrder'),
        cell: (info) => (
          <Link to="/orders/$id" params={{ id: info.row.original.id }} className="text-gold underline">
            <Ltr>{info.getValue()}</Ltr>
          </Link>
        ),
      }),
      orderColumn.accessor('created_at', {
        header: t('columnDate'),
        cell: (info) => formatDate(locale, info.getValue()),
        meta: { cellClassName: 'whitespace-nowrap text-mist' },
      }),
      orderColumn.accessor('status', { header: t('columnState'), cell: (info) => <StatusChip status={info.getValue()} /> }),
      orderColumn.accessor('total', { header: t('columnTotal'), cell: (info) => <Money value={info.getValue()} /> }),
    ],
    [t, locale],
  );
  return (
    <Panel title={t('customerOrders')}>
      {customer.order_count > customer.orders.length && customer.orders.length > 0 && (
        <p className="mb-2 text-sm text-mist">
          {t('customerOrdersShown', {
            shown: formatNumber(locale, customer.orders.length),
            count: customer.order_count,
          })}
        </p>
      )}
      <DataTable
        label={t('customerOrders')}
        tableId="customer-orders"
        columns={columns}
        rows={customer.orders}
        empty={t('noCustomerOrders')}
      />
    </Panel>
  );
}

/** The ledger reasons the back office has words for. */
const POINTS_REASONS = new Set<string>([
  'earned',
  'redeemed',
  'refunded_on_cancel',
  'returned_on_edit',
  'in_store_order',
  'reversed_on_refund',
  'returned_on_refund',
  'manual_adjustment',
]);

/** A ledger reason in words; one the back office does not know yet is shown as the API names it. */
const reasonText = (t: Translate, reason: string) => (POINTS_REASONS.has(reason) ? t(`pointsReason_${reason}` as MessageKey) : reason);

const entryColumn = createColumnHelper<StaffPointsEntry>();

/** The points ledger, newest first, a page at a time: when, the change, why, its order, the note, who made it. */
function PointsLedger({ id }: { id: number }) {
  const { t, locale } = useI18n();
  const [page, setPage] = useState(1);
  const ledger = useCustomerPoints(id, page);
  const columns = useMemo(
    () => [
      entryColumn.accessor('created_at', {
        header: t('columnDate'),
        cell: (info) => formatDate(locale, info.getValue()),
        meta: { cellClassName: 'whitespace-nowrap text-mist' },
      }),
      entryColumn.accessor('change', {
        header: t('columnChange'),
        cell: (info) => {
          const change = info.getValue();
          return (
            <span className={`font-semibold tabular-nums ${change > 0 ? 'text-emerald-300' : 'text-danger'}`}>
              <Ltr>{`${change > 0 ? '+' : '−'}${formatNumber(locale, Math.abs(change))}`}</Ltr>
            </span>
          );
        },
      }),
      entryColumn.accessor('reason', { header: t('columnReason'), cell: (info) => reasonText(t, info.getValue()) }),
      entryColumn.accessor('order_number', {
        header: t('columnOrder'),
        cell: (info) => {
          const number = info.getValue();
          return number ? <Ltr>{number}</Ltr> : '—';
        },
      }),
      entryColumn.accessor('note', {
        header: t('columnNote'),
        cell: (info) => {
          const note = info.getValue();
          return note ? <bdi>{note}</bdi> : '—';
        },
      }),
      entryColumn.accessor((entry) => entry.staff?.name ?? '—', { id: 'staff', header: t('columnBy') }),
    ],
    [t, locale],
  );
  return (
    <Panel title={t('pointsLedger')}>
      <DataTable
        label={t('pointsLedger')}
        tableId="points-ledger"
        columns={columns}
        rows={ledger.data?.results}
        empty={t('noPointsHistory')}
        error={ledger.error}
        onRetry={() => void ledger.refetch()}
        retrying={ledger.isFetching}
        paging={{ page, pageSize: POINTS_PAGE_SIZE, count: ledger.data?.count, onPage: setPage }}
        rowTestId="points-entry"
      />
    </Panel>
  );
}

/** Points in or out with the reason written down; the API's refusal (below zero) shows under the field. */
function AdjustPoints({ customer }: { customer: StaffCustomer }) {
  const { t, rich, locale } = useI18n();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const adjust = useAdjustPoints(customer.id);
  const form = useForm({
    resolver: zodResolver(StaffPointsAdjustment),
    defaultValues: { change: undefined as unknown as number, note: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const adjusted = await adjust.mutateAsync(values);
      toast(t('pointsAdjusted', { count: adjusted.points }));
      form.reset();
      setOpen(false);
    } catch (error) {
      if (error instanceof ApiFailure)
        for (const [field, messages] of Object.entries(error.fields))
          if (field === 'change' || field === 'note') form.setError(field, { type: 'server', message: messages.join(' ') });
    }
  });
  const message = (field: 'change' | 'note', fallback: MessageKey) =>
    errors[field] && (errors[field].type === 'server' ? errors[field].message : t(fallback));
  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)}>
        {t('adjustPoints')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) form.reset();
        }}
        title={rich('adjustPointsTitle', { name: <bdi>{customer.name}</bdi> })}
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-mist">
            {t('pointsBalance')}: <span className="text-gold tabular-nums">{formatNumber(locale, customer.points)}</span>
          </p>
          <Field
            label={t('pointsChange')}
            type="number"
            inputMode="numeric"
            step={1}
            ltr
            error={message('change', 'errorPointsChange')}
            {...form.register('change', { valueAsNumber: true })}
          />
          <TextArea label={t('pointsNote')} maxLength={300} error={message('note', 'errorRequired')} {...form.register('note')} />
          <p className="text-xs text-mist">{t('pointsNoteHint')}</p>
          <DialogFormEnd error={adjust.error} busy={adjust.isPending} submit={t('saveAdjustment')} onCancel={() => setOpen(false)} />
        </form>
      </Dialog>
    </>
  );
}

/** Deactivate (the customer's sessions end at once) or reactivate, after saying what it does. */
function ActiveSwitch({ customer }: { customer: StaffCustomer }) {
  const { t, rich } = useI18n();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const change = useSetCustomerActive(customer.id);
  const activating = !customer.is_active;
  const confirm = () =>
    change.mutate(activating, {
      onSuccess: () => {
        toast(t(activating ? 'customerReactivated' : 'customerDeactivated'));
        setOpen(false);
      },
    });
  return (
    <>
      <Button variant={activating ? 'quiet' : 'danger'} onClick={() => setOpen(true)}>
        {t(activating ? 'reactivateCustomer' : 'deactivateCustomer')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={rich(activating ? 'reactivateTitle' : 'deactivateTitle', { name: <bdi>{customer.name}</bdi> })}
        explanation={t(activating ? 'reactivateExplain' : 'deactivateExplain')}
        confirm={t(activating ? 'reactivateCustomer' : 'deactivateCustomer')}
        danger={!activating}
        busy={change.isPending}
        error={change.error}
        onConfirm={confirm}
      />
    </>
  );
}
