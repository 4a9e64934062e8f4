/**
 * The catalogue as a spreadsheet: download every product size as CSV; send a file back to update prices and stock by
 * SKU or add new products. The file is checked whole first (progress shown, every problem listed by line and column),
 * then applied all or nothing.
 */
import { useState } from 'react';
import { CATALOGUE_CSV_COLUMNS, type CatalogueImport } from '@attar/contract';
import { useCatalogueImport, useStartImport } from './api';
import { CatalogueGate } from './catalogue-parts';
import { ImportProblems } from '../components/import-problems';
import { ErrorNotice, Ltr, Notice, Panel } from '../components/ui';
import { formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';

export const CatalogueCsvPage = () => (
  <CatalogueGate>
    <CatalogueCsv />
  </CatalogueGate>
);

function CatalogueCsv() {
  const { t } = useI18n();
  const start = useStartImport();
  const [importId, setImportId] = useState<number | null>(null);
  const progress = useCatalogueImport(importId);

  const send = (file: File | undefined) => {
    if (!file) return;
    setImportId(null);
    start.mutate(file, { onSuccess: (started) => setImportId(started.id) });
  };

  return (
    <div className="flex max-w-5xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('csvTitle')}</h1>
      <Panel title={t('csvExportTitle')}>
        <p className="mb-3 text-sm text-mist">{t('csvExportHelp')}</p>
        <a href="/api/staff/products/export.csv" download className="text-gold underline">
          {t('csvExportLink')}
        </a>
      </Panel>
      <Panel title={t('csvImportTitle')}>
        <div className="flex flex-col gap-3">
          <p className="text-sm text-mist">{t('csvImportHelp')}</p>
          <p className="text-sm">
            {t('csvColumns')}{' '}
            <Ltr>
              <code className="text-xs">{CATALOGUE_CSV_COLUMNS.join(', ')}</code>
            </Ltr>
          </p>
          <label className="flex flex-col gap-1 text-sm">
            {t('csvChoose')}
            <input
              type="file"
              accept=".csv,text/csv"
              disabled={start.isPending || ['validating', 'applying'].includes(progress.data?.status ?? '')}
              onChange={(event) => {
                send(event.target.files?.[0]);
                event.target.value = '';
              }}
              className="text-sm file:me-3 file:rounded-md file:border file:border-gold file:bg-transparent file:px-3 file:py-1.5 file:text-gold"
            />
          </label>
          <ErrorNotice error={start.error ?? progress.error} />
          {progress.data && <ImportState state={progress.data} />}
        </div>
      </Panel>
    </div>
  );
}

function ImportState({ state }: { state: CatalogueImport }) {
  const { t, locale } = useI18n();
  const n = (value: number) => formatNumber(locale, value);
  if (state.status === 'validating') {
    return (
      <div className="flex flex-col gap-1">
        <p role="status" className="text-sm">
          {t('csvChecking', { done: n(state.rows_done), total: n(state.rows_total) })}
        </p>
        <progress
          className="w-full accent-gold"
          max={Math.max(state.rows_total, 1)}
          value={state.rows_done}
          aria-label={t('csvProgress')}
        />
      </div>
    );
  }
  if (state.status === 'applying') return <p role="status">{t('csvApplying', { total: n(state.rows_total) })}</p>;
  if (state.status === 'applied') {
    return (
      <Notice tone="success">
        {t('csvApplied', { created: t('csvCreated', { count: state.created }), updated: t('csvUpdated', { count: state.updated }) })}
      </Notice>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <Notice tone="error">{t(state.status === 'invalid' ? 'csvInvalid' : 'csvFailed')}</Notice>
      <ImportProblems problems={state.errors} />
    </div>
  );
}
