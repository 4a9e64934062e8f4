/**
 * Refunds and returns on the order page: the refund form (units, each back on the shelf or not, and/or an amount), and
 * the order's returns with the steps the member's role may take (approve, reject, receive, refund) and what was refunded.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  CASH_REFUND_METHODS,
  isSentCashRefund,
  StaffRefundRequest,
  StaffReturnDecision,
  StaffReturnReceipt,
  StaffReturnRefund,
  StaffReturnRejection,
  type CashRefundMethod,
  type OrderReturn,
  type ReturnStatus,
  type StaffOrder,
  type StaffRole,
} from '@attar/contract';
import type { z } from 'zod';
import { changedOrder, useRefund, useReturnStep } from './api';
import { formatDate, formatMoney, formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import { availableReturnSteps, type ReturnStep } from './order-actions';
import type { MessageKey } from '../messages/en';
import { useLineName } from './order-parts';
import { useToast } from '../components/toasts';
import {
  Button,
  Chip,
  ChoiceSelect,
  Dialog,
  DialogButtons,
  ErrorNotice,
  Field,
  Ltr,
  Money,
  Notice,
  Panel,
  TextArea,
} from '../components/ui';

/** Units of a line no refund and no return under way holds. */
const refundableUnits = (line: StaffOrder['items'][number]) => line.quantity - (line.refunded_quantity ?? 0) - (line.return_quantity ?? 0);
/** Pounds typed in a field: empty is "not given"; anything else must be a number (else NaN, which the schema refuses). */
const poundsOrNothing = (typed: string) => (typed.trim() === '' ? undefined : Number(typed));
const fieldProblems = (error: z.ZodError, message: string) =>
  Object.fromEntries(error.issues.map((issue) => [issue.path.join('.') || 'form', message]));

/** A refund's fields as the form holds them: the amount typed, and for a cash order how the money goes back. */
function refundFields(data: FormData, order: StaffOrder) {
  const typed = (name: string) => String(data.get(name) ?? '').trim();
  const amount = poundsOrNothing(typed('amount'));
  if (order.payment_method !== 'cod') return { amount };
  return {
    amount,
    cash_method: (typed('cash_method') || undefined) as CashRefundMethod | undefined,
    cash_reference: typed('cash_reference') || undefined,
  };
}
/** The message for a refund's field the form refuses. */
const REFUND_PROBLEMS: Record<string, MessageKey> = {
  amount: 'errorAmount',
  lines: 'refundNothing',
  cash_method: 'cashRefundMethodMissing',
  cash_reference: 'cashRefundReferenceMissing',
};
/**
 * What the form refuses in a refund, each field with its message: what the contract's schema found (`issues`), and a
 * cash order's refund that does not say how the money goes back (the API would refuse it; asked here first).
 */
function refundRefusals(order: StaffOrder, fields: ReturnType<typeof refundFields>, issues: readonly { path: PropertyKey[] }[]) {
  const refused: Record<string, MessageKey> = Object.fromEntries(
    issues.map((issue) => [String(issue.path[0]), REFUND_PROBLEMS[String(issue.path[0])] ?? 'errorRequired']),
  );
  if (order.payment_method === 'cod' && !('cash_method' in fields && fields.cash_method)) refused.cash_method = 'cashRefundMethodMissing';
  return refused;
}

/**
 * How a cash order's refund goes back to its shopper — the shop hands cash back itself, unlike a card's through its
 * gateway — and, for a transfer, where it was sent.
 */
function CashRefundFields({ order, problems }: { order: StaffOrder; problems: Record<string, string> }) {
  const { t } = useI18n();
  const [method, setMethod] = useState<CashRefundMethod | ''>('');
  if (order.payment_method !== 'cod') return null;
  return (
    <fieldset className="flex flex-col gap-3">
      <p className="text-sm text-mist">{t('cashRefundHint')}</p>
      <ChoiceSelect
        label={t('cashRefundMethod')}
        name="cash_method"
        required
        value={method}
        onChange={(event) => setMethod(event.target.value as CashRefundMethod | '')}
        first={t('cashRefundChoose')}
        choices={CASH_REFUND_METHODS.map((value) => ({ value, label: t(`cashRefund_${value}`) }))}
        error={problems.cash_method}
      />
      {method !== '' && isSentCashRefund(method) && (
        <Field
          label={t(`cashRefundReference_${method}`)}
          name="cash_reference"
          required
          maxLength={100}
          ltr
          error={problems.cash_reference}
        />
      )}
    </fieldset>
  );
}

export function RefundDialog({ order, open, onOpenChange }: { order: StaffOrder; open: boolean; onOpenChange(open: boolean): void }) {
  const { t, rich, locale } = useI18n();
  const lineName = useLineName(order);
  const toast = useToast();
  const refund = useRefund(order.id);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const left = Math.round((order.total - order.refunded) * 100) / 100;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const lines = order.items.flatMap((line) => {
      const quantity = Number(data.get(`quantity-${line.id}`) ?? 0);
      return quantity > 0 ? [{ item: line.id, quantity, restock: data.get(`restock-${line.id}`) === 'on' }] : [];
    });
    const fields = refundFields(data, order);
    const checked = StaffRefundRequest.safeParse({ version: order.version, reason: String(data.get('reason') ?? ''), lines, ...fields });
    const refused = refundRefusals(order, fields, checked.error?.issues ?? []);
    if (!checked.success || Object.keys(refused).length > 0) {
      setProblems(Object.fromEntries(Object.entries(refused).map(([field, key]) => [field, t(key)])));
      return;
    }
    setProblems({});
    refund.mutate(checked.data, {
      onSuccess: (updated) => {
        onOpenChange(false);
        const given = Math.round((updated.refunded - order.refunded) * 100) / 100;
        toast(rich('refundDone', { amount: formatMoney(locale, given), number: <Ltr>{updated.order_number}</Ltr> }));
      },
      onError: (error) => changedOrder(error) && onOpenChange(false),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={rich('refundTitle', { number: <Ltr>{order.order_number}</Ltr> })}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <p className="text-sm text-mist">{t('refundHint')}</p>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium">{t('refundUnits')}</legend>
          {order.items.map((line) => {
            const units = refundableUnits(line);
            return (
              <div key={line.id} className="grid grid-cols-[1fr_auto] items-end gap-x-3 gap-y-1 rounded-md border border-line p-2">
                <p className="col-span-2 text-sm">
                  {lineName(line.id)} · <Money value={line.price} />
                </p>
                <Field
                  label={t('refundQuantity', { count: units })}
                  name={`quantity-${line.id}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={units}
                  defaultValue={0}
                  disabled={units === 0}
                  ltr
                />
                <label className="flex min-h-10 items-center gap-2 text-sm">
                  <input type="checkbox" name={`restock-${line.id}`} defaultChecked disabled={units === 0} className="size-4 accent-gold" />
                  {t('restock')}
                </label>
              </div>
            );
          })}
        </fieldset>
        <p className="text-sm">{rich('leftToRefund', { amount: <Money value={left} /> })}</p>
        <Field
          label={t('refundAmount')}
          name="amount"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          max={left}
          ltr
          error={problems.amount}
        />
        <p className="-mt-2 text-xs text-mist">{t('refundAmountHint')}</p>
        <CashRefundFields order={order} problems={problems} />
        <TextArea label={t('reason')} name="reason" required maxLength={500} error={problems.reason} />
        {problems.lines ? <Notice tone="error">{problems.lines}</Notice> : <ErrorNotice error={refund.error} />}
        <DialogButtons onBack={() => onOpenChange(false)}>
          <Button type="submit" variant="danger" disabled={refund.isPending}>
            {t('actionRefund')}
          </Button>
        </DialogButtons>
      </form>
    </Dialog>
  );
}

const STEP_LABELS: Record<ReturnStep, MessageKey> = {
  approve: 'returnApprove',
  reject: 'returnReject',
  receive: 'returnReceive',
  refund: 'returnRefund',
};
const STEP_TARGET: Record<ReturnStep, ReturnStatus> = { approve: 'approved', reject: 'rejected', receive: 'received', refund: 'refunded' };
const STEP_SCHEMAS: Record<ReturnStep, z.ZodType<Record<string, unknown>>> = {
  approve: StaffReturnDecision,
  reject: StaffReturnRejection,
  receive: StaffReturnReceipt,
  refund: StaffReturnRefund,
};

const RETURN_COLOURS: Record<ReturnStatus, string> = {
  requested: 'bg-gold/20 text-gold-bright',
  approved: 'bg-sky-400/15 text-sky-300',
  rejected: 'bg-danger/15 text-danger',
  received: 'bg-violet-400/15 text-violet-300',
  refunded: 'bg-success/25 text-emerald-300',
};
export function ReturnChip({ status }: { status: ReturnStatus }) {
  const { t } = useI18n();
  return <Chip colours={RETURN_COLOURS[status]}>{t(`returnStatus_${status}`)}</Chip>;
}

export function ReturnsPanel({ order, role }: { order: StaffOrder; role: StaffRole }) {
  const { t, locale } = useI18n();
  const lineName = useLineName(order);
  const [asking, setAsking] = useState<{ ret: OrderReturn; step: ReturnStep } | null>(null);
  if (!order.returns.length && !order.refunds.length) return null;
  const dated = (key: MessageKey, at: string | null) => at && <li>{t(key, { date: formatDate(locale, at) })}</li>;
  return (
    <Panel title={t('returnsTitle')}>
      <div className="flex flex-col gap-4">
        {order.returns.map((ret) => (
          <article key={ret.id} className="rounded-md bg-smoke p-3 text-sm" aria-label={t('returnNumber', { id: ret.id })}>
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{t('returnNumber', { id: ret.id })}</span>
              <ReturnChip status={ret.status} />
            </p>
            <ul className="mt-2">
              {ret.lines.map((line) => (
                <li key={line.item}>
                  {formatNumber(locale, line.quantity)} × {lineName(line.item)}
                  {line.restocked !== null && <span className="text-mist"> · {t(line.restocked ? 'restockedYes' : 'restockedNo')}</span>}
                </li>
              ))}
            </ul>
            <p className="mt-2">
              <span className="text-mist">{t('returnReason')}: </span>
              <bdi>{ret.reason}</bdi>
            </p>
            {ret.staff_message && (
              <p>
                <span className="text-mist">{t('staffMessage')}: </span>
                <bdi>{ret.staff_message}</bdi>
              </p>
            )}
            <ul className="mt-1 text-xs text-mist">
              {dated('returnRequestedAt', ret.created_at)}
              {dated('returnDecidedAt', ret.decided_at)}
              {dated('returnReceivedAt', ret.received_at)}
              {dated('returnRefundedAt', ret.refunded_at)}
            </ul>
            <div className="mt-2 flex flex-wrap gap-2">
              {availableReturnSteps(role, ret.status).map((step) => (
                <Button key={step} variant={step === 'reject' ? 'danger' : 'primary'} onClick={() => setAsking({ ret, step })}>
                  {t(STEP_LABELS[step])}
                </Button>
              ))}
            </div>
          </article>
        ))}
        {order.refunds.length > 0 && (
          <div>
            <h3 className="mb-1 text-sm font-medium">{t('refundsHeading')}</h3>
            <ul className="flex flex-col gap-1 text-sm">
              {order.refunds.map((refund) => (
                <li key={refund.id}>
                  <Money value={refund.amount} /> · {formatDate(locale, refund.created_at)}
                  {refund.cash_method && (
                    <span>
                      {' · '}
                      {t(`cashRefund_${refund.cash_method}`)}
                      {refund.cash_reference && (
                        <>
                          {' '}
                          (<Ltr>{refund.cash_reference}</Ltr>)
                        </>
                      )}
                    </span>
                  )}
                  {refund.lines.length > 0 && (
                    <span className="text-mist">
                      {' · '}
                      {refund.lines.map((line) => `${formatNumber(locale, line.quantity)} × ${lineName(line.item)}`).join('، ')}
                    </span>
                  )}
                  {refund.points_reversed > 0 && (
                    <span className="text-mist">
                      {' · '}
                      {t('pointsReversed', { count: refund.points_reversed })}
                    </span>
                  )}
                  {refund.points_returned > 0 && (
                    <span className="text-mist">
                      {' · '}
                      {t('pointsReturned', { count: refund.points_returned })}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <Dialog open={asking !== null} onOpenChange={(open) => !open && setAsking(null)} title={asking ? t(STEP_LABELS[asking.step]) : ''}>
        {asking && <ReturnStepForm order={order} ret={asking.ret} step={asking.step} onDone={() => setAsking(null)} />}
      </Dialog>
    </Panel>
  );
}

function ReturnStepForm({ order, ret, step, onDone }: { order: StaffOrder; ret: OrderReturn; step: ReturnStep; onDone(): void }) {
  const { t, locale } = useI18n();
  const lineName = useLineName(order);
  const toast = useToast();
  const move = useReturnStep();
  const [problems, setProblems] = useState<Record<string, string>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    const body =
      step === 'receive'
        ? { lines: ret.lines.map((line) => ({ item: line.item, restock: data.get(`restock-${line.item}`) === 'on' })) }
        : step === 'refund'
          ? refundFields(data, order)
          : { message: step === 'approve' && text('message').trim() === '' ? undefined : text('message') };
    const checked = STEP_SCHEMAS[step].safeParse(body);
    if (step === 'refund') {
      const refused = refundRefusals(order, body as ReturnType<typeof refundFields>, checked.error?.issues ?? []);
      if (Object.keys(refused).length > 0)
        return setProblems(Object.fromEntries(Object.entries(refused).map(([field, key]) => [field, t(key)])));
    }
    if (!checked.success) return setProblems(fieldProblems(checked.error, t('errorRequired')));
    setProblems({});
    move.mutate(
      { returnId: ret.id, step, body: checked.data },
      {
        onSuccess: () => {
          onDone();
          toast(t('returnStepDone', { status: t(`returnStatus_${STEP_TARGET[step]}`) }));
        },
      },
    );
  };

  let fields: ReactNode;
  if (step === 'receive') {
    fields = (
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm text-mist">{t('receiveHint')}</legend>
        {ret.lines.map((line) => (
          <label key={line.item} className="flex min-h-10 items-center gap-2 text-sm">
            <input type="checkbox" name={`restock-${line.item}`} defaultChecked className="size-4 accent-gold" />
            {formatNumber(locale, line.quantity)} × {lineName(line.item)} · {t('restock')}
          </label>
        ))}
      </fieldset>
    );
  } else if (step === 'refund') {
    fields = (
      <>
        <Field label={t('refundAmount')} name="amount" type="number" inputMode="decimal" step="0.01" min="0" ltr error={problems.amount} />
        <p className="-mt-2 text-xs text-mist">{t('refundAmountHint')}</p>
        <CashRefundFields order={order} problems={problems} />
      </>
    );
  } else {
    fields = (
      <TextArea
        label={t(step === 'approve' ? 'approveMessage' : 'rejectMessage')}
        name="message"
        required={step === 'reject'}
        maxLength={500}
        error={problems.message}
      />
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      {fields}
      <ErrorNotice error={move.error} />
      <DialogButtons onBack={onDone}>
        <Button type="submit" variant={step === 'reject' ? 'danger' : 'primary'} disabled={move.isPending}>
          {t(STEP_LABELS[step])}
        </Button>
      </DialogButtons>
    </form>
  );
}
