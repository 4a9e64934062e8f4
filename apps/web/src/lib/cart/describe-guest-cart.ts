'use server';
/**
 * What the cart shows for the guest cart kept in the browser: names, sizes, pictures, prices and quantity limits,
 * looked up on the server (cached catalogue pages, the contract's quantity rules). An id the catalogue no longer
 * lists (unpublished), a size it no longer sells and a sold-out item come back unavailable, so they are shown but
 * not counted. A product line without a size is described in the product's default size, and says which it is.
 */
import type { Offer, Product } from '@attar/contract';
import { z } from 'zod';
import { asLocale } from '@/i18n/locales';
import { findOffersByIds, findProductsByIds } from '@/lib/api/lookup';
import { offerCartItem, productCartItem, sizeOf } from './cart-item';
import type { CartItem, LineRef } from './cart-lines';
import type { GuestCartContents, GuestCartLine } from './guest-cart';

/** A browser can send anything: lines are checked, and a cart is at most this long per kind. */
const MAX_LINES = 100;
const Id = z.number().int().positive();
const Lines = z.array(z.object({ id: Id, variant: Id.optional(), quantity: Id })).max(MAX_LINES);
const GuestCart = z.object({ products: Lines, offers: Lines });

/** `variant`: the size asked for, or the default size found for a line without one. */
export type DescribedItem = LineRef & { item: CartItem | null; available: boolean };

function describedProduct(line: GuestCartLine, found: Product | undefined): DescribedItem {
  const size = found && sizeOf(found, line.variant);
  const ref: LineRef = { kind: 'product', id: line.id, variant: size?.id ?? line.variant ?? null };
  if (!found || !size) return { ...ref, item: null, available: false };
  return { ...ref, item: productCartItem(found, size), available: size.availability !== 'out_of_stock' };
}

function describedOffer(line: GuestCartLine, found: Offer | undefined): DescribedItem {
  const ref: LineRef = { kind: 'offer', id: line.id, variant: null };
  if (!found) return { ...ref, item: null, available: false };
  return { ...ref, item: offerCartItem(found), available: found.availability !== 'out_of_stock' };
}

/** Answers one entry per line, in the order given: products, then offers. */
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
    ...products.map((line) => describedProduct(line, foundProducts.get(line.id))),
    ...offers.map((line) => describedOffer(line, foundOffers.get(line.id))),
  ];
}
