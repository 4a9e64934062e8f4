/**
 * The Searches report (decision 0045), for owners and managers: over the Cairo days chosen (kept in the address), how
 * many storefront searches there were, how many found nothing and how many led to a product; the most searched texts,
 * those that found nothing and those whose results nobody opened, each downloadable as CSV.
 */
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { staffMay, type SearchedQuery, type SearchReport, type SearchReportList, type SearchReportQuery } from '@attar/contract';
import { useSession } from '../api/session';
import { searchListCsvUrl, useSearchReport } from './api';
import { RoleGate } from '../components/page-parts';
import { ReportPanel } from '../reports/report-panel';
import { DayRangeForm } from '../components/day-range-form';
import { ListTable, Loaded, Notice } from '../components/ui';
import { formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import { searchesPeriod } from './searches-period';
import type { MessageKey } from '../messages/en';

const searchesRoute = getRouteApi('/frame/searches');

export function SearchesPage() {
  const role = useSession().data?.staff.role;
  return <RoleGate allowed={Boolean(role && staffMay(role, 'readReports'))}>{role && <Searches />}</RoleGate>;
}

function Searches() {
  const { t } = useI18n();
  const search = searchesRoute.useSearch();
  const navigate = useNavigate({ from: '/searches' });
  const period = searchesPeriod(search);

  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-semibold">{t('searchesTitle')}</h1>
      <p className="text-sm text-mist">{t('searchesIntro')}</p>
      <DayRangeForm
        label={t('searchesPeriod')}
        show={t('searchesShow')}
        from={period?.from ?? search.from ?? ''}
        to={period?.to ?? search.to ?? ''}
        onChoose={(days) => void navigate({ search: days })}
      />
      {period ? <Report period={period} /> : <Notice tone="error">{t('searchesPeriodInvalid')}</Notice>}
    </div>
  );
}

function Report({ period }: { period: SearchReportQuery }) {
  return <Loaded query={useSearchReport(period)}>{(report) => <Figures report={report} period={period} />}</Loaded>;
}

function Figures({ report, period }: { report: SearchReport; period: SearchReportQuery }) {
  const { t, locale } = useI18n();
  const counts: [MessageKey, number][] = [
    ['searchesCount', report.searches],
    ['searchesNoResultsCount', report.no_results],
    ['searchesClickedCount', report.clicked],
  ];
  return (
    <>
      <dl className="grid gap-3 md:grid-cols-3">
        {counts.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-line bg-night p-4" data-testid={`figure-${label}`}>
            <dt className="text-sm text-mist">{t(label)}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{formatNumber(locale, value)}</dd>
          </div>
        ))}
      </dl>
      <QueryList title={t('searchesTopTitle')} list="top" queries={report.top} period={period} />
      <div className="grid gap-4 xl:grid-cols-2">
        <QueryList title={t('searchesNoResultsTitle')} list="no-results" queries={report.no_result_queries} period={period} />
        <QueryList title={t('searchesNoClickTitle')} list="no-click" queries={report.no_click_queries} period={period} />
      </div>
    </>
  );
}

/** What each list shows beside the text and how often it was searched. */
const LIST_COLUMNS: Record<SearchReportList, ('results' | 'clicks')[]> = {
  top: ['results', 'clicks'],
  'no-results': [],
  'no-click': ['results'],
};
const COLUMN_LABELS: Record<'results' | 'clicks', MessageKey> = { results: 'searchesColumnResults', clicks: 'searchesColumnClicks' };
const cell = 'px-3 py-2';

function QueryList({
  title,
  list,
  queries,
  period,
}: {
  title: string;
  list: SearchReportList;
  queries: SearchedQuery[];
  period: SearchReportQuery;
}) {
  const { t, locale } = useI18n();
  const columns = LIST_COLUMNS[list];
  return (
    <ReportPanel title={title} csvHref={searchListCsvUrl(list, period)}>
      {queries.length ? (
        <ListTable labels={[t('searchesColumnQuery'), t('searchesColumnSearches'), ...columns.map((column) => t(COLUMN_LABELS[column]))]}>
          {queries.map((query) => (
            <tr key={query.query} className="border-t border-line" data-testid={`search-${list}`}>
              <td className={cell}>
                {/* As typed, in whichever direction its own letters read. */}
                <bdi dir="auto">{query.query}</bdi>
              </td>
              {[query.searches, ...columns.map((column) => query[column])].map((value, index) => (
                <td key={index} className={`${cell} tabular-nums`}>
                  {formatNumber(locale, value)}
                </td>
              ))}
            </tr>
          ))}
        </ListTable>
      ) : (
        <p className="text-sm text-mist">{t('searchesNone')}</p>
      )}
    </ReportPanel>
  );
}
