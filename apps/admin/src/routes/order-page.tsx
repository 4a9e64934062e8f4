/**
 * One order: its lines and every amount, the customer and address, payment and refunds, the actions its status and
 * the member's role allow, the timeline (who moved it, when) with the audit entries, and the internal notes.
 */
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { staffMay, type StaffOrder } from '@attar/contract';
import { ApiFailure } from '../api/client';
import { useOrder, useOrderAction, useOrderNote, useSession } from '../api/queries';
import { Button, Dialog, Field, Ltr, Money, Notice, Panel, StatusChip } from '../components/ui';
import { formatDate, formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import { actionTarget, availableActions, type OrderAction } from '../lib/order-actions';
import { orderRoute } from '../router';

const ACTION_LABEL = {
  confirm: 'actionConfirm',
  pack: 'actionPack',
  ship: 'actionShip',
  deliver: 'actionDeliver',
  cancel: 'actionCancel',
  refund: 'actionRefund',
} as const;

export function OrderPage() {
  const { t } = useI18n();
  const { id } = orderRoute.useParams();
  const order = useOrder(id);
  if (order.isPending) return <p className="text-mist">{t('loading')}</p>;
  if (order.error) return <Notice tone="error">{order.error instanceof ApiFailure ? order.error.message : t('genericError')}</Notice>;
  return <OrderDetails order={order.data} />;
}

function OrderDetails({ order }: { order: StaffOrder }) {
  const { t, locale } = useI18n();
  const session = useSession();
  const role = session.data?.staff.role;
  const act = useOrderAction(order.id);
  const [dialog, setDialog] = useState<OrderAction | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const actions = role ? availableActions(role, order.status) : [];

  const run = (action: OrderAction, body: Record<string, unknown> = {}) => {
    setDone(null);
    act.mutate(
      { action, body: { version: order.version, ...body } },
      {
        onSuccess: (updated) => {
          setDialog(null);
          setDone(t('actionDone', { number: updated.order_number, status: t(`status_${actionTarget(action)}`) }));
        },
      },
    );
  };
  const submitDialog = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    if (dialog === 'ship') run('ship', { courier: data.courier, tracking_number: data.tracking_number });
    if (dialog === 'deliver') run('deliver', order.payment_method === 'cod' ? { cash_collected: Number(data.cash_collected) } : {});
    if (dialog === 'cancel' || dialog === 'refund') run(dialog, { reason: data.reason });
  };
  const fieldError = (name: string) => (act.error instanceof ApiFailure ? act.error.fields[name]?.join(' ') : undefined);
  const printLink = (doc: 'slip' | 'invoice') => (
    <Link
      to="/print"
      search={{ orders: String(order.id), doc, paper: 'a4', lang: locale }}
      target="_blank"
      className="inline-flex min-h-10 items-center rounded-md border border-line px-4 text-sm hover:border-gold"
    >
      {t(doc === 'slip' ? 'printSlip' : 'printInvoice')}
    </Link>
  );

  return (
    <div className="flex flex-col gap-4">
      <Link to="/orders" className="text-sm text-mist hover:text-gold">
        {t('backToOrders')}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{t('orderTitle', { number: order.order_number })}</h1>
        <StatusChip status={order.status} />
        <span className="text-sm text-mist">{formatDate(locale, order.created_at)}</span>
      </div>

      <Panel title={t('actions')}>
        <div className="flex flex-wrap gap-2">
          {actions.map((action) =>
            action === 'confirm' || action === 'pack' ? (
              <Button key={action} variant="primary" disabled={act.isPending} onClick={() => run(action)}>
                {t(ACTION_LABEL[action])}
              </Button>
            ) : (
              <Button
                key={action}
                variant={action === 'cancel' || action === 'refund' ? 'danger' : 'primary'}
                onClick={() => setDialog(action)}
              >
                {t(ACTION_LABEL[action])}
              </Button>
            ),
          )}
          {printLink('slip')}
          {printLink('invoice')}
        </div>
        <div className="mt-3 flex flex-col gap-2" aria-live="polite">
          {done && <Notice tone="success">{done}</Notice>}
          {act.error instanceof ApiFailure && !dialog && <Notice tone="error">{act.error.message}</Notice>}
        </div>
      </Panel>

      <Dialog
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        title={
          dialog
            ? t(`${dialog === 'ship' ? 'ship' : dialog === 'deliver' ? 'deliver' : dialog === 'refund' ? 'refund' : 'cancel'}Title`, {
                number: order.order_number,
              })
            : ''
        }
      >
        <form onSubmit={submitDialog} className="flex flex-col gap-4">
          {dialog === 'ship' && (
            <>
              <Field label={t('courier')} name="courier" required maxLength={80} error={fieldError('courier')} />
              <Field label={t('trackingNumber')} name="tracking_number" required maxLength={80} ltr error={fieldError('tracking_number')} />
            </>
          )}
          {dialog === 'deliver' && order.payment_method === 'cod' && (
            <Field
              label={t('cashCollected')}
              name="cash_collected"
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              required
              defaultValue={order.total}
              ltr
              error={fieldError('cash_collected')}
            />
          )}
          {(dialog === 'cancel' || dialog === 'refund') && (
            <>
              <p className="text-sm text-mist">{t(dialog === 'cancel' ? 'cancelHint' : 'refundHint')}</p>
              <Field label={t('reason')} name="reason" required maxLength={500} error={fieldError('reason')} />
            </>
          )}
          {act.error instanceof ApiFailure && !Object.keys(act.error.fields).length && <Notice tone="error">{act.error.message}</Notice>}
          <div className="flex justify-end gap-2">
            <Button onClick={() => setDialog(null)}>{t('cancel')}</Button>
            <Button type="submit" variant={dialog === 'cancel' || dialog === 'refund' ? 'danger' : 'primary'} disabled={act.isPending}>
              {dialog ? t(ACTION_LABEL[dialog]) : ''}
            </Button>
          </div>
        </form>
      </Dialog>

      <div className="grid gap-4 lg:grid-cols-3">
        <Panel title={t('lines')} className="lg:col-span-2">
          <OrderLines order={order} />
        </Panel>
        <div className="flex flex-col gap-4">
          <Panel title={t('customer')}>
            <p>{order.customer.name}</p>
            <p>
              <Ltr>{order.customer.phone}</Ltr>
            </p>
            {order.customer.email && (
              <p className="break-all">
                <Ltr>{order.customer.email}</Ltr>
              </p>
            )}
            <p className="text-sm text-mist">{t(order.customer.kind === 'account' ? 'customerAccount' : 'customerGuest')}</p>
          </Panel>
          <Panel title={t('address')}>
            <AddressLines order={order} />
            {order.notes && (
              <p className="mt-2 text-sm">
                <span className="text-mist">{t('shopperNotes')}: </span>
                {order.notes}
              </p>
            )}
          </Panel>
          <Panel title={t('payment')}>
            <p>{t(`payment_${order.payment_method}`)}</p>
            {order.payments.map((payment) => (
              <div key={payment.id} className="mt-2 text-sm">
                <p>
                  {t(`paymentStatus_${payment.status}`)} · <Money value={payment.amount} />
                </p>
                {payment.refunded > 0 && (
                  <p>
                    {t('refunded')}: <Money value={payment.refunded} />
                  </p>
                )}
                <ul className="text-mist">
                  {payment.refunds.map((refund) => (
                    <li key={refund.id}>
                      <Money value={refund.amount} /> · {t(`refundStatus_${refund.status}`)} · {formatDate(locale, refund.at)}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            {order.courier && (
              <p className="mt-2 text-sm">
                {t('courier')}: <bdi>{order.courier.name}</bdi> · {t('trackingNumber')}: <Ltr>{order.courier.tracking_number}</Ltr>
              </p>
            )}
            {order.cash_collected !== null && (
              <p className="mt-2 text-sm">
                {t('cashCollected')}: <Money value={order.cash_collected} />
              </p>
            )}
            {order.status_reason && (
              <p className="mt-2 text-sm">
                {t('reason')}: {order.status_reason}
              </p>
            )}
          </Panel>
        </div>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title={t('timeline')}>
          <Timeline order={order} />
        </Panel>
        <Panel title={t('notes')}>{role && <Notes order={order} canWrite={staffMay(role, 'noteOrders')} />}</Panel>
      </div>
    </div>
  );
}

export function OrderLines({ order, prices = true }: { order: StaffOrder; prices?: boolean }) {
  const { t, locale } = useI18n();
  return (
    <table className="w-full text-sm">
      <thead className="text-mist">
        <tr>
          <th scope="col" className="py-1 text-start font-medium">
            {t('lines')}
          </th>
          <th scope="col" className="py-1 text-end font-medium">
            {t('quantity')}
          </th>
          {prices && (
            <>
              <th scope="col" className="py-1 text-end font-medium">
                {t('unitPrice')}
              </th>
              <th scope="col" className="py-1 text-end font-medium">
                {t('lineTotal')}
              </th>
            </>
          )}
        </tr>
      </thead>
      <tbody>
        {order.items.map((line) => (
          <tr key={line.id} className="border-t border-line/60">
            <td className="py-1.5">{line.product_obj?.name ?? line.offer_obj?.name}</td>
            <td className="py-1.5 text-end tabular-nums">{formatNumber(locale, line.quantity)}</td>
            {prices && (
              <>
                <td className="py-1.5 text-end">
                  <Money value={line.price} />
                </td>
                <td className="py-1.5 text-end">
                  <Money value={Math.round(line.price * line.quantity * 100) / 100} />
                </td>
              </>
            )}
          </tr>
        ))}
      </tbody>
      {prices && (
        <tfoot>
          <AmountRow label={t('subtotal')} value={order.subtotal} />
          {order.discount > 0 && <AmountRow label={t('discount', { code: order.promo_code ?? '' })} value={-order.discount} />}
          {order.points_used > 0 && (
            <AmountRow label={t('pointsDiscount', { points: formatNumber(locale, order.points_used) })} value={-order.points_discount} />
          )}
          <AmountRow label={t('deliveryFee')} value={order.delivery_fee} />
          <AmountRow label={t('total')} value={order.total} strong />
          <tr>
            <td colSpan={4} className="pt-2 text-mist">
              {t('pointsEarned')}: {formatNumber(locale, order.points_earned)}
            </td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}

function AmountRow({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <tr className={strong ? 'font-semibold text-gold' : ''}>
      <th scope="row" colSpan={3} className="py-1 text-end font-normal">
        {label}
      </th>
      <td className="py-1 text-end">
        <Money value={value} />
      </td>
    </tr>
  );
}

export function AddressLines({ order }: { order: StaffOrder }) {
  const a = order.address;
  return (
    <address className="not-italic">
      <p>{a.name}</p>
      <p>
        <Ltr>{a.phone}</Ltr>
      </p>
      <p>{[a.street, a.building, a.floor, a.apartment].filter(Boolean).join('، ')}</p>
      {a.landmark && <p>{a.landmark}</p>}
      <p>
        {a.city.name}، {a.region.name}
      </p>
    </address>
  );
}

/** Status changes and audit entries, oldest first, each with who made it. */
function Timeline({ order }: { order: StaffOrder }) {
  const { t, locale } = useI18n();
  const audit = order.audit.filter((entry) => entry.action !== 'order.note');
  return (
    <ol className="flex flex-col gap-2 text-sm">
      {order.timeline.map((event, index) => {
        const details = audit.find(
          (entry) => (entry.after as { status?: string } | null)?.status === event.to && entry.staff?.id === event.staff?.id,
        );
        const changes = Object.entries((details?.after as Record<string, unknown> | null) ?? {}).filter(([key]) => key !== 'status');
        return (
          <li key={index} className="border-s-2 border-gold/50 ps-3">
            <p>
              <StatusChip status={event.to} /> <span className="text-mist">{formatDate(locale, event.at)}</span>
            </p>
            <p className="text-mist">{event.staff ? t('byStaff', { name: event.staff.name }) : t('byShopOrShopper')}</p>
            {changes.map(([key, value]) => (
              <p key={key}>
                {key}: <bdi>{String(value)}</bdi>
              </p>
            ))}
          </li>
        );
      })}
    </ol>
  );
}

function Notes({ order, canWrite }: { order: StaffOrder; canWrite: boolean }) {
  const { t, locale } = useI18n();
  const note = useOrderNote(order.id);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const body = String(new FormData(form).get('body') ?? '').trim();
    if (body) note.mutate(body, { onSuccess: () => form.reset() });
  };
  return (
    <div className="flex flex-col gap-3">
      {order.staff_notes.length === 0 && <p className="text-sm text-mist">{t('noNotes')}</p>}
      <ul className="flex flex-col gap-2 text-sm">
        {order.staff_notes.map((n) => (
          <li key={n.id} className="rounded-md bg-smoke p-2">
            <p className="whitespace-pre-wrap">{n.body}</p>
            <p className="text-xs text-mist">
              {n.staff?.name} · {formatDate(locale, n.at)}
            </p>
          </li>
        ))}
      </ul>
      {canWrite && (
        <form onSubmit={submit} className="flex flex-col gap-2">
          <Field label={t('noteLabel')} name="body" maxLength={2000} required />
          {note.error instanceof ApiFailure && <Notice tone="error">{note.error.message}</Notice>}
          <Button type="submit" disabled={note.isPending}>
            {t('addNote')}
          </Button>
        </form>
      )}
    </div>
  );
}
