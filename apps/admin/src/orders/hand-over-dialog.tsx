/**
 * Handing several packed parcels to one courier: the courier's name once, then each parcel's tracking number, typed or
 * scanned (a scanner ends with Enter, which moves to the next parcel). Checked with the contract's own schema first.
 */
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { StaffBulkHandOver, type StaffOrderRow } from '@attar/contract';
import { formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import { Button, Dialog, DialogButtons, ErrorNotice, Field, Notice } from '../components/ui';

export function HandOverDialog({
  rows,
  skipped,
  open,
  pending,
  error,
  onOpenChange,
  onSubmit,
}: {
  /** The packed orders among those selected. */
  rows: StaffOrderRow[];
  /** How many selected orders are not packed (left as they are). */
  skipped: number;
  open: boolean;
  pending: boolean;
  error: unknown;
  onOpenChange(open: boolean): void;
  onSubmit(input: StaffBulkHandOver): void;
}) {
  const { t, locale } = useI18n();
  const [problems, setProblems] = useState<Record<string, string>>({});
  const trackingField = (id: number) => `tracking_${id}`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const checked = StaffBulkHandOver.safeParse({
      action: 'ship',
      courier: String(data.get('courier') ?? ''),
      orders: rows.map((row) => ({ id: row.id, version: row.version, tracking_number: String(data.get(trackingField(row.id)) ?? '') })),
    });
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const [first, index] = issue.path;
        if (first === 'courier') found.courier = t('errorRequired');
        else if (typeof index === 'number') found[trackingField(rows[index]!.id)] = t('errorRequired');
        else found.orders = t('errorTrackingTwice');
      }
      setProblems(found);
      return;
    }
    setProblems({});
    onSubmit(checked.data);
  };

  /** Enter in a tracking number moves to the next one; on the last, it hands the parcels over. */
  const next = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    const fields = [...(event.currentTarget.form?.querySelectorAll<HTMLInputElement>('input[data-tracking]') ?? [])];
    const following = fields[fields.indexOf(event.currentTarget) + 1];
    if (following) {
      event.preventDefault();
      following.focus();
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('handOverTitle', { count: formatNumber(locale, rows.length) })}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Field label={t('courier')} name="courier" required maxLength={80} autoComplete="off" error={problems.courier} />
        <p className="text-sm text-mist">{t('handOverHint')}</p>
        {rows.map((row) => (
          <Field
            key={row.id}
            // The order number isolated left to right (LRI … PDI), as <bdi dir="ltr"> does in markup.
            label={`\u2066${row.order_number}\u2069 · ${row.customer_name} · ${row.region.name}`}
            name={trackingField(row.id)}
            data-tracking=""
            required
            maxLength={80}
            autoComplete="off"
            ltr
            onKeyDown={next}
            error={problems[trackingField(row.id)]}
          />
        ))}
        {problems.orders && <Notice tone="error">{problems.orders}</Notice>}
        {skipped > 0 && <Notice>{t('handOverSkipped', { count: skipped })}</Notice>}
        <ErrorNotice error={error} />
        <DialogButtons onBack={() => onOpenChange(false)}>
          <Button type="submit" variant="primary" disabled={pending}>
            {t('actionShip')}
          </Button>
        </DialogButtons>
      </form>
    </Dialog>
  );
}
