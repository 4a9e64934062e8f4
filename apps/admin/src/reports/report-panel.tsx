/** A back-office report's box: its heading, a link to download it as CSV, and what it shows. */
import { useId, type ReactNode } from 'react';
import { useI18n } from '../lib/i18n';

export function ReportPanel({ title, csvHref, children }: { title: string; csvHref: string; children: ReactNode }) {
  const { t } = useI18n();
  const id = useId();
  return (
    <section className="flex min-w-0 flex-col gap-3 rounded-lg border border-line bg-night p-4" aria-labelledby={id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold text-gold">
          {title}
        </h2>
        <a
          href={csvHref}
          download
          aria-label={t('downloadCsvNamed', { name: title })}
          className="rounded-md border border-line px-2.5 py-1 text-xs text-mist hover:border-gold hover:text-gold"
        >
          {t('downloadCsv')}
        </a>
      </div>
      {children}
    </section>
  );
}
