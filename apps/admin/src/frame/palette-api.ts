/**
 * What the command palette finds for a text: orders (number, name, phone or e-mail), customers (name, phone or
 * e-mail) and products (name in either language, slug or SKU), a few of each, from the lists' own searches. Only what
 * the role may read is asked for.
 */
import { useQueries } from '@tanstack/react-query';
import {
  staffMay,
  type Paginated,
  type StaffCustomerRow,
  type StaffOrderBoard,
  type StaffProductRow,
  type StaffRole,
} from '@attar/contract';
import { api, queryString } from '../api/client';

/** How many of each kind the palette shows. */
export const PALETTE_PAGE_SIZE = 5;
/** Fewer letters than this find too much to be useful: only screens are matched. */
export const PALETTE_MIN_LENGTH = 2;

export const paletteKeys = {
  all: () => ['palette'] as const,
  orders: (text: string) => [...paletteKeys.all(), 'orders', text] as const,
  customers: (text: string) => [...paletteKeys.all(), 'customers', text] as const,
  products: (text: string) => [...paletteKeys.all(), 'products', text] as const,
};

export type PaletteFinds = {
  orders: StaffOrderBoard['results'];
  customers: StaffCustomerRow[];
  products: StaffProductRow[];
  /** Still asking for some of them. */
  pending: boolean;
};

export function usePaletteSearch(role: StaffRole, text: string): PaletteFinds {
  const asked = text.length >= PALETTE_MIN_LENGTH;
  const page = { page_size: PALETTE_PAGE_SIZE };
  const [orders, customers, products] = useQueries({
    queries: [
      {
        queryKey: paletteKeys.orders(text),
        queryFn: () => api<StaffOrderBoard>('GET', `/api/staff/orders/${queryString({ q: text, ...page })}`),
        enabled: asked && staffMay(role, 'readOrders'),
      },
      {
        queryKey: paletteKeys.customers(text),
        queryFn: () => api<Paginated<StaffCustomerRow>>('GET', `/api/staff/customers/${queryString({ q: text, ...page })}`),
        enabled: asked && staffMay(role, 'readCustomers'),
      },
      {
        queryKey: paletteKeys.products(text),
        queryFn: () => api<Paginated<StaffProductRow>>('GET', `/api/staff/products/${queryString({ search: text, ...page })}`),
        enabled: asked && staffMay(role, 'manageCatalogue'),
      },
    ],
  });
  return {
    orders: asked ? (orders.data?.results ?? []) : [],
    customers: asked ? (customers.data?.results ?? []) : [],
    products: asked ? (products.data?.results ?? []) : [],
    pending: [orders, customers, products].some((query) => query.isFetching),
  };
}
