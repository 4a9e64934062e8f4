/** The reports dashboard's calls (readReports). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportCsvName, ReportPeriod, ReportsDashboard } from '@attar/contract';
import { api, queryString } from '../api/client';

export const reportKeys = { dashboard: (period: ReportPeriod) => ['reports', 'dashboard', period] as const };

/** The reports dashboard (decision 0023): sales of today, 7 and 30 days and each day; the tables for `period`. */
export function useReportsDashboard(period: ReportPeriod) {
  return useQuery({
    queryKey: reportKeys.dashboard(period),
    queryFn: () => api<ReportsDashboard>('GET', `/api/staff/reports/dashboard/${queryString({ period })}`),
    placeholderData: keepPreviousData,
  });
}

/** Where a report's CSV is downloaded from (the browser sends the session cookie with the link). */
export const reportCsvUrl = (name: ReportCsvName, period: ReportPeriod) => `/api/staff/reports/${name}.csv${queryString({ period })}`;
