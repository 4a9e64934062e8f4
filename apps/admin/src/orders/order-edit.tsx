/**
 * Editing an order before its hand-over (decision 0057): its lines (units, sizes, removed, added with the phone
 * order's finder), its address (the phone order's fields), the fee set by hand where the role may, and a summary the
 * API answers for every change before anything is saved (total now → new total, the difference, money back, stock
 * short, a promotion that no longer applies). "Save changes" sends the version the dialog was opened on.
 */
import { useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { staffMay, StaffOrderEditRequest, StockConflictBody, type StaffOrder, type StaffOrderEditPreview } from '@attar/contract';
import { ApiFailure } from '../api/client';
import { useSession } from '../api/session';
import { useToast } from '../components/toasts';
import { Button, Dialog, ErrorNotice, Field, Ltr, Money, Notice, Select } from '../components/ui';
import { formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import { useEditOrder, useOrderEditPreview } from './api';
import { AddressFields, ProductFinder, RemoveLineButton, ShortLinesNotice, UnitsField } from './line-editing';
import { AddressLines, useNameInSize } from './order-parts';
import {
  addedLine,
  editLines,
  lineKey,
  orderEditField,
  orderEditForm,
  orderEditRequest,
  unitsAvailable,
  type EditLine,
  type OrderEditForm,
} from './order-edit-form';

export function EditOrderDialog({ order, open, onOpenChange }: { order: StaffOrder; open: boolean; onOpenChange(open: boolean): void }) {
  const { rich } = useI18n();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} wide title={rich('editOrderTitle', { number: <Ltr>{order.order_number}</Ltr> })}>
      {open && <EditOrderForm order={order} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

type ShortLines = StaffOrderEditPreview['short'];

function EditOrderForm({ order, onDone }: { order: StaffOrder; onDone(): void }) {
  const { t, rich } = useI18n();
  const toast = useToast();
  const role = useSession().data?.staff.role;
  const save = useEditOrder(order.id);
  // The version the member decided on: a change by someone else meanwhile is a 409, never overwritten.
  const [version] = useState(order.version);
  const form = useForm<OrderEditForm>({ defaultValues: orderEditForm(order) });
  const [lines, setLines] = useState<EditLine[]>(() => editLines(order));
  const [linesError, setLinesError] = useState<string>();
  const values = useWatch({ control: form.control }) as OrderEditForm;
  const request = StaffOrderEditRequest.safeParse(orderEditRequest({ version }, values, lines));
  const preview = useOrderEditPreview(order.id, request.success ? request.data : null);
  const shortOnSave: ShortLines =
    save.error instanceof ApiFailure && save.error.code === 'stock_conflict' ? StockConflictBody.parse(save.error.body).lines : [];

  const submit = form.handleSubmit(async (current) => {
    form.clearErrors();
    setLinesError(undefined);
    const checked = StaffOrderEditRequest.safeParse(orderEditRequest({ version }, current, lines));
    if (!checked.success) return showProblems(checked.error.issues.map((issue) => [issue.path, undefined]));
    try {
      const updated = await save.mutateAsync(checked.data);
      toast(rich('orderEdited', { number: <Ltr>{updated.order_number}</Ltr> }));
      onDone();
    } catch (error) {
      if (error instanceof ApiFailure) showProblems(Object.entries(error.fields).map(([field, messages]) => [field, messages.join(' ')]));
    }
  });

  /** Each problem under its field: the API's own words, or the form's for what the schema found. */
  function showProblems(problems: [readonly PropertyKey[] | string, string | undefined][]) {
    for (const [path, message] of problems) {
      const field = orderEditField(path);
      if (field === 'items') setLinesError(message ?? t('editNoLines'));
      else if (field)
        form.setError(field, { type: 'invalid', message: message ?? t(field === 'fee_amount' ? 'errorAmount' : 'errorRequired') });
    }
  }

  const mayFee = Boolean(role && staffMay(role, 'setDeliveryFees'));
  const { change_address: changeAddress, fee_by_hand: feeByHand } = values;
  const { errors } = form.formState;
  const fieldErrors = save.error instanceof ApiFailure && Object.keys(save.error.fields).length > 0;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <section className="flex flex-col gap-3">
        <h3 className="font-semibold">{t('lines')}</h3>
        <EditLines lines={lines} onChange={setLines} />
        {linesError && (
          <p role="alert" className="text-sm text-danger">
            {linesError}
          </p>
        )}
        <ProductFinder onAdd={(product, size) => setLines(addedLine(lines, product, size.id))} />
      </section>

      <section className="flex flex-col gap-3">
        <h3 className="font-semibold">{t('address')}</h3>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-gold" {...form.register('change_address')} />
          {t('changeAddress')}
        </label>
        {changeAddress ? <AddressFields form={form} /> : <AddressLines address={order.address} />}
      </section>

      <section className="flex flex-col gap-3">
        <h3 className="font-semibold">{t('deliveryFee')}</h3>
        {mayFee ? (
          <>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4 accent-gold" {...form.register('fee_by_hand')} />
              {t('feeByHand')}
            </label>
            {feeByHand ? (
              <div className="grid gap-3 sm:grid-cols-2">
                <Field
                  label={t('feeAmount')}
                  type="number"
                  inputMode="decimal"
                  step="0.01"
                  min="0"
                  ltr
                  error={errors.fee_amount?.message}
                  {...form.register('fee_amount')}
                />
                <Field label={t('feeReason')} maxLength={500} error={errors.fee_reason?.message} {...form.register('fee_reason')} />
              </div>
            ) : (
              <p className="text-sm text-mist">{t('feeByRule')}</p>
            )}
          </>
        ) : (
          <p className="text-sm text-mist">
            {order.delivery_fee_reason
              ? rich('feeKeptByHand', { amount: <Money value={order.delivery_fee} />, reason: <bdi>{order.delivery_fee_reason}</bdi> })
              : t('feeByRule')}
          </p>
        )}
      </section>

      <EditSummary order={order} preview={preview.data} shortOnSave={shortOnSave} form={form} />
      {preview.error ? <ErrorNotice error={preview.error} /> : null}
      {save.error && !fieldErrors && !shortOnSave.length ? <ErrorNotice error={save.error} /> : null}

      <div className="flex flex-wrap justify-end gap-2">
        <Button onClick={onDone}>{t('keepAsIs')}</Button>
        <Button type="submit" variant="primary" disabled={save.isPending || !savable(preview.data, values.remove_promotion)}>
          {t('saveChanges')}
        </Button>
      </div>
    </form>
  );
}

/** Whether the preview lets the edit be saved: nothing short, nothing refused, a promotion that went taken off. */
const savable = (preview: StaffOrderEditPreview | undefined, removePromotion: boolean) =>
  !preview || (!preview.short.length && !preview.refused && (!preview.promotion || preview.promotion.applies || removePromotion));

/** The lines: a product's size chosen among its sizes, units up to what can be had, a line removed. */
function EditLines({ lines, onChange }: { lines: EditLine[]; onChange(lines: EditLine[]): void }) {
  const { t, locale } = useI18n();
  const nameInSize = useNameInSize();
  const replace = (line: EditLine, next: EditLine) => onChange(lines.map((each) => (each === line ? next : each)));
  return (
    <ul aria-label={t('lines')} className="flex flex-col gap-2">
      {lines.map((line) => {
        const name = line.kind === 'product' ? line.product.name : line.offer.name;
        return (
          <li key={lineKey(line)} className="flex flex-wrap items-end gap-3 rounded-md border border-line p-2 text-sm">
            <span className="flex-1 self-center">{name}</span>
            {line.kind === 'product' && (
              <Select
                label={t('sizeOf', { name })}
                hideLabel
                value={String(line.variant)}
                onChange={(event) => replace(line, { ...line, variant: Number(event.target.value), held: 0 })}
              >
                {line.product.variants.map((size) => (
                  <option key={size.id} value={size.id}>
                    {nameInSize(line.product.name, size.ml)} · {formatNumber(locale, size.price)}
                  </option>
                ))}
              </Select>
            )}
            <UnitsField
              label={t('unitsOf', { name })}
              units={line.quantity}
              stock={Math.max(unitsAvailable(line), line.quantity)}
              onUnits={(quantity) => replace(line, { ...line, quantity })}
            />
            <RemoveLineButton name={name} onRemove={() => onChange(lines.filter((each) => each !== line))} />
          </li>
        );
      })}
    </ul>
  );
}

/** What saving would do, as the API answers it: the totals, money back, stock short, the promotion, a refusal. */
function EditSummary({
  order,
  preview,
  shortOnSave,
  form,
}: {
  order: StaffOrder;
  preview: StaffOrderEditPreview | undefined;
  shortOnSave: ShortLines;
  form: UseFormReturn<OrderEditForm>;
}) {
  const { t, rich } = useI18n();
  const short = preview?.short.length ? preview.short : shortOnSave;
  return (
    <section aria-label={t('editSummary')} aria-live="polite" className="flex flex-col gap-2 rounded-md border border-line p-3">
      <h3 className="font-semibold">{t('editSummary')}</h3>
      <dl className="grid grid-cols-[auto_auto] justify-start gap-x-6 gap-y-1 text-sm">
        <dt className="text-mist">{t('totalNow')}</dt>
        <dd className="text-end" data-testid="edit-total-now">
          <Money value={order.total} />
        </dd>
        <dt className="text-mist">{t('newTotal')}</dt>
        <dd className="text-end font-semibold" data-testid="edit-new-total">
          {preview ? <Money value={preview.after.total} /> : '—'}
        </dd>
        <dt className="text-mist">{t('difference')}</dt>
        <dd className="text-end" data-testid="edit-difference">
          {preview ? <Money value={preview.difference} /> : '—'}
        </dd>
      </dl>
      {preview && preview.refund > 0 && <Notice>{rich('editRefund', { amount: <Money value={preview.refund} /> })}</Notice>}
      {preview && preview.balance_due > 0 && <Notice>{rich('editBalanceDue', { amount: <Money value={preview.balance_due} /> })}</Notice>}
      {preview?.promotion && !preview.promotion.applies && (
        <Notice tone="error">
          <p>{rich('editPromotionGone', { code: <Ltr>{preview.promotion.code}</Ltr>, detail: preview.promotion.detail ?? '' })}</p>
          <label className="mt-2 flex items-center gap-2">
            <input type="checkbox" className="size-4 accent-gold" {...form.register('remove_promotion')} />
            {t('removePromotion')}
          </label>
        </Notice>
      )}
      {preview?.refused && <Notice tone="error">{preview.refused.detail}</Notice>}
      <ShortLinesNotice lines={short} />
    </section>
  );
}
