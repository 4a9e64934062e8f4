/**
 * Couriers (decision 0049). Fulfilment: the confirmed and packed orders, chosen and handed over to Bosta (each created
 * at Bosta by the job queue, its tracking number then on the order), their waybills printed in one PDF, a pickup asked
 * for. Owners and managers: Bosta's settlement statement imported (what matched, the lines and orders flagged) and the
 * report of the cash couriers hold, orders not settled after some days, and how deliveries went per governorate.
 */
import { useState, type FormEvent } from 'react';
import { staffMay, type StaffOrderRow, type StaffSettlementResult } from '@attar/contract';
import { useCourierReport, useHandOver, useImportSettlement, usePickup, useWaitingForCourier, waybillUrl } from './courier-api';
import { useSession } from '../api/session';
import { DateField } from '../components/date-fields';
import { RoleGate } from '../components/page-parts';
import {
  Button,
  ChoiceSelect,
  ErrorNotice,
  Field,
  ListTable,
  Loaded,
  Ltr,
  Money,
  Notice,
  Panel,
  StatusChip,
  buttonClass,
} from '../components/ui';
import { formatDate, formatNumber, formatPercent } from '../lib/format';
import { useI18n } from '../lib/i18n';

export function CouriersPage() {
  const role = useSession().data?.staff.role;
  const fulfils = Boolean(role && staffMay(role, 'fulfilOrders'));
  const settles = Boolean(role && staffMay(role, 'settleCouriers'));
  const { t } = useI18n();
  return (
    <RoleGate allowed={fulfils || settles}>
      <div className="flex flex-col gap-5">
        <h1 className="text-2xl font-semibold">{t('couriersTitle')}</h1>
        {fulfils && <HandOver />}
        {fulfils && <Pickup />}
        {settles && <Settlement />}
        {settles && <Report />}
      </div>
    </RoleGate>
  );
}

function HandOver() {
  const { t } = useI18n();
  const waiting = useWaitingForCourier();
  const handOver = useHandOver();
  const [chosen, setChosen] = useState<number[]>([]);
  const toggle = (id: number) => setChosen((ids) => (ids.includes(id) ? ids.filter((each) => each !== id) : [...ids, id]));
  return (
    <Panel title={t('couriersHandOverTitle')}>
      <p className="mb-3 text-sm text-mist">{t('couriersHandOverHint')}</p>
      <Loaded query={waiting}>
        {(board) =>
          board.results.length === 0 ? (
            <Notice>{t('couriersNoneWaiting')}</Notice>
          ) : (
            <ListTable labels={['', t('columnOrder'), t('columnCustomer'), t('columnGovernorate'), t('columnStatus')]}>
              {board.results.map((row: StaffOrderRow) => (
                <tr key={row.id} className="border-t border-line" data-testid="courier-waiting">
                  <td className="p-2">
                    <input
                      type="checkbox"
                      aria-label={t('selectOrder', { number: row.order_number })}
                      checked={chosen.includes(row.id)}
                      onChange={() => toggle(row.id)}
                    />
                  </td>
                  <td className="p-2">
                    <Ltr>{row.order_number}</Ltr>
                  </td>
                  <td className="p-2">{row.customer_name}</td>
                  <td className="p-2">{row.region.name}</td>
                  <td className="p-2">
                    <StatusChip status={row.status} />
                  </td>
                </tr>
              ))}
            </ListTable>
          )
        }
      </Loaded>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button
          variant="primary"
          disabled={chosen.length === 0 || handOver.isPending}
          onClick={() => handOver.mutate({ courier: 'bosta', orders: chosen }, { onSuccess: () => setChosen([]) })}
        >
          {t('couriersHandOver')}
        </Button>
        {chosen.length > 0 && (
          <a className={buttonClass()} href={waybillUrl(chosen)} target="_blank" rel="noreferrer">
            {t('couriersWaybill')}
          </a>
        )}
      </div>
      {handOver.error ? <ErrorNotice error={handOver.error} /> : null}
      {handOver.data && (
        <div className="mt-3 flex flex-col gap-2">
          <Notice tone="success">{t('couriersQueued', { count: handOver.data.queued.length })}</Notice>
          {handOver.data.failed.map((failure) => (
            <Notice key={failure.id} tone="error">
              {failure.detail}
            </Notice>
          ))}
        </div>
      )}
    </Panel>
  );
}

const TIME_SLOTS = ['10:00 to 13:00', '13:00 to 16:00'] as const;

function Pickup() {
  const { t } = useI18n();
  const pickup = usePickup();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const slot = TIME_SLOTS.find((each) => each === data.get('time_slot')) ?? TIME_SLOTS[0];
    pickup.mutate({ courier: 'bosta', date: String(data.get('date') ?? ''), time_slot: slot });
  };
  return (
    <Panel title={t('couriersPickupTitle')}>
      <form onSubmit={submit} aria-label={t('couriersPickupTitle')} className="grid gap-3 md:grid-cols-3">
        <DateField label={t('couriersPickupDate')} name="date" required />
        <ChoiceSelect label={t('couriersPickupSlot')} name="time_slot" choices={TIME_SLOTS.map((slot) => ({ value: slot, label: slot }))} />
        <div className="flex items-end">
          <Button variant="primary" type="submit" disabled={pickup.isPending}>
            {t('couriersPickupAsk')}
          </Button>
        </div>
      </form>
      {pickup.error ? <ErrorNotice error={pickup.error} /> : null}
      {pickup.data && <Notice tone="success">{t('couriersPickupAsked', { id: pickup.data.pickup_id })}</Notice>}
    </Panel>
  );
}

function Settlement() {
  const { t } = useI18n();
  const settle = useImportSettlement();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = (event.currentTarget.elements.namedItem('statement') as HTMLInputElement | null)?.files?.[0];
    if (!file || file.size === 0) return;
    settle.mutate({ courier: 'bosta', file_name: file.name, csv: await file.text() });
  };
  return (
    <Panel title={t('couriersSettlementTitle')}>
      <p className="mb-3 text-sm text-mist">{t('couriersSettlementHint')}</p>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label={t('couriersSettlementTitle')}
        className="flex flex-wrap items-end gap-3"
      >
        <Field label={t('couriersSettlementFile')} name="statement" type="file" accept=".csv,text/csv" required />
        <Button variant="primary" type="submit" disabled={settle.isPending}>
          {t('couriersSettlementImport')}
        </Button>
      </form>
      {settle.error ? <ErrorNotice error={settle.error} /> : null}
      {settle.data && <SettlementResult result={settle.data} />}
    </Panel>
  );
}

function SettlementResult({ result }: { result: StaffSettlementResult }) {
  const { t, locale } = useI18n();
  return (
    <div className="mt-3 flex flex-col gap-2" data-testid="settlement-result">
      <Notice tone="success">
        {t('couriersSettlementMatched', { count: result.matched })} · {t('couriersCash')}: <Money value={result.cash_collected} /> ·{' '}
        {t('couriersFees')}: <Money value={result.fees} /> · {t('couriersPaidOut')}: <Money value={result.paid_out} />
      </Notice>
      {result.flagged.map((line) => (
        <Notice key={line.row} tone="error">
          {t('couriersFlagged', { row: formatNumber(locale, line.row) })} <Ltr>{line.reference}</Ltr>: {t(`couriersFlag_${line.reason}`)}
        </Notice>
      ))}
      {result.missing.map((order) => (
        <Notice key={order.id} tone="error">
          {t('couriersMissing')} <Ltr>{order.order_number}</Ltr> ({formatDate(locale, order.delivered_at)})
        </Notice>
      ))}
    </div>
  );
}

function Report() {
  const { t, locale } = useI18n();
  const [days, setDays] = useState(14);
  return (
    <Panel title={t('couriersReportTitle')}>
      <label className="mb-3 flex items-center gap-2 text-sm">
        {t('couriersOverdueDays')}
        <input
          type="number"
          min={1}
          max={365}
          value={days}
          onChange={(event) => setDays(Math.min(365, Math.max(1, Number(event.target.value) || 1)))}
          className="w-20 rounded-md border border-line bg-ink px-2 py-1"
        />
      </label>
      <Loaded query={useCourierReport(days, true)}>
        {(report) => (
          <div className="flex flex-col gap-4">
            <ListTable labels={[t('courier'), t('couriersDelivered'), t('couriersOutstanding'), t('couriersSettled'), t('couriersFees')]}>
              {report.couriers.map((row) => (
                <tr key={row.courier} className="border-t border-line" data-testid="courier-cash">
                  <td className="p-2">
                    <Ltr>Bosta</Ltr>
                  </td>
                  <td className="p-2 tabular-nums">{formatNumber(locale, row.delivered)}</td>
                  <td className="p-2">
                    <Money value={row.outstanding} />
                  </td>
                  <td className="p-2">
                    <Money value={row.settled} />
                  </td>
                  <td className="p-2">
                    <Money value={row.fees} />
                  </td>
                </tr>
              ))}
            </ListTable>
            <h3 className="font-semibold">{t('couriersOverdueTitle')}</h3>
            {report.overdue.length === 0 ? (
              <Notice>{t('couriersNoneOverdue')}</Notice>
            ) : (
              <ListTable labels={[t('columnOrder'), t('trackingNumber'), t('cashCollected'), t('couriersDeliveredOn')]}>
                {report.overdue.map((row) => (
                  <tr key={row.id} className="border-t border-line" data-testid="courier-overdue">
                    <td className="p-2">
                      <Ltr>{row.order_number}</Ltr>
                    </td>
                    <td className="p-2">
                      <Ltr>{row.tracking_number}</Ltr>
                    </td>
                    <td className="p-2">
                      <Money value={row.cash_collected} />
                    </td>
                    <td className="p-2">{formatDate(locale, row.delivered_at)}</td>
                  </tr>
                ))}
              </ListTable>
            )}
            <h3 className="font-semibold">{t('couriersPerformanceTitle')}</h3>
            <ListTable
              labels={[
                t('columnGovernorate'),
                t('couriersHandedOver'),
                t('couriersDelivered'),
                t('couriersReturned'),
                t('couriersSuccess'),
                t('couriersReturnCost'),
              ]}
            >
              {report.performance.map((row) => (
                <tr key={`${row.courier}:${row.region}`} className="border-t border-line" data-testid="courier-performance">
                  <td className="p-2">{row.region}</td>
                  <td className="p-2 tabular-nums">{formatNumber(locale, row.handed_over)}</td>
                  <td className="p-2 tabular-nums">{formatNumber(locale, row.delivered)}</td>
                  <td className="p-2 tabular-nums">{formatNumber(locale, row.returned)}</td>
                  <td className="p-2 tabular-nums">{row.success_rate === null ? '—' : formatPercent(locale, row.success_rate)}</td>
                  <td className="p-2">
                    <Money value={row.returned_cost} />
                  </td>
                </tr>
              ))}
            </ListTable>
          </div>
        )}
      </Loaded>
    </Panel>
  );
}
