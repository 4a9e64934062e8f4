/** The Searches report's calls (readReports): the period's figures and lists, and each list's CSV file. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchReport, SearchReportList, SearchReportQuery } from '@attar/contract';
import { api, queryString } from '../api/client';

/** Every query of this screen is under `all`. */
export const searchReportKeys = {
  all: ['search-report'] as const,
  period: (period: SearchReportQuery) => [...searchReportKeys.all, period.from, period.to] as const,
};

export function useSearchReport(period: SearchReportQuery) {
  return useQuery({
    queryKey: searchReportKeys.period(period),
    queryFn: () => api<SearchReport>('GET', `/api/staff/searches/${queryString(period)}`),
    placeholderData: keepPreviousData,
  });
}

export const searchListCsvUrl = (list: SearchReportList, period: SearchReportQuery) =>
  `/api/staff/searches/${list}.csv${queryString(period)}`;
