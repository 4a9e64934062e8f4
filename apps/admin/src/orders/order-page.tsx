/**
 * One order: its lines and every amount, the customer and address, payment and refunds, the actions its status and
 * the member's role allow (each sent with the order's version), the timeline (who moved it, when) with the audit
 * entries, and the internal notes. Usable on a phone: the courier hand-off happens here.
 */
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import { z } from 'zod';
import { staffMay, StaffDeliverAction, StaffOrderAction, StaffReasonAction, StaffShipAction, type StaffOrder } from '@attar/contract';
import { listComma, UNDO_SECONDS } from '@attar/contract/rules';
import { ApiFailure } from '../api/client';
import { useSession } from '../api/session';
import {
  changedOrder,
  useOrder,
  useOrderAction,
  useOrderNote,
  useOrderTagsChanged,
  useUndoOrderStep,
  type OrderActionRequest,
} from './api';
import { AddressLines, GiftInstructions, OrderLines, useLineName, useNameInSize } from './order-parts';
import { CourierPanel } from './courier-parts';
import { RefundDialog, ReturnsPanel } from './order-returns';
import { ConfirmationPanel } from './order-confirmation';
import { EditOrderDialog } from './order-edit';
import { mayEditOrder } from './order-edit-form';
import { useToast, useUndoToast } from '../components/toasts';
import { TagChips, TagEditor } from '../components/tag-editor';
import { PaymentLinkPanel } from './order-payment-link';
import {
  BackLink,
  Button,
  buttonClass,
  Dialog,
  DialogButtons,
  ErrorNotice,
  Field,
  Loading,
  Ltr,
  Money,
  Notice,
  Panel,
  StatusChip,
  TextArea,
} from '../components/ui';
import type { FieldChange } from '../audit/audit-diff';
import { AUDIT_FIELD_LABELS, auditActionKey, recordedValue } from '../audit/audit-words';
import { formatDate, formatList, formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import { actionAsksFirst, actionTarget, availableActions, mayRefund, type OrderAction } from './order-actions';
import { orderTimeline, type TimelineItem } from './order-timeline';
import type { MessageKey } from '../messages/en';

const orderRoute = getRouteApi('/frame/orders/$id');

const ACTION_LABELS: Record<OrderAction, MessageKey> = {
  confirm: 'actionConfirm',
  pack: 'actionPack',
  ship: 'actionShip',
  deliver: 'actionDeliver',
  cancel: 'actionCancel',
};
const DIALOG_TITLES: Record<OrderAction, MessageKey> = {
  confirm: 'actionConfirm',
  pack: 'actionPack',
  ship: 'shipTitle',
  deliver: 'deliverTitle',
  cancel: 'cancelTitle',
};
const isDestructive = (action: OrderAction) => action === 'cancel';

export function OrderPage() {
  const { id } = orderRoute.useParams();
  const order = useOrder(id);
  if (order.isPending) return <Loading />;
  if (order.isError) return <ErrorNotice error={order.error} />;
  return <OrderDetails order={order.data} />;
}

function OrderDetails({ order }: { order: StaffOrder }) {
  const { t, rich, locale } = useI18n();
  const toast = useToast();
  const role = useSession().data?.staff.role;
  const act = useOrderAction(order.id);
  const undoToast = useUndoToast();
  const undoStep = useUndoOrderStep(order.id);
  const tagsChanged = useOrderTagsChanged(order.id);
  const [asking, setAsking] = useState<OrderAction | null>(null);
  const [refunding, setRefunding] = useState(false);
  const [editing, setEditing] = useState(false);
  const actions = role ? availableActions(role, order.status) : [];
  const number = <Ltr>{order.order_number}</Ltr>;

  const run = (request: OrderActionRequest) =>
    act.mutate(request, {
      onSuccess: (updated) => {
        setAsking(null);
        const done = rich('actionDone', { number: <Ltr>{updated.order_number}</Ltr>, status: t(`status_${actionTarget(request.action)}`) });
        // A step that may still be taken back says so with its Undo; any other, in the usual toast.
        if (updated.undo)
          undoToast(done, () => undoStep.mutateAsync({ version: updated.version }), {
            done: (back) => rich('undoDone', { number: <Ltr>{back.order_number}</Ltr>, status: t(`status_${back.status}`) }),
            shownForMs: UNDO_SECONDS * 1000,
          });
        else toast(done);
      },
      // Someone else changed it first: the dialog's question may no longer apply; the page now shows the order as it is.
      onError: (error) => changedOrder(error) && setAsking(null),
    });
  const start = (action: OrderAction) => {
    act.reset();
    undoStep.reset();
    if (actionAsksFirst(action)) setAsking(action);
    else run({ action, body: { version: order.version } });
  };
  const printLink = (doc: 'slip' | 'invoice') => (
    <Link to="/print" search={{ orders: order.id, doc, paper: 'a4', lang: locale }} target="_blank" className={buttonClass()}>
      {t(doc === 'slip' ? 'printSlip' : 'printInvoice')}
    </Link>
  );

  return (
    <div className="flex flex-col gap-4">
      <BackLink to="/orders">{t('backToOrders')}</BackLink>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{rich('orderTitle', { number })}</h1>
        <StatusChip status={order.status} />
        <span className="text-sm text-mist">{formatDate(locale, order.created_at)}</span>
      </div>

      <Panel title={t('actions')}>
        <div className="flex flex-wrap gap-2">
          {actions.map((action) => (
            <Button
              key={action}
              variant={isDestructive(action) ? 'danger' : 'primary'}
              disabled={act.isPending}
              onClick={() => start(action)}
              className="grow sm:grow-0"
            >
              {t(ACTION_LABELS[action])}
            </Button>
          ))}
          {role && mayEditOrder(role, order.status) && (
            <Button onClick={() => setEditing(true)} className="grow sm:grow-0">
              {t('editOrder')}
            </Button>
          )}
          {role && mayRefund(role, order) && (
            <Button variant="danger" onClick={() => setRefunding(true)} className="grow sm:grow-0">
              {t('actionRefund')}
            </Button>
          )}
          {printLink('slip')}
          {printLink('invoice')}
        </div>
        {!asking && (
          <div className="mt-3">
            <ErrorNotice error={act.error ?? undoStep.error} />
          </div>
        )}
      </Panel>

      {role && <CourierPanel order={order} role={role} />}

      <Dialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking ? rich(DIALOG_TITLES[asking], { number }) : ''}
      >
        {asking && (
          <ActionForm
            action={asking}
            order={order}
            pending={act.isPending}
            error={act.error}
            onSubmit={run}
            onCancel={() => setAsking(null)}
          />
        )}
      </Dialog>

      <RefundDialog order={order} open={refunding} onOpenChange={setRefunding} />
      <EditOrderDialog order={order} open={editing} onOpenChange={setEditing} />

      <ConfirmationPanel order={order} />
      <PaymentLinkPanel order={order} />

      <div className="grid gap-4 lg:grid-cols-3">
        <Panel title={t('lines')} className="lg:col-span-2">
          <div className="overflow-x-auto">
            <OrderLines order={order} prices />
          </div>
        </Panel>
        <div className="flex flex-col gap-4">
          <Panel title={t('tags')}>
            <TagEditor
              kind="order"
              id={order.id}
              tags={order.tags}
              editable={Boolean(role && staffMay(role, 'tagOrders'))}
              changed={tagsChanged}
            />
          </Panel>
          <Panel title={t('customer')}>
            <p>
              <bdi>{order.customer.name}</bdi>
            </p>
            <p>
              <Ltr>{order.customer.phone}</Ltr>
            </p>
            {order.customer.email && (
              <p className="wrap-anywhere">
                <Ltr>{order.customer.email}</Ltr>
              </p>
            )}
            {order.customer.kind === 'account' && order.customer.user_id !== null && role && staffMay(role, 'readCustomers') ? (
              <Link
                to="/customers/$id"
                params={{ id: order.customer.user_id }}
                className="text-sm font-medium text-gold underline underline-offset-2"
              >
                {t('customerAccountLink')}
              </Link>
            ) : (
              <p className="text-sm text-mist">{t(order.customer.kind === 'account' ? 'customerAccount' : 'customerGuest')}</p>
            )}
            {order.customer_tags.length > 0 && (
              <div className="mt-2 flex flex-col gap-1">
                <p className="text-sm text-mist">{t('customerTags')}</p>
                <TagChips tags={order.customer_tags} label={t('customerTags')} />
              </div>
            )}
            {order.channel === 'phone' && (
              <p className="text-sm text-mist">{rich('placedByPhone', { name: <bdi>{order.placed_by?.name ?? t('nobody')}</bdi> })}</p>
            )}
          </Panel>
          <Panel title={t('address')}>
            <AddressLines address={order.address} />
            {order.gift && (
              <div className="mt-2 rounded border border-gold/40 p-2 text-sm">
                <GiftInstructions gift={order.gift} />
              </div>
            )}
            {order.notes && (
              <p className="mt-2 text-sm">
                <span className="text-mist">{t('shopperNotes')}: </span>
                <bdi>{order.notes}</bdi>
              </p>
            )}
          </Panel>
          <PaymentPanel order={order} />
        </div>
      </div>

      {role && <ReturnsPanel order={order} role={role} />}

      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title={t('timeline')}>
          <Timeline items={orderTimeline(order)} order={order} />
        </Panel>
        <Panel title={t('notes')}>
          <Notes order={order} canWrite={Boolean(role && staffMay(role, 'noteOrders'))} />
        </Panel>
      </div>
    </div>
  );
}

/** What the dialog asks before the action; checked with the contract's own schema before it is sent. */
const ACTION_SCHEMAS: Record<OrderAction, z.ZodType<OrderActionRequest['body']>> = {
  confirm: StaffOrderAction,
  pack: StaffOrderAction,
  ship: StaffShipAction,
  deliver: StaffDeliverAction,
  cancel: StaffReasonAction,
};
const FIELD_PROBLEMS: Record<string, MessageKey> = {
  courier: 'errorRequired',
  tracking_number: 'errorRequired',
  reason: 'errorRequired',
  cash_collected: 'errorAmount',
};

function ActionForm({
  action,
  order,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  action: OrderAction;
  order: StaffOrder;
  pending: boolean;
  error: unknown;
  onSubmit(request: OrderActionRequest): void;
  onCancel(): void;
}) {
  const { t } = useI18n();
  const [problems, setProblems] = useState<Record<string, string>>({});
  const collectsCash = action === 'deliver' && order.payment_method === 'cod';
  const apiFields = error instanceof ApiFailure ? error.fields : {};
  const problem = (field: string) => problems[field] ?? apiFields[field]?.join(' ');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    const body = {
      version: order.version,
      ...(action === 'ship' && { courier: text('courier'), tracking_number: text('tracking_number') }),
      ...(collectsCash && { cash_collected: text('cash_collected') === '' ? Number.NaN : Number(text('cash_collected')) }),
      ...(isDestructive(action) && { reason: text('reason') }),
    };
    const checked = ACTION_SCHEMAS[action].safeParse(body);
    if (!checked.success) {
      setProblems(
        Object.fromEntries(
          checked.error.issues.map((issue) => [String(issue.path[0]), t(FIELD_PROBLEMS[String(issue.path[0])] ?? 'errorRequired')]),
        ),
      );
      return;
    }
    setProblems({});
    onSubmit({ action, body: checked.data });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      {action === 'ship' && (
        <>
          <Field label={t('courier')} name="courier" required maxLength={80} autoComplete="off" error={problem('courier')} />
          <Field
            label={t('trackingNumber')}
            name="tracking_number"
            required
            maxLength={80}
            autoComplete="off"
            ltr
            error={problem('tracking_number')}
          />
        </>
      )}
      {action === 'deliver' && !collectsCash && <p className="text-sm text-mist">{t('deliverPaidHint')}</p>}
      {collectsCash && (
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
          error={problem('cash_collected')}
        />
      )}
      {isDestructive(action) && (
        <>
          <p className="text-sm text-mist">{t('cancelHint')}</p>
          <TextArea label={t('reason')} name="reason" required maxLength={500} error={problem('reason')} />
        </>
      )}
      {error instanceof ApiFailure && Object.keys(error.fields).length > 0 ? null : <ErrorNotice error={error} />}
      <DialogButtons onBack={onCancel}>
        <Button type="submit" variant={isDestructive(action) ? 'danger' : 'primary'} disabled={pending}>
          {t(ACTION_LABELS[action])}
        </Button>
      </DialogButtons>
    </form>
  );
}

function PaymentPanel({ order }: { order: StaffOrder }) {
  const { t, locale } = useI18n();
  const line = (label: string, value: ReactNode) => (
    <p className="mt-2 text-sm">
      <span className="text-mist">{label}: </span>
      {value}
    </p>
  );
  return (
    <Panel title={t('payment')}>
      <p>{t(`payment_${order.payment_method}`)}</p>
      {order.payments.map((payment) => (
        <div key={payment.id} className="mt-2 rounded-md bg-smoke p-2 text-sm">
          <p>
            {payment.purpose === 'balance' && `${t('paymentPurpose_balance')} · `}
            {t(`paymentStatus_${payment.status}`)} · <Money value={payment.amount} />
          </p>
          {payment.transaction_id && (
            <p className="text-xs text-mist">
              <Ltr>{payment.transaction_id}</Ltr>
            </p>
          )}
          {payment.refunded > 0 && (
            <p>
              {t('refunded')}: <Money value={payment.refunded} />
            </p>
          )}
          {payment.refunds.length > 0 && (
            <ul className="mt-1 text-mist">
              {payment.refunds.map((refund) => (
                <li key={refund.id}>
                  <Money value={refund.amount} /> · {t(`refundStatus_${refund.status}`)} · {formatDate(locale, refund.at)}
                  {refund.reason && ` · ${refundReason(t, refund.reason)}`}
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
      {order.balance_due > 0 && (
        <Notice tone="error">
          <p>
            {t('balanceDue')}: <Money value={order.balance_due} />
          </p>
          <p>{t('balanceDueHold')}</p>
        </Notice>
      )}
      {order.courier &&
        line(
          t('courier'),
          <>
            <bdi>{order.courier.name}</bdi> · {t('trackingNumber')}: <Ltr>{order.courier.tracking_number}</Ltr>
          </>,
        )}
      {order.cash_collected !== null && line(t('cashCollected'), <Money value={order.cash_collected} />)}
      {order.status_reason && line(t('reason'), <bdi>{order.status_reason}</bdi>)}
    </Panel>
  );
}

/** Why the gateway was asked to give money back, in words: the shop's own reasons by name, anything else as written. */
function refundReason(t: (key: MessageKey) => string, reason: string): string {
  if (reason === 'order_cancelled') return t('refundReason_orderCancelled');
  if (reason === 'paid_after_cancellation') return t('refundReason_paidAfterCancellation');
  if (reason === 'order_edited') return t('refundReason_orderEdited');
  if (/^order_refund:\d+$/.test(reason)) return t('refundReason_orderRefund');
  return reason;
}

const EDIT_ACTION = 'order.edit';

/** A recorded value with nothing to say: no value, an empty text or list, no points. */
const saysNothing = (value: unknown) =>
  value === undefined || value === null || value === '' || value === 0 || (Array.isArray(value) && value.length === 0);

type RecordedLine = { item: number; quantity: number };
const isRecordedLines = (value: unknown): value is RecordedLine[] =>
  Array.isArray(value) && value.every((line) => typeof line === 'object' && line !== null && 'item' in line && 'quantity' in line);

function ChangeLine({ change, order }: { change: FieldChange; order: StaffOrder }) {
  const { t, locale } = useI18n();
  const lineName = useLineName(order);
  // A tag removed is recorded as it was before: shown struck through.
  if (change.field === 'tag' && saysNothing(change.after))
    return (
      <p>
        <FieldLabel field={change.field} />
        <del>
          <bdi>{recordedValue(t, locale, change.field, change.before)}</bdi>
        </del>
      </p>
    );
  if (saysNothing(change.after) && change.field !== 'status_reason') return null;
  const value =
    change.field === 'lines' && isRecordedLines(change.after)
      ? formatList(
          locale,
          change.after.map((line) => `${lineName(line.item)} × ${formatNumber(locale, line.quantity)}`),
        )
      : change.field === 'return_id' && typeof change.after === 'number'
        ? t('returnNumber', { id: formatNumber(locale, change.after) })
        : typeof change.after === 'number' && !change.field.endsWith('_piastres')
          ? formatNumber(locale, change.after)
          : recordedValue(t, locale, change.field, change.after);
  return (
    <p>
      <FieldLabel field={change.field} />
      <bdi>{value}</bdi>
    </p>
  );
}

function FieldLabel({ field }: { field: string }) {
  const { t } = useI18n();
  const label = AUDIT_FIELD_LABELS[field];
  return <span className="text-mist">{label ? t(label) : <Ltr>{field}</Ltr>}: </span>;
}

/** A line as an edit records it (decision 0057): its name in both languages, its size, units and unit price. */
type EditedItem = { name: { en: string; ar: string }; size_ml: number | null; quantity: number };
const isEditedItems = (value: unknown): value is EditedItem[] =>
  Array.isArray(value) && value.every((line) => typeof line === 'object' && line !== null && 'name' in line && 'quantity' in line);
type EditedAddress = Record<string, unknown> & { region: { en: string; ar: string }; city: { en: string; ar: string } };
const isEditedAddress = (value: unknown): value is EditedAddress =>
  typeof value === 'object' && value !== null && 'region' in value && 'city' in value;
const ADDRESS_PARTS = ['name', 'phone', 'street', 'building', 'floor', 'apartment', 'landmark'] as const;

/** One value an edit changed, before or after, in words. */
function EditedValue({ field, value }: { field: string; value: unknown }) {
  const { t, locale } = useI18n();
  const nameInSize = useNameInSize();
  if (field === 'items' && isEditedItems(value))
    return formatList(
      locale,
      value.map((line) => {
        const name = line.size_ml === null ? line.name[locale] : nameInSize(line.name[locale], line.size_ml);
        return `${name} × ${formatNumber(locale, line.quantity)}`;
      }),
    );
  if (field === 'address' && isEditedAddress(value))
    return [...ADDRESS_PARTS.map((part) => String(value[part] ?? '')), value.city[locale], value.region[locale]]
      .filter(Boolean)
      .join(listComma(locale));
  if (typeof value === 'number' && !field.endsWith('_piastres')) return formatNumber(locale, value);
  return recordedValue(t, locale, field, value);
}

/** What an edit changed: each value before and after. */
function EditChangeLine({ change }: { change: FieldChange }) {
  const { t } = useI18n();
  return (
    <p>
      <FieldLabel field={change.field} />
      <bdi>
        <EditedValue field={change.field} value={change.before} />
      </bdi>{' '}
      <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
        →
      </span>
      <span className="sr-only">{t('to')}</span>{' '}
      <bdi>
        <EditedValue field={change.field} value={change.after} />
      </bdi>
    </p>
  );
}

/** An audit action in words, or as recorded when the shop no longer records it. */
function ActionName({ action }: { action: string }) {
  const { t } = useI18n();
  const key = auditActionKey(action);
  return key ? <span className="font-semibold">{t(key)}</span> : <Ltr>{action}</Ltr>;
}

function Timeline({ items, order }: { items: TimelineItem[]; order: StaffOrder }) {
  const { t, locale } = useI18n();
  return (
    <ol className="flex flex-col gap-3 text-sm">
      {items.map((item, index) => (
        <li key={index} className="border-s-2 border-gold/50 ps-3">
          <p className="flex flex-wrap items-center gap-2">
            {item.kind === 'status' ? (
              <>
                {item.from && (
                  <>
                    <StatusChip status={item.from} />
                    <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
                      →
                    </span>
                    <span className="sr-only">{t('to')}</span>
                  </>
                )}
                <StatusChip status={item.to} />
              </>
            ) : (
              <ActionName action={item.action} />
            )}
            <span className="text-mist">{formatDate(locale, item.at)}</span>
          </p>
          <p className="text-mist">{item.staff ? t('byStaff', { name: item.staff.name }) : t('byShopOrShopper')}</p>
          {item.changes.map((change) =>
            item.kind === 'audit' && item.action === EDIT_ACTION ? (
              <EditChangeLine key={change.field} change={change} />
            ) : (
              <ChangeLine key={change.field} change={change} order={order} />
            ),
          )}
        </li>
      ))}
    </ol>
  );
}

function Notes({ order, canWrite }: { order: StaffOrder; canWrite: boolean }) {
  const { t, locale } = useI18n();
  const toast = useToast();
  const note = useOrderNote(order.id);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const body = String(new FormData(form).get('body') ?? '').trim();
    if (!body) return setProblem(t('errorRequired'));
    setProblem(undefined);
    note.mutate(body, {
      onSuccess: () => {
        form.reset();
        toast(t('noteAdded'));
      },
    });
  };
  return (
    <div className="flex flex-col gap-3">
      {order.staff_notes.length === 0 ? (
        <p className="text-sm text-mist">{t('noNotes')}</p>
      ) : (
        <ul className="flex flex-col gap-2 text-sm">
          {order.staff_notes.map((entry) => (
            <li key={entry.id} className="rounded-md bg-smoke p-2">
              <p className="whitespace-pre-wrap" dir="auto">
                {entry.body}
              </p>
              <p className="text-xs text-mist">
                {entry.staff?.name ?? '—'} · {formatDate(locale, entry.at)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
          <TextArea label={t('noteLabel')} name="body" maxLength={2000} required error={problem} />
          <ErrorNotice error={note.error} />
          <Button type="submit" className="self-start" disabled={note.isPending}>
            {t('addNote')}
          </Button>
        </form>
      )}
    </div>
  );
}
