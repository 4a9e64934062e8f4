/** The search room's calls: the Searches report (readReports) with its CSV files, and the synonyms (manageCatalogue). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SearchReport, SearchReportList, SearchReportQuery, StaffSynonym, StaffSynonymInput } from '@attar/contract';
import { api, queryString } from '../api/client';

/** The Searches report's queries; `all()` is the prefix of every one. */
export const searchReportKeys = {
  all: () => ['search-report'] as const,
  period: (period: SearchReportQuery) => [...searchReportKeys.all(), period.from, period.to] as const,
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

const PATH = '/api/staff/search/synonyms/';

/** The synonyms' queries, all under `all()`, so a write invalidates them together. */
export const synonymKeys = {
  all: () => ['synonyms'] as const,
  list: () => [...synonymKeys.all(), 'list'] as const,
};

export function useSynonyms() {
  return useQuery({ queryKey: synonymKeys.list(), queryFn: () => api<StaffSynonym[]>('GET', PATH) });
}

/** Adds an entry (`id` null) or replaces one. */
export function useSaveSynonym() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, entry }: { id: number | null; entry: StaffSynonymInput }) =>
      id === null ? api<StaffSynonym>('POST', PATH, entry) : api<StaffSynonym>('PUT', `${PATH}${id}/`, entry),
    onSuccess: () => client.invalidateQueries({ queryKey: synonymKeys.all() }),
  });
}

export function useDeleteSynonym() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>('DELETE', `${PATH}${id}/`),
    onSuccess: () => client.invalidateQueries({ queryKey: synonymKeys.all() }),
  });
}
