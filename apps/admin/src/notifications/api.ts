/** Order messages that could not be sent (retryMessages): the list, the badge's count, retries. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paginated, StaffMessage, StaffMessagesRetried } from '@attar/contract';
import { api, queryString } from '../api/client';
import type { MessagesSearch } from './messages-search';

export const MESSAGES_PAGE_SIZE = 25;

/** The failed messages' queries; `all()` is the prefix of every one. */
export const messageKeys = {
  all: () => ['staff-messages'] as const,
  list: (search: MessagesSearch) => [...messageKeys.all(), 'list', search] as const,
  deadCount: () => [...messageKeys.all(), 'dead-count'] as const,
};

export function useMessages(search: MessagesSearch) {
  return useQuery({
    queryKey: messageKeys.list(search),
    queryFn: () => api<Paginated<StaffMessage>>('GET', `/api/staff/messages/${queryString({ ...search, page_size: MESSAGES_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
}

/** How many messages failed for good (the navigation's badge, shown to the roles that may see them). */
export function useDeadMessageCount() {
  return useQuery({
    queryKey: messageKeys.deadCount(),
    queryFn: async () => (await api<Paginated<StaffMessage>>('GET', `/api/staff/messages/${queryString({ page_size: 1 })}`)).count,
  });
}

/** A retry: the lists and the badge are loaded again (the message moves from failed to still being tried). */
function useMessagesWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey: messageKeys.all() }) });
}

export const useRetryMessage = () => useMessagesWrite((id: number) => api<StaffMessage>('POST', `/api/staff/messages/${id}/retry/`));

export const useRetryDeadMessages = () => useMessagesWrite(() => api<StaffMessagesRetried>('POST', '/api/staff/messages/retry-dead/'));
