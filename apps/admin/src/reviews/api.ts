/** The reviews screen's calls (moderateReviews): the list, hiding and showing, the shop's reply. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Locale, Paginated, StaffReviewRow } from '@attar/contract';
import { useI18n } from '../lib/i18n';
import type { ReviewsSearch } from './reviews-search';
import { api, queryString } from '../api/client';

export const reviewKeys = {
  all: () => ['reviews'] as const,
  page: (locale: Locale, search: ReviewsSearch) => [...reviewKeys.all(), locale, search] as const,
};

export const REVIEWS_PAGE_SIZE = 25;

export function useReviews(search: ReviewsSearch) {
  const { locale } = useI18n();
  const { state, ...rest } = search;
  const hidden = state === undefined ? undefined : String(state === 'hidden');
  return useQuery({
    queryKey: reviewKeys.page(locale, search),
    queryFn: () =>
      api<Paginated<StaffReviewRow>>('GET', `/api/staff/reviews/${queryString({ ...rest, hidden, page_size: REVIEWS_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
}

/** One moderation: hide, show again, reply (new or edited, `reply`) or remove the reply (`reply: null`). */
export type ReviewModeration = { id: number } & ({ action: 'hide' | 'unhide' } | { action: 'reply'; reply: string | null });

export function useModerateReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ReviewModeration) => {
      const base = `/api/staff/reviews/${change.id}/`;
      if (change.action !== 'reply') return api<StaffReviewRow>('POST', `${base}${change.action}/`);
      return change.reply === null
        ? api<StaffReviewRow>('DELETE', `${base}reply/`)
        : api<StaffReviewRow>('PUT', `${base}reply/`, { reply: change.reply });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: reviewKeys.all() }),
  });
}
