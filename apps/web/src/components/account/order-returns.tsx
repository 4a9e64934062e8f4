'use client';
/**
 * Returns on the shopper's order card: the "Return items" dialog (units per line and a reason, within the returns
 * window) and, in the order's details, each return's steps with the shop's message and each refund.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import type { Order, OrderRefund, OrderReturn } from '@attar/contract';
import { formatDate } from '@/i18n/formats';
import { requestReturn } from '@/lib/api/orders';
import { lineName } from '../orders/order-summary';
import { returnableLines, returnRequestLines, returnSteps } from '../orders/returns';
import { Price } from '../price';
import { useFormatNumber } from '../use-format-number';
import { FIELD_INPUT, FIELD_LABEL } from './field-frame';
import { ORDER_DIALOG, useOrderDialog } from './order-dialog';

const REASON_MAX = 500;

type ReturnDialogProps = { order: Order; onRequested: (order: Order) => void; onClose: () => void };

/** The request, as a modal dialog: how many units of each line (none by default) and why. */
export function ReturnRequestDialog({ order, onRequested, onClose }: ReturnDialogProps) {
  const t = useTranslations('common.orders.returns');
  const tSummary = useTranslations('common.orders.summary');
  const locale = useLocale();
  const formatNumber = useFormatNumber();
  const id = useId();
  const { dialog, busy, run, close } = useOrderDialog(onRequested);
  const lines = returnableLines(order);
  const [chosen, setChosen] = useState<Record<number, number>>({});
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ units?: string; reason?: string }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const requestLines = returnRequestLines(chosen);
    const found = {
      units: requestLines.length === 0 ? t('unitsRequired') : undefined,
      reason: reason.trim() === '' ? t('reasonRequired') : undefined,
    };
    setErrors(found);
    if (found.units || found.reason) return;
    await run(
      () => requestReturn(order.id, { reason: reason.trim(), lines: requestLines }, locale),
      t('requested', { number: order.order_number }),
    );
  }

  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby={`${id}-title`} className={`${ORDER_DIALOG} max-h-[90dvh] w-[min(94vw,32rem)]`}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <div className="flex flex-col gap-2">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {t.rich('title', { number: order.order_number, ltr: (chunks) => <span dir="ltr">{chunks}</span> })}
          </h2>
          {order.returnable_until && (
            <p className="text-sm text-mist">{t('until', { date: formatDate(order.returnable_until, locale) })}</p>
          )}
        </div>
        <fieldset aria-describedby={errors.units ? `${id}-units-error` : undefined} className="flex flex-col gap-3">
          <legend className={`${FIELD_LABEL} mb-2`}>{t('units')}</legend>
          {lines.map(({ line, left }) => (
            <div key={line.id} className="flex items-center justify-between gap-3">
              <label htmlFor={`${id}-line-${line.id}`} className="min-w-0 text-sm text-cream">
                {lineName(line) ?? tSummary('unavailableItem')}
              </label>
              <select
                id={`${id}-line-${line.id}`}
                value={chosen[line.id] ?? 0}
                onChange={(event) => setChosen((before) => ({ ...before, [line.id]: Number(event.target.value) }))}
                aria-invalid={errors.units ? true : undefined}
                className={`${FIELD_INPUT} w-24 shrink-0`}
              >
                {Array.from({ length: left + 1 }, (_, units) => (
                  <option key={units} value={units}>
                    {formatNumber(units)}
                  </option>
                ))}
              </select>
            </div>
          ))}
          {errors.units && (
            <p id={`${id}-units-error`} className="text-sm text-danger">
              {errors.units}
            </p>
          )}
        </fieldset>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-reason`} className={FIELD_LABEL}>
            {t('reason')}
          </label>
          <textarea
            id={`${id}-reason`}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={REASON_MAX}
            rows={3}
            aria-required
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
            className={`${FIELD_INPUT} h-auto py-3`}
          />
          {errors.reason && (
            <p id={`${id}-reason-error`} className="text-sm text-danger">
              {errors.reason}
            </p>
          )}
        </div>
        <p className="text-sm text-mist">{t('howItWorks')}</p>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" onClick={close} className="btn-outline">
            {t('close')}
          </button>
          <button type="submit" disabled={busy} aria-busy={busy || undefined} className="btn-gold">
            {t('send')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** The order's returns, newest first, and the money refunded on it (also without a return). */
export function OrderReturns({ order }: { order: Order }) {
  const t = useTranslations('common.orders.returns');
  const locale = useLocale();
  const returns = [...(order.returns ?? [])].reverse();
  const refunds = order.refunds ?? [];
  if (returns.length === 0 && refunds.length === 0) return null;
  const refundValues = (refund: OrderRefund) => ({
    date: formatDate(refund.created_at, locale),
    amount: () => <Price amount={refund.amount} className="text-cream" />,
  });
  return (
    <section aria-labelledby={`returns-${order.id}`} className="flex flex-col gap-3">
      <h4 id={`returns-${order.id}`} className="text-sm font-semibold text-cream">
        {t('heading')}
      </h4>
      {returns.map((ret) => (
        <ReturnEntry key={ret.id} order={order} ret={ret} />
      ))}
      {refunds.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm text-mist">
          {refunds.map((refund) => (
            <li key={refund.id}>
              {refund.cash_method
                ? t.rich('refundCash', { ...refundValues(refund), how: t(`cashRefund.${refund.cash_method}`) })
                : t.rich('refund', refundValues(refund))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ReturnEntry({ order, ret }: { order: Order; ret: OrderReturn }) {
  const t = useTranslations('common.orders.returns');
  const tSummary = useTranslations('common.orders.summary');
  const locale = useLocale();
  const formatNumber = useFormatNumber();
  const byId = new Map(order.items.map((line) => [line.id, line]));
  const steps = returnSteps(ret);
  // Where the return stands: its latest step taken.
  const current = steps.findLast((step) => step.done);
  return (
    <article className="flex flex-col gap-3 rounded-xl border border-line/60 p-3 text-sm">
      <ol aria-label={t('steps')} className="flex flex-wrap gap-x-4 gap-y-1">
        {steps.map((step) => (
          <li
            key={step.name}
            aria-current={step === current ? 'step' : undefined}
            className={step.done ? (step.name === 'rejected' ? 'text-danger' : 'text-[#7fd6a2]') : 'text-mist/70'}
          >
            {t(`step.${step.name}`)}
            {step.at && <span className="text-mist"> · {formatDate(step.at, locale)}</span>}
          </li>
        ))}
      </ol>
      <ul className="flex flex-col gap-1 text-cream">
        {ret.lines.map((returned) => {
          const line = byId.get(returned.item);
          return (
            <li key={returned.item}>
              {t('line', {
                name: (line && lineName(line)) ?? tSummary('unavailableItem'),
                count: formatNumber(returned.quantity),
              })}
            </li>
          );
        })}
      </ul>
      <p className="text-mist">{t('yourReason', { reason: ret.reason })}</p>
      {ret.staff_message && <p className="text-cream">{t('shopMessage', { message: ret.staff_message })}</p>}
    </article>
  );
}
