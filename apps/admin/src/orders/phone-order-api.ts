/** A phone order's calls: the caller found by their number, the products found by search, and placing it. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Locale, Paginated, Product, StaffCustomerLookup, StaffOrder, StaffPhoneOrderRequest } from '@attar/contract';
import { api, queryString } from '../api/client';
import { useI18n } from '../lib/i18n';
import { orderKeys } from './api';

/** A phone order's queries. */
export const phoneOrderKeys = {
  callers: () => ['customer'] as const,
  caller: (phone: string | null) => [...phoneOrderKeys.callers(), phone] as const,
  products: (locale: Locale, search: string) => ['product-search', locale, search] as const,
};

/** The caller of a phone order, found by their mobile number (in any form the API reads). */
export function useCustomerLookup(phone: string | null) {
  return useQuery({
    queryKey: phoneOrderKeys.caller(phone),
    queryFn: () => api<StaffCustomerLookup>('GET', `/api/staff/customers/lookup/${queryString({ phone })}`),
    enabled: phone !== null,
    retry: false,
  });
}

/** Products for a phone order, found as the storefront's search finds them (both scripts, typos forgiven). */
export function useProductSearch(search: string) {
  const { locale } = useI18n();
  return useQuery({
    queryKey: phoneOrderKeys.products(locale, search),
    queryFn: () => api<Paginated<Product>>('GET', `/api/products/${queryString({ search, page_size: 8 })}`),
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** Places a phone order; the same `key` for retries of one order, so a retry never places a second. */
export function usePlacePhoneOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: StaffPhoneOrderRequest; key: string }) =>
      api<StaffOrder>('POST', '/api/staff/orders/phone/', body, { headers: { 'Idempotency-Key': key } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: orderKeys.boards() });
      void client.invalidateQueries({ queryKey: phoneOrderKeys.callers() });
    },
  });
}
