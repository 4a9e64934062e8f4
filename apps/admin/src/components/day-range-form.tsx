/**
 * A report's period as two Cairo days, the first and the last (both included), and the button that shows it. The
 * days typed go to `onChoose` (undefined when left empty), whose screen keeps them in the address; the fields start
 * again from `from` and `to` whenever those change (a preset, a link, the back button).
 */
import type { FormEvent } from 'react';
import { DateField } from './date-fields';
import { Button } from './ui';
import { useI18n } from '../lib/i18n';

export type ChosenDays = { from: string | undefined; to: string | undefined };

export function DayRangeForm({
  label,
  show,
  from,
  to,
  latest,
  onChoose,
}: {
  label: string;
  show: string;
  from: string;
  to: string;
  /** The last day one may choose, if any. */
  latest?: string;
  onChoose(days: ChosenDays): void;
}) {
  const { t } = useI18n();
  const choose = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const day = (name: string) => String(data.get(name) ?? '') || undefined;
    onChoose({ from: day('from'), to: day('to') });
  };
  return (
    <form key={`${from}:${to}`} onSubmit={choose} aria-label={label} className="grid grid-cols-2 gap-3 md:grid-cols-4">
      <DateField label={t('dateFrom')} name="from" latest={latest} defaultValue={from} />
      <DateField label={t('dateTo')} name="to" latest={latest} defaultValue={to} />
      <div className="col-span-2 flex items-end">
        <Button variant="primary" type="submit">
          {show}
        </Button>
      </div>
    </form>
  );
}
