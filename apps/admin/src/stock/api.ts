/** The stock screens' calls (adjustStock): sizes and their stock, low stock, a product's ledger, adjustments. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Locale, LowStockRow, Paginated, StaffStockAdjustment, StaffStockRow, StockMovement } from '@attar/contract';
import { api, queryString } from '../api/client';
import { catalogueKeys } from '../catalogue/api';
import { useI18n } from '../lib/i18n';
import type { StockSearch } from '../lib/search';

/** The stock screens' queries; `all()` is the prefix of every one. */
export const stockKeys = {
  all: () => ['stock'] as const,
  sizes: (locale: Locale, filters: StockSizesFilters) => [...stockKeys.all(), 'sizes', locale, filters] as const,
  low: () => [...stockKeys.all(), 'low'] as const,
  ledger: (productId: number, page: number) => [...stockKeys.all(), 'ledger', productId, page] as const,
};

type StockSizesFilters = Pick<StockSearch, 'q' | 'page'> & { product?: number };

export const STOCK_PAGE_SIZE = 25;

export const LEDGER_PAGE_SIZE = 25;

/** Sizes and their stock (drafts' too): searched by name, slug or SKU, or one product's; ordered by name in this language. */
export function useStockSizes(filters: StockSizesFilters) {
  const { locale } = useI18n();
  const { q, ...rest } = filters;
  return useQuery({
    queryKey: stockKeys.sizes(locale, filters),
    queryFn: () =>
      api<Paginated<StaffStockRow>>('GET', `/api/staff/stock/${queryString({ search: q, ...rest, page_size: STOCK_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
}

/** Published products' sizes at or below their threshold, the emptiest first. */
export function useLowStock() {
  return useQuery({ queryKey: stockKeys.low(), queryFn: () => api<LowStockRow[]>('GET', '/api/staff/stock/low/') });
}

/** A product's stock ledger, newest first. */
export function useStockLedger(productId: number, page: number) {
  return useQuery({
    queryKey: stockKeys.ledger(productId, page),
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
      void client.invalidateQueries({ queryKey: stockKeys.all() });
      void client.invalidateQueries({ queryKey: catalogueKeys.productLists() });
      void client.invalidateQueries({ queryKey: catalogueKeys.product(product) });
    },
  });
}
