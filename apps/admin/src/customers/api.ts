/** The customers' calls: the list, a customer's page and points, and in-store receipts. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Locale,
  Paginated,
  StaffCustomer,
  StaffCustomerRow,
  StaffPointsAdjusted,
  StaffPointsAdjustment,
  StaffPointsEntry,
  StaffReceipt,
  StaffReceiptEntered,
  StaffReceiptImported,
  StaffReceiptInput,
} from '@attar/contract';
import { api, queryString } from '../api/client';
import { useI18n } from '../lib/i18n';
import type { CustomersSearch, ReceiptsSearch } from '../lib/search';

/** The customers' queries; a key is the prefix of those beneath it. */
export const customerKeys = {
  lists: () => ['customers'] as const,
  list: (filters: CustomersSearch) => [...customerKeys.lists(), filters] as const,
  pages: () => ['customer-page'] as const,
  page: (locale: Locale, id: number) => [...customerKeys.pages(), locale, id] as const,
  points: (id: number) => ['customer-points', id] as const,
  pointsPage: (id: number, page: number) => [...customerKeys.points(id), page] as const,
  receipts: () => ['receipts'] as const,
  receiptsPage: (filters: ReceiptsSearch) => [...customerKeys.receipts(), filters] as const,
};

export const CUSTOMERS_PAGE_SIZE = 25;

export const POINTS_PAGE_SIZE = 20;

/** Customers by name, e-mail or mobile, as the list's address filters them. */
export function useCustomers(filters: CustomersSearch) {
  return useQuery({
    queryKey: customerKeys.list(filters),
    queryFn: () =>
      api<Paginated<StaffCustomerRow>>('GET', `/api/staff/customers/${queryString({ ...filters, page_size: CUSTOMERS_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
}

/** A customer's page (addresses named in the screen's language). */
export function useCustomer(id: number) {
  const { locale } = useI18n();
  return useQuery({ queryKey: customerKeys.page(locale, id), queryFn: () => api<StaffCustomer>('GET', `/api/staff/customers/${id}/`) });
}

export function useCustomerPoints(id: number, page: number) {
  return useQuery({
    queryKey: customerKeys.pointsPage(id, page),
    queryFn: () =>
      api<Paginated<StaffPointsEntry>>('GET', `/api/staff/customers/${id}/points/${queryString({ page, page_size: POINTS_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
}

/** After a change to a customer: their page, their ledger and the list are out of date. */
export function useCustomerChanged() {
  const client = useQueryClient();
  return (id: number) => {
    void client.invalidateQueries({ queryKey: customerKeys.pages(), predicate: (query) => query.queryKey[2] === id });
    void client.invalidateQueries({ queryKey: customerKeys.points(id) });
    void client.invalidateQueries({ queryKey: customerKeys.lists() });
  };
}

export function useAdjustPoints(id: number) {
  const changed = useCustomerChanged();
  return useMutation({
    mutationFn: (body: StaffPointsAdjustment) => api<StaffPointsAdjusted>('POST', `/api/staff/customers/${id}/points/`, body),
    onSuccess: () => changed(id),
  });
}

/** Deactivate (`false`: the customer's sessions end at once) or reactivate (`true`). */
export function useSetCustomerActive(id: number) {
  const changed = useCustomerChanged();
  return useMutation({
    mutationFn: (active: boolean) => api<StaffCustomer>('POST', `/api/staff/customers/${id}/${active ? 'reactivate' : 'deactivate'}/`),
    onSuccess: () => changed(id),
  });
}

export const RECEIPTS_PAGE_SIZE = 25;

export function useReceipts(filters: ReceiptsSearch) {
  return useQuery({
    queryKey: customerKeys.receiptsPage(filters),
    queryFn: () => api<Paginated<StaffReceipt>>('GET', `/api/staff/receipts/${queryString({ ...filters, page_size: RECEIPTS_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
}

export function useEnterReceipt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffReceiptInput) => api<StaffReceiptEntered>('POST', '/api/staff/receipts/', body),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.receipts() }),
  });
}

/** A second owner or manager approves a receipt above RECEIPT_APPROVAL_ABOVE; never the one who entered it. */
export function useApproveReceipt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<StaffReceipt>('POST', `/api/staff/receipts/${id}/approve/`),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.receipts() }),
  });
}

/** The till's CSV as text; a refusal (400 `import_invalid`) carries the problems line by line. */
export function useImportReceipts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => api<StaffReceiptImported>('POST', '/api/staff/receipts/import/', { csv }),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.receipts() }),
  });
}
