/** The back office's data: one React Query hook per call, typed from the contract. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AuditEntry,
  Paginated,
  Region,
  StaffBulkAction,
  StaffMember,
  StaffMemberCreate,
  StaffMemberPatch,
  StaffOrder,
  StaffOrderBoard,
  StaffSession,
  StaffSignIn,
  StaffBulkResult,
} from '@attar/contract';
import type { StaffPasswordLink, TotpEnrolment } from '@attar/contract';
import { useI18n } from '../lib/i18n';
import type { OrderAction } from '../lib/order-actions';
import { api, ApiFailure, queryString, setCsrfToken } from './client';

export type BoardFilters = {
  status?: string | undefined;
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  region?: number | undefined;
  payment_method?: 'cod' | 'card' | undefined;
  paid?: 'yes' | 'no' | undefined;
  promo_code?: string | undefined;
  sort?: '-created_at' | 'created_at' | '-total' | 'total' | undefined;
  page?: number | undefined;
};

export const PAGE_SIZE = 25;

/** The signed-in member, or null; its CSRF token is kept for the writes that follow. */
export function useSession() {
  return useQuery({
    queryKey: ['session'],
    queryFn: async () => {
      try {
        const session = await api<StaffSession>('GET', '/api/staff/session/');
        setCsrfToken(session.csrf_token);
        return session;
      } catch (error) {
        if (error instanceof ApiFailure && error.status === 401) {
          setCsrfToken(null);
          return null;
        }
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffSignIn) => api<StaffSession>('POST', '/api/staff/session/', input),
    onSuccess: (session) => {
      setCsrfToken(session.csrf_token);
      client.setQueryData(['session'], session);
    },
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (everywhere: boolean) =>
      everywhere ? api<void>('POST', '/api/staff/session/everywhere/') : api<void>('DELETE', '/api/staff/session/'),
    onSettled: () => {
      setCsrfToken(null);
      client.clear();
      client.setQueryData(['session'], null);
    },
  });
}

/** The orders board; polled so new orders appear without reloading. */
export function useBoard(filters: BoardFilters) {
  const { locale } = useI18n();
  return useQuery({
    queryKey: ['board', locale, filters],
    queryFn: () => api<StaffOrderBoard>('GET', `/api/staff/orders/${queryString({ ...filters, page_size: PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
}

export function useRegions() {
  const { locale } = useI18n();
  return useQuery({
    queryKey: ['regions', locale],
    queryFn: () => api<Region[]>('GET', '/api/region/'),
    staleTime: Infinity,
  });
}

export function useOrder(id: number) {
  const { locale } = useI18n();
  return useQuery({ queryKey: ['order', locale, id], queryFn: () => api<StaffOrder>('GET', `/api/staff/orders/${id}/`) });
}

/** Puts the order the API answered (after an action, or with a 409) in place of the one shown. */
function useOrderUpdate() {
  const client = useQueryClient();
  const { locale } = useI18n();
  return (order: StaffOrder) => {
    client.setQueryData(['order', locale, order.id], order);
    void client.invalidateQueries({ queryKey: ['board'] });
  };
}

export function useOrderAction(id: number) {
  const update = useOrderUpdate();
  return useMutation({
    mutationFn: ({ action, body }: { action: OrderAction; body: Record<string, unknown> & { version: number } }) =>
      api<StaffOrder>('POST', `/api/staff/orders/${id}/${action}/`, body),
    onSuccess: update,
    onError: (error) => {
      if (error instanceof ApiFailure && error.code === 'order_changed') update(error.body.order as StaffOrder);
    },
  });
}

export function useOrderNote(id: number) {
  const update = useOrderUpdate();
  return useMutation({
    mutationFn: (body: string) => api<StaffOrder>('POST', `/api/staff/orders/${id}/notes/`, { body }),
    onSuccess: update,
  });
}

export function useBulkAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffBulkAction) => api<StaffBulkResult>('POST', '/api/staff/orders/bulk/', input),
    onSettled: () => client.invalidateQueries({ queryKey: ['board'] }),
  });
}

export function useMembers() {
  return useQuery({ queryKey: ['members'], queryFn: () => api<{ results: StaffMember[] }>('GET', '/api/staff/members/') });
}

export function useCreateMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffMemberCreate) => api<StaffPasswordLink>('POST', '/api/staff/members/', input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['members'] }),
  });
}

export function usePatchMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: StaffMemberPatch }) => api<StaffMember>('PATCH', `/api/staff/members/${id}/`, patch),
    onSuccess: () => client.invalidateQueries({ queryKey: ['members'] }),
  });
}

export function usePasswordLink() {
  return useMutation({ mutationFn: (id: number) => api<StaffPasswordLink>('POST', `/api/staff/members/${id}/password-link/`) });
}

export type AuditFilters = {
  staff?: number | undefined;
  entity?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page?: number | undefined;
};
export function useAudit(filters: AuditFilters) {
  return useQuery({
    queryKey: ['audit', filters],
    queryFn: () => api<Paginated<AuditEntry>>('GET', `/api/staff/audit/${queryString({ ...filters, page_size: 50 })}`),
    placeholderData: keepPreviousData,
  });
}

export function useStartTotp() {
  return useMutation({ mutationFn: () => api<TotpEnrolment>('POST', '/api/staff/totp/') });
}

export function useConfirmTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api<void>('POST', '/api/staff/totp/confirm/', { code }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['session'] }),
  });
}

export function useSetPassword() {
  return useMutation({ mutationFn: (input: { token: string; password: string }) => api<void>('POST', '/api/staff/password/', input) });
}
