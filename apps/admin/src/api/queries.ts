/** The back office's data: one React Query hook per call, typed from the contract. */
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AuditEntry,
  City,
  Locale,
  Paginated,
  Product,
  Region,
  StaffBulkAction,
  StaffBulkResult,
  StaffCustomerLookup,
  StaffMember,
  StaffMemberCreate,
  StaffMemberPatch,
  StaffOrder,
  StaffOrderBoard,
  StaffPasswordLink,
  StaffPhoneOrderRequest,
  StaffRefundRequest,
  StaffReturnRow,
  StaffProduct,
  StaffProductCreate,
  StaffProductRow,
  StaffProductSave,
  StaffPublication,
  StaffSession,
  StaffSignIn,
  StaffSize,
  StaffSizeInput,
  StaffTerm,
  StaffTermInput,
  StaffTermPatch,
  Taxonomy,
  TotpEnrolment,
} from '@attar/contract';
import { useI18n } from '../lib/i18n';
import type { OrderAction, ReturnStep } from '../lib/order-actions';
import type { AuditSearch, BoardSearch, ProductsSearch } from '../lib/search';
import { api, ApiFailure, isSignedOut, queryString, setCsrfToken } from './client';

export const BOARD_PAGE_SIZE = 25;
export const AUDIT_PAGE_SIZE = 50;
export const RETURNS_PAGE_SIZE = 25;
export const PRODUCTS_PAGE_SIZE = 25;
/** New orders show up on the board and in the badge without reloading. */
const BOARD_POLL_MS = 15_000;

const SESSION_KEY = ['session'] as const;
/** Set when a signed-in member's session ended by itself (idle, expired, signed out elsewhere): sign-in says so. */
let sessionExpired = false;
export const sessionHasExpired = () => sessionExpired;

/** Forgets the member and everything loaded for them; the frame then sends the screen to sign-in. */
function forgetSession(client: QueryClient, expired: boolean) {
  setCsrfToken(null);
  sessionExpired = expired;
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
  client.setQueryData(SESSION_KEY, null);
}

/** Any call answered 401 while signed in: the session is over. */
export function onApiError(client: QueryClient, error: unknown) {
  if (isSignedOut(error) && client.getQueryData(SESSION_KEY)) forgetSession(client, true);
}

/** The signed-in member, or null; its CSRF token is kept (in memory) for the writes that follow. */
export function useSession() {
  const client = useQueryClient();
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: async (): Promise<StaffSession | null> => {
      try {
        const session = await api<StaffSession>('GET', '/api/staff/session/');
        setCsrfToken(session.csrf_token);
        return session;
      } catch (error) {
        if (!isSignedOut(error)) throw error;
        setCsrfToken(null);
        if (client.getQueryData(SESSION_KEY)) sessionExpired = true;
        return null;
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
      sessionExpired = false;
      client.setQueryData(SESSION_KEY, session);
    },
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (everywhere: boolean) =>
      everywhere ? api<void>('POST', '/api/staff/session/everywhere/') : api<void>('DELETE', '/api/staff/session/'),
    onSettled: () => forgetSession(client, false),
  });
}

/** The orders board: one page of the filtered orders, the counts per status and the orders waiting. */
export function useBoard(filters: BoardSearch) {
  const { locale } = useI18n();
  return useQuery({
    queryKey: ['board', locale, filters],
    queryFn: () => api<StaffOrderBoard>('GET', `/api/staff/orders/${queryString({ ...filters, page_size: BOARD_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
    refetchInterval: BOARD_POLL_MS,
  });
}

/** How many orders are placed and waiting for confirmation (the navigation's badge): the smallest page of the board. */
export function useWaitingCount() {
  return useQuery({
    queryKey: ['board', 'waiting'],
    queryFn: () => api<StaffOrderBoard>('GET', `/api/staff/orders/${queryString({ status: 'placed', page_size: 1 })}`),
    select: (board) => board.waiting,
    refetchInterval: BOARD_POLL_MS,
  });
}

/** Egypt's governorates, named in the screen's language. */
export function useRegions() {
  const { locale } = useI18n();
  return useQuery({
    queryKey: ['regions', locale],
    queryFn: () => api<Region[]>('GET', '/api/region/'),
    staleTime: Infinity,
  });
}

/** A governorate's cities, named in the screen's language. */
export function useCities(region: number | null) {
  const { locale } = useI18n();
  return useQuery({
    queryKey: ['cities', locale, region],
    queryFn: () => api<City[]>('GET', `/api/city/${queryString({ region })}`),
    enabled: region !== null,
    staleTime: Infinity,
  });
}

/** The caller of a phone order, found by their mobile number (in any form the API reads). */
export function useCustomerLookup(phone: string | null) {
  return useQuery({
    queryKey: ['customer', phone],
    queryFn: () => api<StaffCustomerLookup>('GET', `/api/staff/customers/lookup/${queryString({ phone })}`),
    enabled: phone !== null,
    retry: false,
  });
}

/** Products for a phone order, found as the storefront's search finds them (both scripts, typos forgiven). */
export function useProductSearch(search: string) {
  const { locale } = useI18n();
  return useQuery({
    queryKey: ['product-search', locale, search],
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
      void client.invalidateQueries({ queryKey: ['board'] });
      void client.invalidateQueries({ queryKey: ['customer'] });
    },
  });
}

const orderKey = (locale: Locale, id: number) => ['order', locale, id] as const;
const fetchOrder = (locale: Locale, id: number) => api<StaffOrder>('GET', `/api/staff/orders/${id}/`, undefined, { locale });

export function useOrder(id: number) {
  const { locale } = useI18n();
  return useQuery({ queryKey: orderKey(locale, id), queryFn: () => fetchOrder(locale, id) });
}

/** The orders of the print view, in the document's language (which may not be the screen's). */
export function usePrintOrders(ids: number[], locale: Locale) {
  return useQueries({ queries: ids.map((id) => ({ queryKey: orderKey(locale, id), queryFn: () => fetchOrder(locale, id) })) });
}

/** A 409 `code` (someone changed the thing first) with the thing as it is now in its `field`; null for any other error. */
function currentAfterConflict<T>(error: unknown, code: string, field: string): T | null {
  if (!(error instanceof ApiFailure) || error.code !== code) return null;
  const current = error.body[field];
  return typeof current === 'object' && current !== null ? (current as T) : null;
}

/** 409: someone changed the order first; the API sends it as it is now. */
export const changedOrder = (error: unknown) => currentAfterConflict<StaffOrder>(error, 'order_changed', 'order');

/** Puts the order the API answered (after an action, or with a 409) in place of the one shown. */
function useOrderUpdate() {
  const client = useQueryClient();
  const { locale } = useI18n();
  return (order: StaffOrder) => {
    client.setQueryData(orderKey(locale, order.id), order);
    // The same order in the other language, and the board, are out of date now.
    void client.invalidateQueries({ queryKey: ['order'], predicate: (query) => query.queryKey[1] !== locale });
    void client.invalidateQueries({ queryKey: ['board'] });
  };
}

export type OrderActionRequest = { action: OrderAction; body: { version: number; [field: string]: unknown } };

export function useOrderAction(id: number) {
  const update = useOrderUpdate();
  return useMutation({
    mutationFn: ({ action, body }: OrderActionRequest) => api<StaffOrder>('POST', `/api/staff/orders/${id}/${action}/`, body),
    onSuccess: update,
    onError: (error) => {
      const current = changedOrder(error);
      if (current) update(current);
    },
  });
}

/** A refund in part or in full; a 409 shows the order as it is now. */
export function useRefund(id: number) {
  const update = useOrderUpdate();
  return useMutation({
    mutationFn: (body: StaffRefundRequest) => api<StaffOrder>('POST', `/api/staff/orders/${id}/refunds/`, body),
    onSuccess: update,
    onError: (error) => {
      const current = changedOrder(error);
      if (current) update(current);
    },
  });
}

export type ReturnStepRequest = { returnId: number; step: ReturnStep; body: Record<string, unknown> };

/** One step of a return; the API answers with the order the return belongs to. */
export function useReturnStep() {
  const update = useOrderUpdate();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ returnId, step, body }: ReturnStepRequest) => api<StaffOrder>('POST', `/api/staff/returns/${returnId}/${step}/`, body),
    onSuccess: (order) => {
      update(order);
      void client.invalidateQueries({ queryKey: ['returns'] });
    },
  });
}

/** The returns queue, oldest first, in one status or all. */
export function useReturns(filters: { status?: string | undefined; page: number }) {
  return useQuery({
    queryKey: ['returns', filters],
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

/** A member lost their authenticator: two-step sign-in off, their sessions ended. */
export function useResetTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<StaffMember>('POST', `/api/staff/members/${id}/totp-reset/`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['members'] }),
  });
}

export function usePasswordLink() {
  return useMutation({ mutationFn: (id: number) => api<StaffPasswordLink>('POST', `/api/staff/members/${id}/password-link/`) });
}

export function useAudit(filters: AuditSearch) {
  return useQuery({
    queryKey: ['audit', filters],
    queryFn: () => api<Paginated<AuditEntry>>('GET', `/api/staff/audit/${queryString({ ...filters, page_size: AUDIT_PAGE_SIZE })}`),
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
    onSuccess: () => client.invalidateQueries({ queryKey: SESSION_KEY }),
  });
}

export function useSetPassword() {
  return useMutation({ mutationFn: (input: { token: string; password: string }) => api<void>('POST', '/api/staff/password/', input) });
}

/** The catalogue's products, drafts and scheduled ones too, as the list's address filters them. */
export function useStaffProducts(filters: ProductsSearch) {
  const { q, ...rest } = filters;
  return useQuery({
    queryKey: ['staff-products', filters],
    queryFn: () =>
      api<Paginated<StaffProductRow>>('GET', `/api/staff/products/${queryString({ search: q, ...rest, page_size: PRODUCTS_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
}

const productKey = (id: number) => ['staff-product', id] as const;

export function useStaffProduct(id: number) {
  return useQuery({ queryKey: productKey(id), queryFn: () => api<StaffProduct>('GET', `/api/staff/products/${id}/`) });
}

/** 409: someone saved the product first; the API sends it as it is now. */
export const changedProduct = (error: unknown) => currentAfterConflict<StaffProduct>(error, 'product_changed', 'product');

/** Puts the product the API answered (after a write, or with a 409) in place of the one loaded; the list follows. */
function useProductUpdate() {
  const client = useQueryClient();
  return (product: StaffProduct) => {
    client.setQueryData(productKey(product.id), product);
    void client.invalidateQueries({ queryKey: ['staff-products'] });
  };
}

/** A product write that may meet someone else's save first (409 with the product as it is now). */
function useProductWrite<Input>(write: (input: Input) => Promise<StaffProduct>) {
  const update = useProductUpdate();
  return useMutation({
    mutationFn: write,
    onSuccess: update,
    onError: (error) => {
      const current = changedProduct(error);
      if (current) update(current);
    },
  });
}

/** A new product, saved as a draft. */
export const useCreateProduct = () =>
  useProductWrite((body: StaffProductCreate) => api<StaffProduct>('POST', '/api/staff/products/', body));

/** Every field and the sizes, on the version the form was loaded with. */
export const useSaveProduct = () =>
  useProductWrite(({ id, body }: { id: number; body: StaffProductSave }) => api<StaffProduct>('PUT', `/api/staff/products/${id}/`, body));

/** Publish now, back to draft, or publish at a later time, on the version shown. */
export const usePublication = () =>
  useProductWrite(({ id, body }: { id: number; body: StaffPublication }) =>
    api<StaffProduct>('POST', `/api/staff/products/${id}/publication/`, body),
  );

type CatalogueList = Taxonomy | 'sizes';
const catalogueKey = (list: CatalogueList) => ['catalogue', list] as const;

/** Categories, families, notes or occasions, in both languages, with how many products use each. */
export function useTerms(taxonomy: Taxonomy) {
  return useQuery({ queryKey: catalogueKey(taxonomy), queryFn: () => api<StaffTerm[]>('GET', `/api/staff/catalogue/${taxonomy}/`) });
}

export function useSizes() {
  return useQuery({ queryKey: catalogueKey('sizes'), queryFn: () => api<StaffSize[]>('GET', '/api/staff/catalogue/sizes/') });
}

/** A write to one of the catalogue's lists: the list is loaded again, and so are the products (names and counts follow). */
function useCatalogueWrite<Input, Output>(list: CatalogueList, write: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: catalogueKey(list) });
      void client.invalidateQueries({ queryKey: ['staff-products'] });
    },
  });
}

export const useCreateTerm = (taxonomy: Taxonomy) =>
  useCatalogueWrite(taxonomy, (body: StaffTermInput) => api<StaffTerm>('POST', `/api/staff/catalogue/${taxonomy}/`, body));

export const usePatchTerm = (taxonomy: Taxonomy) =>
  useCatalogueWrite(taxonomy, ({ id, patch }: { id: number; patch: StaffTermPatch }) =>
    api<StaffTerm>('PATCH', `/api/staff/catalogue/${taxonomy}/${id}/`, patch),
  );

/** Only one no product uses: otherwise a 409 `in_use` says how many do. */
export const useDeleteTerm = (taxonomy: Taxonomy) =>
  useCatalogueWrite(taxonomy, (id: number) => api<void>('DELETE', `/api/staff/catalogue/${taxonomy}/${id}/`));

export const useCreateSize = () =>
  useCatalogueWrite('sizes', (body: StaffSizeInput) => api<StaffSize>('POST', '/api/staff/catalogue/sizes/', body));

/** Only a size no product uses: otherwise a 409 `in_use` says how many do. */
export const useDeleteSize = () => useCatalogueWrite('sizes', (id: number) => api<void>('DELETE', `/api/staff/catalogue/sizes/${id}/`));
