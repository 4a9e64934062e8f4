/** The reports dashboard's calls (readReports). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportCsvName, ReportQuery, ReportsDashboard } from '@attar/contract';
import { api, queryString } from '../api/client';

export const reportKeys = {
  dashboard: ({ period, from, to }: ReportQuery) => ['reports', 'dashboard', period ?? null, from ?? null, to ?? null] as const,
};

/** The reports dashboard (decisions 0023 and 0056): the range's sales beside the previous range's, its days and tables. */
export function useReportsDashboard(query: ReportQuery) {
  return useQuery({
    queryKey: reportKeys.dashboard(query),
    queryFn: () => api<ReportsDashboard>('GET', `/api/staff/reports/dashboard/${queryString(query)}`),
    placeholderData: keepPreviousData,
  });
}

/** The query that asks again for the range a dashboard covers: its preset, or its days. */
export const rangeQueryOf = (report: ReportsDashboard): ReportQuery =>
  report.period ? { period: report.period } : { from: report.from, to: report.to };

/** Where a report's CSV is downloaded from (the browser sends the session cookie with the link). */
export const reportCsvUrl = (name: ReportCsvName, query: ReportQuery) => `/api/staff/reports/${name}.csv${queryString(query)}`;
