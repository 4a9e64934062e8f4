/**
 * The signed-in shopper's cart (api-contract.md; favourites are in favourites.ts). Browser-only calls: the token is
 * the one kept in local storage. Only types come from the contract here.
 */
import type { Cart, CartOfferLine, CartProductLine, Product } from '@attar/contract';
import type { LineRef } from '@/lib/cart/cart-lines';
import type { CartItemKind } from '@/lib/cart/guest-cart';
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
