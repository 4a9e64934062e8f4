/**
 * The signed-in shopper's favourites, apart from the cart calls (cart.ts): the favourites provider
 * is on every page, the cart calls load with the cart. Browser-only calls, like cart.ts.
 */
import type { WishListEntry } from '@attar/contract';
import { apiRequire } from './client';

export type WishListToggle = { product: number; favorited: boolean };

export function getWishList(locale: string): Promise<WishListEntry[]> {
  return apiRequire<WishListEntry[]>('/api/user_wish_lists/', { locale });
}

/** A toggle: answers whether the product is a favourite now. */
export function toggleWishList(productId: number, locale: string): Promise<WishListToggle> {
  return apiRequire<WishListToggle>('/api/user_wish_lists/', { method: 'POST', body: { product_write: productId }, locale });
}
