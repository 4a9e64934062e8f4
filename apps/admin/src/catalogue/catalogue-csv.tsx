/**
 * The catalogue as a spreadsheet: download every product size as CSV; send a file back to update prices and stock by
 * SKU or add new products. The file is checked whole first (progress shown) into a preview: what it would change, old
 * and new, the products it would create, and the lines it leaves out with why. Nothing is saved until it is applied
 * (all or nothing); an applied file can be undone from the record of recent imports while its products are unchanged.
 */
import { useState } from 'react';
import { CATALOGUE_CSV_COLUMNS, type CatalogueImport, type ImportField } from '@attar/contract';
import { useCatalogueImport, useImportAction, useRecentImports, useStartImport } from './api';
import { CatalogueGate } from './catalogue-parts';
import { ImportProblems } from '../components/import-problems';
import { Button, ErrorNotice, ListTable, Loaded, Ltr, Money, Notice, Panel } from '../components/ui';
import { formatDate, formatNumber } from '../lib/format';
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
              disabled={start.isPending || progress.data?.status === 'validating'}
              onChange={(event) => {
                send(event.target.files?.[0]);
                event.target.value = '';
              }}
              className="text-sm file:me-3 file:rounded-md file:border file:border-gold file:bg-transparent file:px-3 file:py-1.5 file:text-gold"
            />
          </label>
          <ErrorNotice error={start.error ?? progress.error} />
          {/* Keyed by the import: another file starts with no answer of the last one's buttons. */}
          {progress.data && <ImportState key={progress.data.id} state={progress.data} />}
        </div>
      </Panel>
      <RecentImports />
    </div>
  );
}

function ImportState({ state }: { state: CatalogueImport }) {
  const { t, locale } = useI18n();
  const action = useImportAction();
  const act = (kind: 'apply' | 'discard' | 'undo') => action.mutate({ id: state.id, action: kind });
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
  if (state.status === 'previewed') {
    const total = state.updated + state.created;
    return (
      <div className="flex flex-col gap-3">
        <Notice>
          {t('csvPreviewed', {
            updated: t('csvWouldUpdate', { count: state.updated }),
            created: t('csvWouldCreate', { count: state.created }),
            refused: t('csvRefused', { count: state.refused }),
          })}
        </Notice>
        {total === 0 && <p className="text-sm">{t('csvNothingToApply')}</p>}
        {state.changes.length > 0 && <SizeChanges state={state} />}
        {state.new_products.length > 0 && <NewProducts state={state} />}
        {state.errors.length > 0 && (
          <section aria-label={t('csvRefusedTitle')} className="flex flex-col gap-2">
            <h3 className="font-medium">{t('csvRefusedTitle')}</h3>
            <ImportProblems problems={state.errors} />
          </section>
        )}
        <div className="flex flex-wrap gap-2">
          {total > 0 && (
            <Button variant="primary" disabled={action.isPending} onClick={() => act('apply')}>
              {t('csvApply', { count: total })}
            </Button>
          )}
          <Button disabled={action.isPending} onClick={() => act('discard')}>
            {t('csvDiscard')}
          </Button>
        </div>
        <ErrorNotice error={action.error} />
      </div>
    );
  }
  if (state.status === 'applied') {
    return (
      <div className="flex flex-col items-start gap-3">
        <Notice tone="success">
          {t('csvApplied', { created: t('csvCreated', { count: state.created }), updated: t('csvUpdated', { count: state.updated }) })}
        </Notice>
        <Button disabled={action.isPending} onClick={() => act('undo')}>
          {t('csvUndo')}
        </Button>
        <ErrorNotice error={action.error} />
      </div>
    );
  }
  if (state.status === 'undone') return <Notice tone="success">{t('csvUndone')}</Notice>;
  if (state.status === 'discarded') return <Notice>{t('csvDiscarded')}</Notice>;
  return (
    <div className="flex flex-col gap-3">
      <Notice tone="error">{t(state.status === 'invalid' ? 'csvInvalid' : 'csvFailed')}</Notice>
      <ImportProblems problems={state.errors} />
    </div>
  );
}

/** "Showing the first 200 of 340." when a list is capped. */
function Capped({ shown, count }: { shown: number; count: number }) {
  const { t, locale } = useI18n();
  return shown < count ? <p className="text-sm text-mist">{t('csvShowingFirst', { shown: formatNumber(locale, shown), count })}</p> : null;
}

/** One row per field that changes: the size's product, SKU and size, the field, as it is now and as it will be. */
function SizeChanges({ state }: { state: CatalogueImport }) {
  const { t, locale } = useI18n();
  const value = (field: ImportField, amount: number) => (field === 'price' ? <Money value={amount} /> : formatNumber(locale, amount));
  return (
    <section aria-label={t('csvChangesTitle')} className="flex flex-col gap-2">
      <h3 className="font-medium">{t('csvChangesTitle')}</h3>
      <ListTable
        labels={[t('columnProduct'), t('columnSku'), t('columnSize'), t('csvColumnField'), t('csvColumnNow'), t('csvColumnAfter')]}
      >
        {state.changes.flatMap((change) =>
          change.fields.map(({ field, old, new: after }) => (
            <tr key={`${change.sku}-${field}`} className="border-t border-line" data-testid="import-change">
              <td className="px-3 py-2">{locale === 'ar' ? change.name_ar : change.name_en}</td>
              <td className="px-3 py-2">
                <Ltr>{change.sku}</Ltr>
              </td>
              <td className="px-3 py-2 tabular-nums">{t('sizeMl', { ml: formatNumber(locale, change.ml) })}</td>
              <td className="px-3 py-2">{t(`csvField_${field}`)}</td>
              <td className="px-3 py-2 tabular-nums">{value(field, old)}</td>
              <td className="px-3 py-2 tabular-nums">{value(field, after)}</td>
            </tr>
          )),
        )}
      </ListTable>
      <Capped shown={state.changes.length} count={state.updated} />
    </section>
  );
}

function NewProducts({ state }: { state: CatalogueImport }) {
  const { t, locale } = useI18n();
  return (
    <section aria-label={t('csvNewProductsTitle')} className="flex flex-col gap-2">
      <h3 className="font-medium">{t('csvNewProductsTitle')}</h3>
      <ListTable labels={[t('columnProduct'), t('columnSku'), t('columnSize'), t('csvField_price'), t('csvField_stock')]}>
        {state.new_products.flatMap((product) =>
          product.sizes.map((size) => (
            <tr key={size.sku} className="border-t border-line" data-testid="import-new-size">
              <td className="px-3 py-2">{locale === 'ar' ? product.name_ar : product.name_en}</td>
              <td className="px-3 py-2">
                <Ltr>{size.sku}</Ltr>
              </td>
              <td className="px-3 py-2 tabular-nums">{t('sizeMl', { ml: formatNumber(locale, size.ml) })}</td>
              <td className="px-3 py-2">
                <Money value={size.price} />
              </td>
              <td className="px-3 py-2 tabular-nums">{formatNumber(locale, size.stock)}</td>
            </tr>
          )),
        )}
      </ListTable>
      <Capped shown={state.new_products.length} count={state.created} />
    </section>
  );
}

/** The record: who sent which file when, what became of it, and an undo for those applied. */
function RecentImports() {
  const { t, locale } = useI18n();
  const recent = useRecentImports();
  const undo = useImportAction();
  const n = (value: number) => formatNumber(locale, value);
  return (
    <Panel title={t('csvRecentTitle')}>
      <Loaded query={recent}>
        {(imports) =>
          imports.length === 0 ? (
            <p className="text-sm text-mist">{t('csvNoImports')}</p>
          ) : (
            <div className="flex flex-col gap-3">
              <ErrorNotice error={undo.error} />
              <ListTable
                labels={[
                  t('columnDate'),
                  t('csvColumnFile'),
                  t('columnBy'),
                  t('columnStatus'),
                  t('csvColumnChanged'),
                  t('csvColumnCreated'),
                  t('csvColumnRefused'),
                  '',
                ]}
              >
                {imports.map((each) => (
                  <tr key={each.id} className="border-t border-line" data-testid="import-record">
                    <td className="px-3 py-2 whitespace-nowrap">{formatDate(locale, each.created_at)}</td>
                    <td className="px-3 py-2">
                      <Ltr>{each.file_name}</Ltr>
                    </td>
                    <td className="px-3 py-2">{each.staff_name ?? '—'}</td>
                    <td className="px-3 py-2">{t(`csvStatus_${each.status}`)}</td>
                    <td className="px-3 py-2 tabular-nums">{n(each.updated)}</td>
                    <td className="px-3 py-2 tabular-nums">{n(each.created)}</td>
                    <td className="px-3 py-2 tabular-nums">{n(each.refused)}</td>
                    <td className="px-3 py-2 text-end">
                      {each.status === 'applied' && (
                        <Button
                          aria-label={t('csvUndoFile', { file: each.file_name })}
                          disabled={undo.isPending}
                          onClick={() => undo.mutate({ id: each.id, action: 'undo' })}
                        >
                          {t('csvUndo')}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </ListTable>
            </div>
          )
        }
      </Loaded>
    </Panel>
  );
}
