'use server';
/**
 * What the cart shows for the guest cart kept in the browser: names, pictures, prices and quantity limits, looked up
 * on the server (cached catalogue pages, the contract's quantity rules). An id the catalogue no longer lists
 * (unpublished) and a sold-out item come back unavailable, so they are shown but not counted.
 */
import { z } from 'zod';
import { asLocale } from '@/i18n/locales';
import { findOffersByIds, findProductsByIds } from '@/lib/api/lookup';
import { cartItemOf } from './cart-item';
import type { CartItem, CartItemKind } from './cart-lines';
import type { GuestCartContents } from './guest-cart';

/** A browser can send anything: lines are checked, and a cart is at most this long per kind. */
const MAX_LINES = 100;
const Lines = z.array(z.object({ id: z.number().int().positive(), quantity: z.number().int().positive() })).max(MAX_LINES);
const GuestCart = z.object({ products: Lines, offers: Lines });

export type DescribedItem = { kind: CartItemKind; id: number; item: CartItem | null; available: boolean };

type Listed = Parameters<typeof cartItemOf>[1] & { availability: string };

function described(kind: CartItemKind, id: number, found: Listed | undefined): DescribedItem {
  if (!found) return { kind, id, item: null, available: false };
  return { kind, id, item: cartItemOf(kind, found), available: found.availability !== 'out_of_stock' };
}

export async function describeGuestCart(cart: GuestCartContents, locale: string): Promise<DescribedItem[]> {
  const { products, offers } = GuestCart.parse(cart);
  const language = asLocale(locale);
  const [foundProducts, foundOffers] = await Promise.all([
    findProductsByIds(
      products.map((line) => line.id),
      language,
    ),
    findOffersByIds(
      offers.map((line) => line.id),
      language,
    ),
  ]);
  return [
    ...products.map((line) => described('product', line.id, foundProducts.get(line.id))),
    ...offers.map((line) => described('offer', line.id, foundOffers.get(line.id))),
  ];
}
