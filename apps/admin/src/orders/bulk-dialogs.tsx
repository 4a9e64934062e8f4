/**
 * The board's bulk steps that ask something first, beside the hand-over: a courier's remittance (the cash handed over
 * for each parcel, prefilled with the amount due, with the total as it is typed) and cancelling for one reason. Each
 * lists the selected orders the step cannot take, which stay as they are, and sends only the others; checked with the
 * contract's own schema first.
 */
import { useState, type ComponentType, type FormEvent } from 'react';
import { StaffBulkCancel, StaffBulkDeliver, type StaffOrderRow } from '@attar/contract';
import { formatMoney } from '../lib/format';
import { useI18n } from '../lib/i18n';
import type { PluralKey } from '../messages/en';
import { Button, Dialog, DialogButtons, ErrorNotice, Field, Ltr, Money, Notice, StatusChip, TextArea } from '../components/ui';
import { actionStartsFrom, type OrderAction } from './order-actions';

type BulkDialogProps<Input> = {
  /** The selected orders, those the step can take and those it cannot. */
  rows: StaffOrderRow[];
  open: boolean;
  pending: boolean;
  error: unknown;
  onOpenChange(open: boolean): void;
  onSubmit(input: Input): void;
};

/** The selected orders the step can take, and the others. */
function split(rows: StaffOrderRow[], action: OrderAction) {
  return {
    taken: rows.filter((row) => actionStartsFrom(action, row.status)),
    left: rows.filter((row) => !actionStartsFrom(action, row.status)),
  };
}

/** The selected orders a step leaves as they are, each with its status. */
function LeftAsTheyAre({ rows, message }: { rows: StaffOrderRow[]; message: PluralKey }) {
  const { t } = useI18n();
  if (rows.length === 0) return null;
  return (
    <Notice>
      <p>{t(message, { count: rows.length })}</p>
      <ul className="mt-1 flex flex-col gap-1">
        {rows.map((row) => (
          <li key={row.id} className="flex flex-wrap items-center gap-2">
            <Ltr>{row.order_number}</Ltr> · {row.customer_name} <StatusChip status={row.status} />
          </li>
        ))}
      </ul>
    </Notice>
  );
}

function Actions({ submit, danger = false, pending, onBack }: { submit: string; danger?: boolean; pending: boolean; onBack(): void }) {
  return (
    <DialogButtons onBack={onBack}>
      <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={pending}>
        {submit}
      </Button>
    </DialogButtons>
  );
}

/** Pounds as typed (NaN when blank, which `Number` would read as 0). */
const poundsOf = (typed: string | undefined) => (typed?.trim() ? Number(typed) : Number.NaN);
/** In piastres, counting what is not an amount as nothing (the total while it is typed). */
const piastresOf = (pounds: number) => (Number.isFinite(pounds) && pounds >= 0 ? Math.round(pounds * 100) : 0);

/** A step's dialog, titled with how many orders it takes; its form inside, so each opening starts afresh. */
function StepDialog<Input>({
  action,
  title,
  form: Form,
  ...props
}: BulkDialogProps<Input> & { action: OrderAction; title: PluralKey; form: ComponentType<BulkDialogProps<Input>> }) {
  const { t } = useI18n();
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange} title={t(title, { count: split(props.rows, action).taken.length })}>
      <Form {...props} />
    </Dialog>
  );
}

export const DeliverDialog = (props: BulkDialogProps<StaffBulkDeliver>) => (
  <StepDialog {...props} action="deliver" title="bulkDeliverTitle" form={DeliverForm} />
);

export const CancelDialog = (props: BulkDialogProps<StaffBulkCancel>) => (
  <StepDialog {...props} action="cancel" title="bulkCancelTitle" form={CancelForm} />
);

function DeliverForm({ rows, pending, error, onOpenChange, onSubmit }: BulkDialogProps<StaffBulkDeliver>) {
  const { t, locale } = useI18n();
  const { taken, left } = split(rows, 'deliver');
  const collects = (row: StaffOrderRow) => row.payment_method === 'cod';
  const cashRows = taken.filter(collects);
  const [typed, setTyped] = useState<Record<number, string>>(() => Object.fromEntries(cashRows.map((row) => [row.id, String(row.total)])));
  const [problems, setProblems] = useState<Record<number, string>>({});
  const collected = cashRows.reduce((sum, row) => sum + piastresOf(poundsOf(typed[row.id])), 0);
  const due = cashRows.reduce((sum, row) => sum + piastresOf(row.total), 0);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = StaffBulkDeliver.safeParse({
      action: 'deliver',
      orders: taken.map((row) => ({
        id: row.id,
        version: row.version,
        // An order paid by card records no cash, whatever is sent.
        cash_collected: collects(row) ? poundsOf(typed[row.id]) : 0,
      })),
    });
    if (!checked.success) {
      setProblems(
        Object.fromEntries(
          checked.error.issues.flatMap((issue) => {
            const index = issue.path[1];
            return typeof index === 'number' ? [[taken[index]!.id, t('errorAmount')]] : [];
          }),
        ),
      );
      return;
    }
    setProblems({});
    onSubmit(checked.data);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      {cashRows.length > 0 && <p className="text-sm text-mist">{t('bulkDeliverHint')}</p>}
      <ul className="flex flex-col gap-3">
        {taken.map((row) => (
          <li key={row.id}>
            {collects(row) ? (
              <Field
                // The order number isolated left to right (LRI … PDI), as <bdi dir="ltr"> does in markup.
                label={`\u2066${row.order_number}\u2069 · ${row.customer_name} · ${t('cashDue', { amount: formatMoney(locale, row.total) })}`}
                name={`cash_${row.id}`}
                type="number"
                inputMode="decimal"
                step="0.01"
                min="0"
                required
                ltr
                value={typed[row.id] ?? ''}
                onChange={(event) => setTyped({ ...typed, [row.id]: event.currentTarget.value })}
                error={problems[row.id]}
              />
            ) : (
              <p className="text-sm">
                <Ltr>{row.order_number}</Ltr> · {row.customer_name} · <span className="text-mist">{t('deliverPaidHint')}</span>
              </p>
            )}
          </li>
        ))}
      </ul>
      {cashRows.length > 0 && (
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-line pt-3" aria-live="polite">
          <dt>{t('remittanceTotal')}</dt>
          <dd className="text-end font-semibold" data-testid="remittance-total">
            <Money value={collected / 100} />
          </dd>
          <dt className="text-mist">{t('remittanceDue')}</dt>
          <dd className="text-end text-mist">
            <Money value={due / 100} />
          </dd>
        </dl>
      )}
      <LeftAsTheyAre rows={left} message="bulkDeliverSkipped" />
      <ErrorNotice error={error} />
      <Actions submit={t('actionDeliver')} pending={pending || taken.length === 0} onBack={() => onOpenChange(false)} />
    </form>
  );
}

function CancelForm({ rows, pending, error, onOpenChange, onSubmit }: BulkDialogProps<StaffBulkCancel>) {
  const { t } = useI18n();
  const { taken, left } = split(rows, 'cancel');
  const [problem, setProblem] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = StaffBulkCancel.safeParse({
      action: 'cancel',
      reason: String(new FormData(event.currentTarget).get('reason') ?? ''),
      orders: taken.map((row) => ({ id: row.id, version: row.version })),
    });
    if (!checked.success) {
      setProblem(t('errorRequired'));
      return;
    }
    setProblem(undefined);
    onSubmit(checked.data);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <p className="text-sm text-mist">{t('cancelHint')}</p>
      <TextArea label={t('reason')} name="reason" required maxLength={500} error={problem} />
      <LeftAsTheyAre rows={left} message="bulkCancelSkipped" />
      <ErrorNotice error={error} />
      <Actions
        submit={t('bulkCancelSubmit', { count: taken.length })}
        danger
        pending={pending || taken.length === 0}
        onBack={() => onOpenChange(false)}
      />
    </form>
  );
}
