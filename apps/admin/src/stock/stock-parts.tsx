/**
 * What the stock screens share: the gate (owners, managers, fulfilment), a table of sizes with their stock, and each
 * size's adjustment form (received, damaged, correction), checked by the contract's schema in the screen's language
 * with the API's field errors under their fields.
 */
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { STAFF_STOCK_REASONS, staffMay, type StaffStockAdjustment, type StaffStockRow } from '@attar/contract';
import { ApiFailure } from '../api/client';
import { useSession } from '../api/session';
import { useAdjustStock } from './api';
import { formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import { emptyStockForm, QUANTITY_LABELS, stockFieldOf, stockResolver, type StockForm } from './stock-form';
import { nameIn, placeFieldErrors, useErrorText } from '../components/form-parts';
import { OtherName, PublicationChip, SizesMl } from '../catalogue/catalogue-parts';
import { RoleGate } from '../components/page-parts';
import { useToast } from '../components/toasts';
import { Button, Chip, ChoiceSelect, Dialog, DialogButtons, ErrorNotice, Field, ListTable, Ltr, Notice, TextArea } from '../components/ui';

/** The stock screens are for the roles that adjust stock (the API refuses the others with 403 anyway). */
export function StockGate({ children }: { children: ReactNode }) {
  const role = useSession().data?.staff.role;
  return <RoleGate allowed={Boolean(role && staffMay(role, 'adjustStock'))}>{role && children}</RoleGate>;
}

/** A size as the stock screens show it: the stock list's rows and the low-stock list's both have these. */
export type StockSize = Pick<StaffStockRow, 'product' | 'name_en' | 'name_ar' | 'size' | 'ml' | 'sku' | 'stock' | 'threshold'> & {
  state?: StaffStockRow['state'];
};

/**
 * Sizes with their stock, each with its adjustment. `withProduct`: a column naming each size's product (linked to its
 * stock page), for lists of several products' sizes.
 */
export function StockTable({ rows, withProduct }: { rows: StockSize[]; withProduct: boolean }) {
  const { t, locale } = useI18n();
  const withState = rows.some((row) => row.state !== undefined);
  const labels = [
    ...(withProduct ? [t('columnProduct')] : []),
    t('columnSize'),
    t('columnSku'),
    t('columnStock'),
    t('columnThreshold'),
    ...(withState ? [t('columnState')] : []),
    t('actions'),
  ];
  return (
    <ListTable labels={labels}>
      {rows.map((row) => (
        <tr key={row.size} className="border-t border-line align-top hover:bg-night/60" data-testid="stock-row">
          {withProduct && (
            <td className="px-3 py-2">
              <Link to="/stock/$id" params={{ id: row.product }} className="font-medium text-gold underline-offset-2 hover:underline">
                {nameIn(row, locale)}
              </Link>
              <OtherName named={row} />
            </td>
          )}
          <td className="px-3 py-2">
            <SizesMl ml={[row.ml]} />
          </td>
          <td className="px-3 py-2">
            <Ltr>{row.sku}</Ltr>
          </td>
          <td className="px-3 py-2 whitespace-nowrap tabular-nums" data-testid="stock-units">
            {formatNumber(locale, row.stock)} {row.stock <= row.threshold && <Chip colours="bg-danger/15 text-danger">{t('lowChip')}</Chip>}
          </td>
          <td className="px-3 py-2 tabular-nums">{formatNumber(locale, row.threshold)}</td>
          {withState && <td className="px-3 py-2">{row.state && <PublicationChip state={row.state} publishAt={null} />}</td>}
          <td className="px-3 py-2">
            <AdjustStock row={row} />
          </td>
        </tr>
      ))}
    </ListTable>
  );
}

/** A size's "Adjust" button and its form in a dialog. */
function AdjustStock({ row }: { row: StockSize }) {
  const { t, locale } = useI18n();
  const [open, setOpen] = useState(false);
  const named = { name: nameIn(row, locale), size: t('sizeMl', { ml: formatNumber(locale, row.ml) }) };
  return (
    <>
      <Button aria-label={t('adjustOf', named)} onClick={() => setOpen(true)}>
        {t('adjust')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={t('adjustTitle', named)}>
        {open && <AdjustmentForm row={row} named={named} onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

function AdjustmentForm({ row, named, onDone }: { row: StockSize; named: { name: string; size: string }; onDone(): void }) {
  const { t, locale } = useI18n();
  const toast = useToast();
  const adjust = useAdjustStock();
  const errorText = useErrorText();
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const form = useForm<StockForm, unknown, StaffStockAdjustment>({ resolver: stockResolver, defaultValues: emptyStockForm() });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    setUnplaced([]);
    try {
      const { stock } = await adjust.mutateAsync({ product: row.product, size: row.size, body });
      toast(t('stockAdjusted', { ...named, stock: formatNumber(locale, stock) }));
      onDone();
    } catch (error) {
      if (error instanceof ApiFailure) setUnplaced(placeFieldErrors(form.setError, error.fields, stockFieldOf));
    }
  });
  const failure = adjust.error;
  const failureShownElsewhere = failure instanceof ApiFailure && Object.keys(failure.fields).length > 0;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <p className="text-sm text-mist">{t('stockNow', { stock: formatNumber(locale, row.stock) })}</p>
      <ChoiceSelect
        label={t('reason')}
        error={errorText(errors.reason)}
        choices={STAFF_STOCK_REASONS.map((each) => ({ value: each, label: t(`stockReason_${each}`) }))}
        {...form.register('reason')}
      />
      <Field
        label={t(QUANTITY_LABELS[reason])}
        // A correction may be negative: a keyboard with the minus sign.
        inputMode={reason === 'correction' ? 'text' : 'numeric'}
        ltr
        autoComplete="off"
        error={errorText(errors.quantity)}
        {...form.register('quantity')}
      />
      <TextArea label={t('adjustmentNote')} maxLength={300} error={errorText(errors.note)} {...form.register('note')} />
      {unplaced.length > 0 && <Notice tone="error">{unplaced.join(' ')}</Notice>}
      {!failureShownElsewhere && <ErrorNotice error={failure} />}
      <DialogButtons onBack={onDone}>
        <Button variant="primary" type="submit" disabled={isSubmitting}>
          {t('recordAdjustment')}
        </Button>
      </DialogButtons>
    </form>
  );
}
