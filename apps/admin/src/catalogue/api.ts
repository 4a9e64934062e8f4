/** The catalogue's calls: products, offers, their pictures and publication, the lists of names, CSV imports. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CatalogueImport,
  CatalogueImportSummary,
  Paginated,
  StaffImagesSave,
  StaffOffer,
  StaffOfferCreate,
  StaffOfferPublication,
  StaffOfferSave,
  StaffProduct,
  StaffProductCreate,
  StaffProductRow,
  StaffProductSave,
  StaffPublication,
  StaffSize,
  StaffSizeInput,
  StaffTerm,
  StaffTermInput,
  StaffTermPatch,
  Taxonomy,
} from '@attar/contract';
import { api, queryString } from '../api/client';
import { currentAfterConflict, useVersionedWrite } from '../api/versioned-write';
import type { OffersSearch, ProductsSearch } from '../lib/search';

/** The catalogue's queries; a key is the prefix of those beneath it. */
export const catalogueKeys = {
  productLists: () => ['staff-products'] as const,
  productList: (filters: ProductsSearch) => [...catalogueKeys.productLists(), filters] as const,
  parts: (search: string) => [...catalogueKeys.productLists(), 'parts', search] as const,
  products: () => ['staff-product'] as const,
  product: (id: number) => [...catalogueKeys.products(), id] as const,
  imports: () => ['catalogue-imports'] as const,
  recentImports: () => [...catalogueKeys.imports(), 'recent'] as const,
  importOf: (id: number | null) => [...catalogueKeys.imports(), id] as const,
  list: (list: CatalogueList) => ['catalogue', list] as const,
  offerLists: () => ['staff-offers'] as const,
  offerList: (filters: OffersSearch) => [...catalogueKeys.offerLists(), filters] as const,
  offer: (id: number) => ['staff-offer', id] as const,
};

export const PRODUCTS_PAGE_SIZE = 25;

export const OFFERS_PAGE_SIZE = 25;

/** The catalogue's products, drafts and scheduled ones too, as the list's address filters them. */
export function useStaffProducts(filters: ProductsSearch) {
  const { q, ...rest } = filters;
  return useQuery({
    queryKey: catalogueKeys.productList(filters),
    queryFn: () =>
      api<Paginated<StaffProductRow>>('GET', `/api/staff/products/${queryString({ search: q, ...rest, page_size: PRODUCTS_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
}

export function useStaffProduct(id: number) {
  return useQuery({ queryKey: catalogueKeys.product(id), queryFn: () => api<StaffProduct>('GET', `/api/staff/products/${id}/`) });
}

/** 409: someone saved the product first; the API sends it as it is now. */
export const changedProduct = (error: unknown) => currentAfterConflict<StaffProduct>(error, 'product_changed', 'product');

const useProductWrite = <Input>(write: (input: Input) => Promise<StaffProduct>) =>
  useVersionedWrite(catalogueKeys.product, catalogueKeys.productLists(), changedProduct, write);

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

/** A CSV file sent for import: checked into a preview after the answer (`useCatalogueImport` follows it). */
export function useStartImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => api<CatalogueImport>('POST', `/api/staff/products/imports/${queryString({ file_name: file.name })}`, file),
    onSuccess: () => void client.invalidateQueries({ queryKey: catalogueKeys.recentImports() }),
  });
}

/** An import's progress, asked again every half second until its check has ended; then its preview. */
export function useCatalogueImport(id: number | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: catalogueKeys.importOf(id),
    queryFn: async () => {
      const state = await api<CatalogueImport>('GET', `/api/staff/products/imports/${id}/`);
      if (state.status !== 'validating') void client.invalidateQueries({ queryKey: catalogueKeys.recentImports() });
      return state;
    },
    enabled: id !== null,
    refetchInterval: (query) => ((query.state.data?.status ?? 'validating') === 'validating' ? 500 : false),
  });
}

/** The record: the latest imports, newest first. */
export const useRecentImports = () =>
  useQuery({
    queryKey: catalogueKeys.recentImports(),
    queryFn: () => api<CatalogueImportSummary[]>('GET', '/api/staff/products/imports/'),
  });

export type ImportAction = 'apply' | 'discard' | 'undo';

/** Applies, discards or undoes an import; applied or undone, the products' lists and pages show other prices and stock. */
export function useImportAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ImportAction }) =>
      api<CatalogueImport>('POST', `/api/staff/products/imports/${id}/${action}/`),
    onSuccess: (state) => {
      client.setQueryData(catalogueKeys.importOf(state.id), state);
      void client.invalidateQueries({ queryKey: catalogueKeys.recentImports() });
      if (state.status !== 'discarded') {
        void client.invalidateQueries({ queryKey: catalogueKeys.productLists() });
        void client.invalidateQueries({ queryKey: catalogueKeys.products() });
      }
    },
  });
}

type CatalogueList = Taxonomy | 'sizes';

/** Categories, families, notes or occasions, in both languages, with how many products use each. */
export function useTerms(taxonomy: Taxonomy) {
  return useQuery({ queryKey: catalogueKeys.list(taxonomy), queryFn: () => api<StaffTerm[]>('GET', `/api/staff/catalogue/${taxonomy}/`) });
}

export function useSizes() {
  return useQuery({ queryKey: catalogueKeys.list('sizes'), queryFn: () => api<StaffSize[]>('GET', '/api/staff/catalogue/sizes/') });
}

/** A write to one of the catalogue's lists: the list is loaded again, and so are the products (names and counts follow). */
function useCatalogueWrite<Input, Output>(list: CatalogueList, write: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: catalogueKeys.list(list) });
      void client.invalidateQueries({ queryKey: catalogueKeys.productLists() });
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

/** Products to take an offer's parts from, found by name, slug or SKU (the editor then loads one's sizes). */
export function usePartSearch(search: string) {
  return useQuery({
    queryKey: catalogueKeys.parts(search),
    queryFn: () => api<Paginated<StaffProductRow>>('GET', `/api/staff/products/${queryString({ search, page_size: 8 })}`),
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** The offers, drafts too, newest change first, as the list's address searches them. */
export function useStaffOffers(filters: OffersSearch) {
  const { q, ...rest } = filters;
  return useQuery({
    queryKey: catalogueKeys.offerList(filters),
    queryFn: () =>
      api<Paginated<StaffOffer>>('GET', `/api/staff/offers/${queryString({ search: q, ...rest, page_size: OFFERS_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
}

export function useStaffOffer(id: number) {
  return useQuery({ queryKey: catalogueKeys.offer(id), queryFn: () => api<StaffOffer>('GET', `/api/staff/offers/${id}/`) });
}

/** 409: someone saved the offer first; the API sends it as it is now. */
export const changedOffer = (error: unknown) => currentAfterConflict<StaffOffer>(error, 'offer_changed', 'offer');

const useOfferWrite = <Input>(write: (input: Input) => Promise<StaffOffer>) =>
  useVersionedWrite(catalogueKeys.offer, catalogueKeys.offerLists(), changedOffer, write);

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
