/** The back office's data: one React Query hook per call, typed from the contract. */
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AuditEntry,
  ReportCsvName,
  ReportPeriod,
  ReportsDashboard,
  CatalogueImport,
  City,
  Fee,
  Locale,
  MediaUpload,
  Paginated,
  Product,
  Region,
  SiteConfig,
  StaffBulkAction,
  StaffBulkResult,
  StaffCustomerLookup,
  StaffImagesSave,
  StaffMember,
  StaffMemberCreate,
  StaffMemberPatch,
  StaffOrder,
  StaffOrderBoard,
  StaffPasswordLink,
  StaffPhoneOrderRequest,
  StaffRefundRequest,
  StaffReturnRow,
  StaffOffer,
  StaffOfferCreate,
  StaffOfferPublication,
  StaffOfferSave,
  StaffProduct,
  StaffProductCreate,
  StaffProductRow,
  StaffProductSave,
  StaffPublication,
  StaffSession,
  StaffSignIn,
  StaffSize,
  StaffSizeInput,
  StaffStockAdjustment,
  StaffStockRow,
  StaffTerm,
  StaffTermInput,
  StaffTermPatch,
  LowStockRow,
  StockMovement,
  Taxonomy,
  TotpEnrolment,
  UploadPurpose,
  InfoPageSlug,
  StaffCity,
  StaffCityInput,
  StaffInfoPage,
  StaffInfoPageSave,
  StaffRegion,
  StaffRegionDays,
  StaffDeliverySchedule,
  StaffSiteConfig,
  StaffSiteConfigSave,
  StaffSlider,
  StaffSliderImage,
  StaffSliderInput,
} from '@attar/contract';
// The customers' screens (customers, subscribers, in-store receipts).
import type {
  StaffCustomer,
  StaffCustomerRow,
  StaffPointsAdjusted,
  StaffPointsAdjustment,
  StaffPointsEntry,
  StaffReceipt,
  StaffReceiptEntered,
  StaffReceiptImported,
  StaffReceiptInput,
  StaffSubscriber,
} from '@attar/contract';
import type { NewsletterIssue, NewsletterIssueQueued } from '@attar/contract';
// The failed order messages' screen.
import type { StaffMessage, StaffMessagesRetried } from '@attar/contract';
import type { MessagesSearch } from '../notifications/messages-search';
import type { CustomersSearch, ReceiptsSearch, SubscribersSearch } from '../lib/search';
// The promotions' screens.
import type { StaffPopupChoice, StaffPromotion, StaffPromotionCreate, StaffPromotionSave } from '@attar/contract';
import type { PromotionsSearch } from '../lib/search';
import { useI18n } from '../lib/i18n';
import type { OrderAction, ReturnStep } from '../orders/order-actions';
import type { AuditSearch, BoardSearch, OffersSearch, ProductsSearch, StockSearch } from '../lib/search';
import { api, ApiFailure, isSignedOut, queryString, setCsrfToken } from './client';

export const BOARD_PAGE_SIZE = 25;
export const AUDIT_PAGE_SIZE = 50;
export const RETURNS_PAGE_SIZE = 25;
export const PRODUCTS_PAGE_SIZE = 25;
export const STOCK_PAGE_SIZE = 25;
export const LEDGER_PAGE_SIZE = 25;
export const OFFERS_PAGE_SIZE = 25;
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

/** A governorate's delivery fee as shoppers pay it (pounds); off until one is chosen. */
export function useDeliveryFee(region: number | null) {
  return useQuery({
    queryKey: ['delivery-fee', region],
    queryFn: () => api<Fee>('GET', `/api/fees/${queryString({ region })}`),
    enabled: region !== null,
    select: (fee) => fee.fee,
  });
}

/** The shop's rates as the storefront reads them: free delivery's threshold and the loyalty points' value. */
export function useShopRates() {
  return useQuery({ queryKey: ['shop-rates'], queryFn: () => api<SiteConfig>('GET', '/api/siteconfigb/') });
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
/** A step of a cash order's question to its shopper (decision 0048): confirm it for them, or send it again. */
export type ConfirmationStep = { action: 'confirm-for-shopper' | 'resend-confirmation'; body: { version: number } };

export function useOrderAction(id: number) {
  const update = useOrderUpdate();
  return useMutation({
    mutationFn: ({ action, body }: OrderActionRequest | ConfirmationStep) =>
      api<StaffOrder>('POST', `/api/staff/orders/${id}/${action}/`, body),
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

/**
 * A write of a product or an offer that may meet someone else's save first (409 with the thing as it is now): the
 * thing the API answered, either way, takes the place of the one loaded (`keyOf`), and its list (`listKey`) follows.
 */
function useVersionedWrite<Thing extends { id: number }, Input>(
  keyOf: (id: number) => readonly unknown[],
  listKey: string,
  changed: (error: unknown) => Thing | null,
  write: (input: Input) => Promise<Thing>,
) {
  const client = useQueryClient();
  const update = (thing: Thing) => {
    client.setQueryData(keyOf(thing.id), thing);
    void client.invalidateQueries({ queryKey: [listKey] });
  };
  return useMutation({
    mutationFn: write,
    onSuccess: update,
    onError: (error) => {
      const current = changed(error);
      if (current) update(current);
    },
  });
}

const useProductWrite = <Input>(write: (input: Input) => Promise<StaffProduct>) =>
  useVersionedWrite(productKey, 'staff-products', changedProduct, write);

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

/** The product's pictures in order with their descriptions, on the version shown. */
export const useSaveProductImages = () =>
  useProductWrite(({ id, body }: { id: number; body: StaffImagesSave }) =>
    api<StaffProduct>('PUT', `/api/staff/products/${id}/images/`, body),
  );

/** A CSV file sent for import: checked, then applied, after the answer (`useCatalogueImport` follows it). */
export const useStartImport = () =>
  useMutation({
    mutationFn: (file: File) => api<CatalogueImport>('POST', `/api/staff/products/imports/${queryString({ file_name: file.name })}`, file),
  });

/** An import's progress, asked again every half second until it has ended. */
export function useCatalogueImport(id: number | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['catalogue-import', id],
    queryFn: async () => {
      const state = await api<CatalogueImport>('GET', `/api/staff/products/imports/${id}/`);
      // Applied: the products' lists and pages now show other prices and stock.
      if (state.status === 'applied') {
        void client.invalidateQueries({ queryKey: ['staff-products'] });
        void client.invalidateQueries({ queryKey: ['staff-product'] });
      }
      return state;
    },
    enabled: id !== null,
    refetchInterval: (query) => (['validating', 'applying'].includes(query.state.data?.status ?? 'validating') ? 500 : false),
  });
}

/** One picture, sent as the file itself; the API answers the stored renditions' `src`. */
export const useUpload = () =>
  useMutation({
    mutationFn: ({ file, purpose }: { file: File; purpose: UploadPurpose }) =>
      api<MediaUpload>('POST', `/api/staff/media/${queryString({ purpose })}`, file),
  });

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

/** Sizes and their stock (drafts' too): searched by name, slug or SKU, or one product's; ordered by name in this language. */
export function useStockSizes(filters: Pick<StockSearch, 'q' | 'page'> & { product?: number }) {
  const { locale } = useI18n();
  const { q, ...rest } = filters;
  return useQuery({
    queryKey: ['stock', 'sizes', locale, filters],
    queryFn: () =>
      api<Paginated<StaffStockRow>>('GET', `/api/staff/stock/${queryString({ search: q, ...rest, page_size: STOCK_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
}

/** Published products' sizes at or below their threshold, the emptiest first. */
export function useLowStock() {
  return useQuery({ queryKey: ['stock', 'low'], queryFn: () => api<LowStockRow[]>('GET', '/api/staff/stock/low/') });
}

/** A product's stock ledger, newest first. */
export function useStockLedger(productId: number, page: number) {
  return useQuery({
    queryKey: ['stock', 'ledger', productId, page],
    queryFn: () =>
      api<Paginated<StockMovement>>('GET', `/api/staff/products/${productId}/stock/${queryString({ page, page_size: LEDGER_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
}

export type StockAdjustmentRequest = { product: number; size: number; body: StaffStockAdjustment };

/** Units in or out of one size: the stock screens, the ledger and the product's own stock are loaded again. */
export function useAdjustStock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ product, size, body }: StockAdjustmentRequest) =>
      api<{ stock: number }>('POST', `/api/staff/products/${product}/sizes/${size}/stock/`, body),
    onSuccess: (_stock, { product }) => {
      void client.invalidateQueries({ queryKey: ['stock'] });
      void client.invalidateQueries({ queryKey: ['staff-products'] });
      void client.invalidateQueries({ queryKey: productKey(product) });
    },
  });
}

/** Products to take an offer's parts from, found by name, slug or SKU (the editor then loads one's sizes). */
export function usePartSearch(search: string) {
  return useQuery({
    queryKey: ['staff-products', 'parts', search],
    queryFn: () => api<Paginated<StaffProductRow>>('GET', `/api/staff/products/${queryString({ search, page_size: 8 })}`),
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** The offers, drafts too, newest change first, as the list's address searches them. */
export function useStaffOffers(filters: OffersSearch) {
  const { q, ...rest } = filters;
  return useQuery({
    queryKey: ['staff-offers', filters],
    queryFn: () =>
      api<Paginated<StaffOffer>>('GET', `/api/staff/offers/${queryString({ search: q, ...rest, page_size: OFFERS_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
}

const offerKey = (id: number) => ['staff-offer', id] as const;

export function useStaffOffer(id: number) {
  return useQuery({ queryKey: offerKey(id), queryFn: () => api<StaffOffer>('GET', `/api/staff/offers/${id}/`) });
}

/** 409: someone saved the offer first; the API sends it as it is now. */
export const changedOffer = (error: unknown) => currentAfterConflict<StaffOffer>(error, 'offer_changed', 'offer');

const useOfferWrite = <Input>(write: (input: Input) => Promise<StaffOffer>) =>
  useVersionedWrite(offerKey, 'staff-offers', changedOffer, write);

/** A new offer, saved as a draft. */
export const useCreateOffer = () => useOfferWrite((body: StaffOfferCreate) => api<StaffOffer>('POST', '/api/staff/offers/', body));

/** Every field and the parts, on the version the form was loaded with. */
export const useSaveOffer = () =>
  useOfferWrite(({ id, body }: { id: number; body: StaffOfferSave }) => api<StaffOffer>('PUT', `/api/staff/offers/${id}/`, body));

/** The offer's pictures in order with their descriptions, on the version shown. */
export const useSaveOfferImages = () =>
  useOfferWrite(({ id, body }: { id: number; body: StaffImagesSave }) => api<StaffOffer>('PUT', `/api/staff/offers/${id}/images/`, body));

/** Publish, or back to draft, on the version shown. */
export const useOfferPublication = () =>
  useOfferWrite(({ id, body }: { id: number; body: StaffOfferPublication }) =>
    api<StaffOffer>('POST', `/api/staff/offers/${id}/publication/`, body),
  );

export const CUSTOMERS_PAGE_SIZE = 25;
export const POINTS_PAGE_SIZE = 20;

/** Customers by name, e-mail or mobile, as the list's address filters them. */
export function useCustomers(filters: CustomersSearch) {
  return useQuery({
    queryKey: ['customers', filters],
    queryFn: () =>
      api<Paginated<StaffCustomerRow>>('GET', `/api/staff/customers/${queryString({ ...filters, page_size: CUSTOMERS_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
}

const customerKey = (locale: Locale, id: number) => ['customer-page', locale, id] as const;

/** A customer's page (addresses named in the screen's language). */
export function useCustomer(id: number) {
  const { locale } = useI18n();
  return useQuery({ queryKey: customerKey(locale, id), queryFn: () => api<StaffCustomer>('GET', `/api/staff/customers/${id}/`) });
}

export function useCustomerPoints(id: number, page: number) {
  return useQuery({
    queryKey: ['customer-points', id, page],
    queryFn: () =>
      api<Paginated<StaffPointsEntry>>('GET', `/api/staff/customers/${id}/points/${queryString({ page, page_size: POINTS_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
}

/** After a change to a customer: their page, their ledger and the list are out of date. */
function useCustomerChanged() {
  const client = useQueryClient();
  return (id: number) => {
    void client.invalidateQueries({ queryKey: ['customer-page'], predicate: (query) => query.queryKey[2] === id });
    void client.invalidateQueries({ queryKey: ['customer-points', id] });
    void client.invalidateQueries({ queryKey: ['customers'] });
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

export const SUBSCRIBERS_PAGE_SIZE = 25;
/** The CSV of the subscribed addresses: a plain link (GET with the session cookie, no script involved). */
export const SUBSCRIBERS_CSV_URL = '/api/staff/subscribers/export.csv';

export function useSubscribers(filters: SubscribersSearch) {
  return useQuery({
    queryKey: ['subscribers', filters],
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
    onSuccess: () => client.invalidateQueries({ queryKey: ['subscribers'] }),
  });
}

export const RECEIPTS_PAGE_SIZE = 25;

export function useReceipts(filters: ReceiptsSearch) {
  return useQuery({
    queryKey: ['receipts', filters],
    queryFn: () => api<Paginated<StaffReceipt>>('GET', `/api/staff/receipts/${queryString({ ...filters, page_size: RECEIPTS_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
}

export function useEnterReceipt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffReceiptInput) => api<StaffReceiptEntered>('POST', '/api/staff/receipts/', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['receipts'] }),
  });
}

/** A second owner or manager approves a receipt above RECEIPT_APPROVAL_ABOVE; never the one who entered it. */
export function useApproveReceipt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<StaffReceipt>('POST', `/api/staff/receipts/${id}/approve/`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['receipts'] }),
  });
}

/** The till's CSV as text; a refusal (400 `import_invalid`) carries the problems line by line. */
export function useImportReceipts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => api<StaffReceiptImported>('POST', '/api/staff/receipts/import/', { csv }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['receipts'] }),
  });
}

export const PROMOTIONS_PAGE_SIZE = 25;

/** The promotion codes, newest first, as the list's address searches and filters them. */
export function useStaffPromotions(filters: PromotionsSearch) {
  const { q, ...rest } = filters;
  return useQuery({
    queryKey: ['staff-promotions', filters],
    queryFn: () =>
      api<Paginated<StaffPromotion>>(
        'GET',
        `/api/staff/promotions/${queryString({ search: q, ...rest, page_size: PROMOTIONS_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

const promotionKey = (id: number) => ['staff-promotion', id] as const;

export function useStaffPromotion(id: number) {
  return useQuery({ queryKey: promotionKey(id), queryFn: () => api<StaffPromotion>('GET', `/api/staff/promotions/${id}/`) });
}

/** 409: someone saved the promotion first; the API sends it as it is now. */
export const changedPromotion = (error: unknown) => currentAfterConflict<StaffPromotion>(error, 'promotion_changed', 'promotion');

const usePromotionWrite = <Input>(write: (input: Input) => Promise<StaffPromotion>) =>
  useVersionedWrite(promotionKey, 'staff-promotions', changedPromotion, write);

export const useCreatePromotion = () =>
  usePromotionWrite((body: StaffPromotionCreate) => api<StaffPromotion>('POST', '/api/staff/promotions/', body));

/** Every field and the limits, on the version the form was loaded with. */
export const useSavePromotion = () =>
  usePromotionWrite(({ id, body }: { id: number; body: StaffPromotionSave }) =>
    api<StaffPromotion>('PUT', `/api/staff/promotions/${id}/`, body),
  );

/** Turns the code off at once, on the version shown. */
export const useDeactivatePromotion = () =>
  usePromotionWrite(({ id, version }: { id: number; version: number }) =>
    api<StaffPromotion>('POST', `/api/staff/promotions/${id}/deactivate/`, { version }),
  );

/** The promotion the storefront's popup shows, or none; every code's mark follows. */
export function useChoosePopup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choice: StaffPopupChoice) => api<StaffPopupChoice>('PUT', '/api/staff/promotions/popup/', choice),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['staff-promotions'] });
      void client.invalidateQueries({ queryKey: ['staff-promotion'] });
    },
  });
}

// ---------------------------------------------------------------------------------------------------------------------
// Content and settings

const SITE_CONFIG_KEY = ['site-config'] as const;
export function useSiteConfig() {
  return useQuery({ queryKey: SITE_CONFIG_KEY, queryFn: () => api<StaffSiteConfig>('GET', '/api/staff/site-config/') });
}
/** 409: someone saved the settings first; the API sends them as they are now. */
export const changedSiteConfig = (error: unknown) => currentAfterConflict<StaffSiteConfig>(error, 'site_config_changed', 'site_config');
export function useSaveSiteConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffSiteConfigSave) => api<StaffSiteConfig>('PUT', '/api/staff/site-config/', body),
    onSuccess: (saved) => client.setQueryData(SITE_CONFIG_KEY, saved),
  });
}

const REGIONS_KEY = ['staff-regions'] as const;
export function useStaffRegions() {
  return useQuery({ queryKey: REGIONS_KEY, queryFn: () => api<StaffRegion[]>('GET', '/api/staff/regions/') });
}
/** A write to the governorates or their cities: the list is loaded again, and so are the checkout's lists. */
function useDeliveryWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: REGIONS_KEY });
      void client.invalidateQueries({ queryKey: ['cities'] });
    },
  });
}
export const useSetFee = () =>
  useDeliveryWrite(({ region, fee }: { region: number; fee: number }) =>
    api<StaffRegion>('PUT', `/api/staff/regions/${region}/fee/`, { fee }),
  );
export const useSetRegionDays = () =>
  useDeliveryWrite(({ region, days }: { region: number; days: StaffRegionDays }) =>
    api<StaffRegion>('PUT', `/api/staff/regions/${region}/days/`, days),
  );
const SCHEDULE_KEY = ['staff-delivery-schedule'] as const;
export function useDeliverySchedule() {
  return useQuery({ queryKey: SCHEDULE_KEY, queryFn: () => api<StaffDeliverySchedule>('GET', '/api/staff/delivery-schedule/') });
}
export function useSaveDeliverySchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (schedule: StaffDeliverySchedule) => api<StaffDeliverySchedule>('PUT', '/api/staff/delivery-schedule/', schedule),
    onSuccess: (saved) => client.setQueryData(SCHEDULE_KEY, saved),
  });
}
export const useAddCity = () =>
  useDeliveryWrite(({ region, body }: { region: number; body: StaffCityInput }) =>
    api<StaffCity>('POST', `/api/staff/regions/${region}/cities/`, body),
  );
export const useRenameCity = () =>
  useDeliveryWrite(({ id, body }: { id: number; body: StaffCityInput }) => api<StaffCity>('PUT', `/api/staff/cities/${id}/`, body));
/** Only a city no saved address uses: otherwise a 409 `city_in_use` says how many do. */
export const useRemoveCity = () => useDeliveryWrite((id: number) => api<void>('DELETE', `/api/staff/cities/${id}/`));

const SLIDERS_KEY = ['staff-sliders'] as const;
export function useStaffSliders() {
  return useQuery({ queryKey: SLIDERS_KEY, queryFn: () => api<StaffSlider[]>('GET', '/api/staff/sliders/') });
}
export function useSliderImages() {
  return useQuery({ queryKey: [...SLIDERS_KEY, 'images'], queryFn: () => api<StaffSliderImage[]>('GET', '/api/staff/sliders/images/') });
}
function useSliderWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey: SLIDERS_KEY }) });
}
export const useCreateSlider = () => useSliderWrite((body: StaffSliderInput) => api<StaffSlider>('POST', '/api/staff/sliders/', body));
export const useSaveSlider = () =>
  useSliderWrite(({ id, body }: { id: number; body: StaffSliderInput }) => api<StaffSlider>('PUT', `/api/staff/sliders/${id}/`, body));
export const useSliderActive = () =>
  useSliderWrite(({ id, active }: { id: number; active: boolean }) =>
    api<StaffSlider>('PATCH', `/api/staff/sliders/${id}/`, { is_active: active }),
  );
export const useDeleteSlider = () => useSliderWrite((id: number) => api<void>('DELETE', `/api/staff/sliders/${id}/`));
/** Every slider's id, in the new order. */
export const useReorderSliders = () => useSliderWrite((ids: number[]) => api<StaffSlider[]>('POST', '/api/staff/sliders/order/', { ids }));

const PAGES_KEY = ['staff-pages'] as const;
export function useInfoPages() {
  return useQuery({ queryKey: PAGES_KEY, queryFn: () => api<StaffInfoPage[]>('GET', '/api/staff/pages/') });
}
export function useInfoPage(slug: InfoPageSlug) {
  return useQuery({ queryKey: [...PAGES_KEY, slug], queryFn: () => api<StaffInfoPage>('GET', `/api/staff/pages/${slug}/`) });
}
/** 409: someone saved the page first; the API sends it as it is now. */
export const changedInfoPage = (error: unknown) => currentAfterConflict<StaffInfoPage>(error, 'page_changed', 'page');
export function useSaveInfoPage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, body }: { slug: InfoPageSlug; body: StaffInfoPageSave }) =>
      api<StaffInfoPage>('PUT', `/api/staff/pages/${slug}/`, body),
    onSuccess: (saved) => {
      client.setQueryData([...PAGES_KEY, saved.slug], saved);
      void client.invalidateQueries({ queryKey: PAGES_KEY, exact: true });
    },
  });
}

/** The reports dashboard (decision 0023): sales of today, 7 and 30 days and each day; the tables for `period`. */
export function useReportsDashboard(period: ReportPeriod) {
  return useQuery({
    queryKey: ['reports', 'dashboard', period],
    queryFn: () => api<ReportsDashboard>('GET', `/api/staff/reports/dashboard/${queryString({ period })}`),
    placeholderData: keepPreviousData,
  });
}

/** Where a report's CSV is downloaded from (the browser sends the session cookie with the link). */
export const reportCsvUrl = (name: ReportCsvName, period: ReportPeriod) => `/api/staff/reports/${name}.csv${queryString({ period })}`;

// ---------------------------------------------------------------------------------------------------------------------
// Order messages that could not be sent (retryMessages)

export const MESSAGES_PAGE_SIZE = 25;
const MESSAGES_KEY = ['staff-messages'] as const;
const messagesKey = (search: MessagesSearch) => [...MESSAGES_KEY, 'list', search] as const;

export function useMessages(search: MessagesSearch) {
  return useQuery({
    queryKey: messagesKey(search),
    queryFn: () => api<Paginated<StaffMessage>>('GET', `/api/staff/messages/${queryString({ ...search, page_size: MESSAGES_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
}

/** How many messages failed for good (the navigation's badge, shown to the roles that may see them). */
export function useDeadMessageCount() {
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'dead-count'],
    queryFn: async () => (await api<Paginated<StaffMessage>>('GET', `/api/staff/messages/${queryString({ page_size: 1 })}`)).count,
  });
}

/** A retry: the lists and the badge are loaded again (the message moves from failed to still being tried). */
function useMessagesWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey: MESSAGES_KEY }) });
}
export const useRetryMessage = () => useMessagesWrite((id: number) => api<StaffMessage>('POST', `/api/staff/messages/${id}/retry/`));
export const useRetryDeadMessages = () => useMessagesWrite(() => api<StaffMessagesRetried>('POST', '/api/staff/messages/retry-dead/'));
