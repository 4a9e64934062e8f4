/** The orders' calls: the board and its saved views, an order and its actions, refunds, returns, notes and bulk steps. */
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Locale,
  Paginated,
  SavedView,
  SavedViewInput,
  StaffBulkAction,
  StaffBulkResult,
  StaffOrder,
  StaffOrderBoard,
  StaffOrderEditPreview,
  StaffOrderEditRequest,
  StaffRefundRequest,
  StaffReturnRow,
} from '@attar/contract';
import { api, queryString } from '../api/client';
import { currentAfterConflict } from '../api/versioned-write';
import { useI18n } from '../lib/i18n';
import type { BoardSearch } from '../lib/search';
import type { OrderAction, ReturnStep } from './order-actions';

export const BOARD_PAGE_SIZE = 25;

export const RETURNS_PAGE_SIZE = 25;

/** New orders show up on the board and in the badge without reloading. */
const BOARD_POLL_MS = 15_000;

/** The orders' queries; a key is the prefix of those beneath it, so invalidating `boards()` reaches every board. */
export const orderKeys = {
  boards: () => ['board'] as const,
  board: (locale: Locale, filters: BoardSearch) => [...orderKeys.boards(), locale, filters] as const,
  waiting: () => [...orderKeys.boards(), 'waiting'] as const,
  orders: () => ['order'] as const,
  order: (locale: Locale, id: number) => [...orderKeys.orders(), locale, id] as const,
  editPreview: (locale: Locale, id: number, edit: StaffOrderEditRequest | null) =>
    [...orderKeys.orders(), 'edit-preview', locale, id, edit] as const,
  returns: () => ['returns'] as const,
  returnsPage: (filters: ReturnsFilters) => [...orderKeys.returns(), filters] as const,
};

type ReturnsFilters = { status?: string | undefined; page: number };

/** The orders board: one page of the filtered orders, the counts per status and the orders waiting. */
export function useBoard(filters: BoardSearch) {
  const { locale } = useI18n();
  return useQuery({
    queryKey: orderKeys.board(locale, filters),
    queryFn: () => api<StaffOrderBoard>('GET', `/api/staff/orders/${queryString({ ...filters, page_size: BOARD_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
    refetchInterval: BOARD_POLL_MS,
  });
}

/** How many orders are placed and waiting for confirmation (the navigation's badge): the smallest page of the board. */
export function useWaitingCount() {
  return useQuery({
    queryKey: orderKeys.waiting(),
    queryFn: () => api<StaffOrderBoard>('GET', `/api/staff/orders/${queryString({ status: 'placed', page_size: 1 })}`),
    select: (board) => board.waiting,
    refetchInterval: BOARD_POLL_MS,
  });
}

const fetchOrder = (locale: Locale, id: number) => api<StaffOrder>('GET', `/api/staff/orders/${id}/`, undefined, { locale });

export function useOrder(id: number) {
  const { locale } = useI18n();
  return useQuery({ queryKey: orderKeys.order(locale, id), queryFn: () => fetchOrder(locale, id) });
}

/** The orders of the print view, in the document's language (which may not be the screen's). */
export function usePrintOrders(ids: number[], locale: Locale) {
  return useQueries({ queries: ids.map((id) => ({ queryKey: orderKeys.order(locale, id), queryFn: () => fetchOrder(locale, id) })) });
}

/** 409: someone changed the order first; the API sends it as it is now. */
export const changedOrder = (error: unknown) => currentAfterConflict<StaffOrder>(error, 'order_changed', 'order');

/** Puts the order the API answered (after an action, or with a 409) in place of the one shown. */
function useOrderUpdate() {
  const client = useQueryClient();
  const { locale } = useI18n();
  return (order: StaffOrder) => {
    client.setQueryData(orderKeys.order(locale, order.id), order);
    // The same order in the other language, and the board, are out of date now.
    void client.invalidateQueries({ queryKey: orderKeys.orders(), predicate: (query) => query.queryKey[1] !== locale });
    void client.invalidateQueries({ queryKey: orderKeys.boards() });
  };
}

/** After a change of the order's tags: its page (in either language) and the boards are out of date. */
export function useOrderTagsChanged(id: number) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: orderKeys.orders(), predicate: (query) => query.queryKey[2] === id });
    void client.invalidateQueries({ queryKey: orderKeys.boards() });
  };
}

export type OrderActionRequest = { action: OrderAction; body: { version: number; [field: string]: unknown } };

/**
 * A message step on the order: a cash order's question to its shopper confirmed for them or sent again (decision
 * 0048), or a phone order's payment link sent again (decision 0060).
 */
export type MessageStep = {
  action: 'confirm-for-shopper' | 'resend-confirmation' | 'resend-payment-link';
  body: { version: number };
};

export function useOrderAction(id: number) {
  const update = useOrderUpdate();
  return useMutation({
    mutationFn: ({ action, body }: OrderActionRequest | MessageStep) => api<StaffOrder>('POST', `/api/staff/orders/${id}/${action}/`, body),
    onSuccess: update,
    onError: (error) => {
      const current = changedOrder(error);
      if (current) update(current);
    },
  });
}

/** A write to the order that answers it: the order shown as answered, or as it is now after a 409. */
function useOrderWrite<Body>(id: number, path: string) {
  const update = useOrderUpdate();
  return useMutation({
    mutationFn: (body: Body) => api<StaffOrder>('POST', `/api/staff/orders/${id}/${path}/`, body),
    onSuccess: update,
    onError: (error) => {
      const current = changedOrder(error);
      if (current) update(current);
    },
  });
}

/** A refund in part or in full; a 409 shows the order as it is now. */
export const useRefund = (id: number) => useOrderWrite<StaffRefundRequest>(id, 'refunds');

/** What saving an edit would do (decision 0057), asked again whenever the edit changes; nothing before it parses. */
export function useOrderEditPreview(id: number, edit: StaffOrderEditRequest | null) {
  const { locale } = useI18n();
  return useQuery({
    queryKey: orderKeys.editPreview(locale, id, edit),
    queryFn: () => api<StaffOrderEditPreview>('POST', `/api/staff/orders/${id}/edit/preview/`, edit),
    enabled: edit !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Saves an edit of the order; a 409 shows the order as it is now. */
export const useEditOrder = (id: number) => useOrderWrite<StaffOrderEditRequest>(id, 'edit');

/** Takes back the order's last step (decision 0059), named by the version it left; a 409 shows the order as it is now. */
export const useUndoOrderStep = (id: number) => useOrderWrite<{ version: number }>(id, 'undo');

export type ReturnStepRequest = { returnId: number; step: ReturnStep; body: Record<string, unknown> };

/** One step of a return; the API answers with the order the return belongs to. */
export function useReturnStep() {
  const update = useOrderUpdate();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ returnId, step, body }: ReturnStepRequest) => api<StaffOrder>('POST', `/api/staff/returns/${returnId}/${step}/`, body),
    onSuccess: (order) => {
      update(order);
      void client.invalidateQueries({ queryKey: orderKeys.returns() });
    },
  });
}

/** The returns queue, oldest first, in one status or all. */
export function useReturns(filters: ReturnsFilters) {
  return useQuery({
    queryKey: orderKeys.returnsPage(filters),
    queryFn: () => api<Paginated<StaffReturnRow>>('GET', `/api/staff/returns/${queryString({ ...filters, page_size: RETURNS_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
    refetchInterval: BOARD_POLL_MS,
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
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.boards() }),
  });
}

const SAVED_VIEWS_PATH = '/api/staff/saved-views/';

/** The board's saved views: the member's own and the shared ones, all under `all()`, so a write invalidates them together. */
export const savedViewKeys = {
  all: () => ['saved-views'] as const,
  list: () => [...savedViewKeys.all(), 'orders'] as const,
};

export function useSavedViews() {
  return useQuery({
    queryKey: savedViewKeys.list(),
    queryFn: () => api<SavedView[]>('GET', `${SAVED_VIEWS_PATH}${queryString({ list: 'orders' })}`),
  });
}

export function useSaveView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SavedViewInput) => api<SavedView>('POST', SAVED_VIEWS_PATH, input),
    onSuccess: () => client.invalidateQueries({ queryKey: savedViewKeys.all() }),
  });
}

export function useDeleteView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>('DELETE', `${SAVED_VIEWS_PATH}${id}/`),
    onSuccess: () => client.invalidateQueries({ queryKey: savedViewKeys.all() }),
  });
}
