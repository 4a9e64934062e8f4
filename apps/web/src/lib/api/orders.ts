/**
 * Order calls made from client components: place an order, the shopper's history, one order by its
 * number, reorder, cancel, ask to return, a guest keeping their order in a new account, and in-store orders' points.
 * Only types come from the contract.
 */
import type {
  Cart,
  GuestOrderClaimRequest,
  GuestOrderClaimResponse,
  OfflineOrder,
  Order,
  OrderStatus,
  Paginated,
  ReturnRequest,
} from '@attar/contract';
import type { z } from 'zod';
import { apiRequire } from './client';

export type InStoreOrder = z.infer<typeof OfflineOrder>;
export type OrderFilter = { status?: OrderStatus[]; status_not?: OrderStatus[]; page?: number };

/**
 * `POST /api/orders/`. The same `idempotencyKey` for retries of one checkout: a repeated request gets the first order
 * back instead of a second one.
 */
export function placeOrder(body: unknown, idempotencyKey: string, locale: string): Promise<Order> {
  return apiRequire<Order>('/api/orders/', { method: 'POST', body, locale, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function getOrders(filter: OrderFilter, locale: string): Promise<Paginated<Order>> {
  return apiRequire<Paginated<Order>>('/api/orders/', {
    query: { status: filter.status?.join(','), status_not: filter.status_not?.join(','), page: filter.page },
    locale,
  });
}

export const getOrderByNumber = (number: string, locale: string) =>
  apiRequire<Order>('/api/orders/order_number/', { query: { number }, locale });

/** Puts the order's available lines back in the cart; answers the cart. */
export const reorder = (orderId: number, locale: string) => apiRequire<Cart>(`/api/orders/${orderId}/reorder/`, { locale });

/** Possible while the order waits for payment or is placed: stock, points and the promotion use are given back. */
export const cancelOrder = (orderId: number, locale: string) =>
  apiRequire<Order>(`/api/orders/${orderId}/cancel/`, { method: 'POST', locale });

/** Possible while the order is delivered and within the returns window; answers the order with its new return. */
export const requestReturn = (orderId: number, body: ReturnRequest, locale: string) =>
  apiRequire<Order>(`/api/orders/${orderId}/returns/`, { method: 'POST', body, locale });

/** A receipt from the shop: its number and the claim code printed beside it. */
export type InStoreReceipt = { number: string; claimCode: string };

export const getInStoreOrder = ({ number, claimCode }: InStoreReceipt, locale: string) =>
  apiRequire<InStoreOrder>('/api/offline-order/order_number/', { query: { number, claim_code: claimCode }, locale });

/** Credits an in-store order's points to the shopper, once. */
export const claimInStoreOrder = ({ number, claimCode }: InStoreReceipt, locale: string) =>
  apiRequire<InStoreOrder>('/api/offline-order/claim/', { method: 'POST', body: { number, claim_code: claimCode }, locale });

/** The guest who placed an order makes an account from it (the proof from the order's answer and a password). */
export const claimGuestOrder = (body: GuestOrderClaimRequest, locale: string) =>
  apiRequire<GuestOrderClaimResponse>('/api/orders/claim/', { method: 'POST', body, locale, anonymous: true });
