/** The audit log's calls (readAudit). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntry, Paginated } from '@attar/contract';
import { api, queryString } from '../api/client';
import type { AuditSearch } from '../lib/search';

export const auditKeys = { page: (filters: AuditSearch) => ['audit', filters] as const };

export const AUDIT_PAGE_SIZE = 50;

export function useAudit(filters: AuditSearch) {
  return useQuery({
    queryKey: auditKeys.page(filters),
    queryFn: () => api<Paginated<AuditEntry>>('GET', `/api/staff/audit/${queryString({ ...filters, page_size: AUDIT_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
}
