/**
 * The signed-in shopper's cart (favourites are in favourites.ts). Browser-only calls: the token is
 * the one kept in local storage. Only types come from the contract here.
 */
import type { Cart, CartExtras, CartOfferLine, CartProductLine, Product } from '@attar/contract';
import type { LineRef } from '@/lib/cart/cart-lines';
import type { CartItemKind } from '@/lib/cart/cart-signals';
import { apiRequest, apiRequire } from './client';

const LINE_PATHS: Record<CartItemKind, string> = { product: '/api/cart-products/', offer: '/api/cart-offers/' };

export function getCart(locale: string): Promise<Cart> {
  return apiRequire<Cart>('/api/carts/me/', { locale });
}

/** Sets the line's quantity (creating it): the API's POST is "set", not "add". Answers the line. */
export function setCartLine({ kind, id, variant }: LineRef, quantity: number, locale: string) {
  return apiRequire<CartProductLine | CartOfferLine>(LINE_PATHS[kind], {
    method: 'POST',
    body: kind === 'product' ? { product: id, ...(variant === null ? {} : { variant }), quantity } : { offer: id, quantity },
    locale,
  });
}

export async function deleteCartLine(kind: CartItemKind, lineId: number, locale: string): Promise<void> {
  await apiRequest<void>(`${LINE_PATHS[kind]}${lineId}`, { method: 'DELETE', locale });
}

/** "You may also like": in stock, from the shopper's favourites and cart, not already in the cart. */
export function getCartSuggestions(locale: string): Promise<Product[]> {
  return apiRequire<Product[]>('/api/carts/like/', { locale });
}

/** "You may also like" for a guest's cart, kept in the browser: like its products, never one of them (decision 0043). */
export function getSuggestionsLike(productIds: number[], locale: string): Promise<Product[]> {
  return apiRequire<Product[]>('/api/products/like/', { query: { ids: productIds.join(',') }, locale });
}

/** Gift wrap, gift message and notes kept with the cart for checkout (decision 0042). */
export function getCartExtras(locale: string): Promise<CartExtras> {
  return apiRequire<CartExtras>('/api/carts/me/extras/', { locale });
}

/** `keepalive`: sent as the page is left, so the last keystrokes are not lost. */
export function putCartExtras(extras: CartExtras, locale: string, keepalive = false): Promise<CartExtras> {
  return apiRequire<CartExtras>('/api/carts/me/extras/', { method: 'PUT', body: extras, locale, keepalive });
}
