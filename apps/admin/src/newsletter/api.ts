/** The subscribers' calls (manageSubscribers): the list, its CSV, a newsletter, unsubscribing. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewsletterIssue, NewsletterIssueQueued, Paginated, StaffSubscriber } from '@attar/contract';
import { api, queryString } from '../api/client';
import type { SubscribersSearch } from '../lib/search';

export const subscriberKeys = {
  all: () => ['subscribers'] as const,
  page: (filters: SubscribersSearch) => [...subscriberKeys.all(), filters] as const,
};

export const SUBSCRIBERS_PAGE_SIZE = 25;

/** The CSV of the subscribed addresses: a plain link (GET with the session cookie, no script involved). */
export const SUBSCRIBERS_CSV_URL = '/api/staff/subscribers/export.csv';

export function useSubscribers(filters: SubscribersSearch) {
  return useQuery({
    queryKey: subscriberKeys.page(filters),
    queryFn: () =>
      api<Paginated<StaffSubscriber>>('GET', `/api/staff/subscribers/${queryString({ ...filters, page_size: SUBSCRIBERS_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
}

/** Queues a newsletter for every confirmed subscriber (one job each); answers how many. */
export function useSendNewsletter() {
  return useMutation({
    mutationFn: (body: NewsletterIssue) => api<NewsletterIssueQueued>('POST', '/api/staff/subscribers/newsletter/', body),
  });
}

export function useUnsubscribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<StaffSubscriber>('POST', `/api/staff/subscribers/${id}/unsubscribe/`),
    onSuccess: () => client.invalidateQueries({ queryKey: subscriberKeys.all() }),
  });
}
