'use server';
/**
 * What the bag page shows for the guest cart kept in the browser: names, pictures, prices and quantity limits, looked
 * up on the server (cached catalogue pages, the contract's quantity rules). Called from the bag page.
 */
import { clampQuantity } from '@attar/contract';
import { z } from 'zod';
import { asLocale } from '@/i18n/locales';
import { findOffersByIds, findProductsByIds } from '@/lib/api/lookup';
import { renditionsOf } from '@/lib/media';
import { quantityLimits } from '@/lib/quantity';
import type { QuantityLimits } from '@/lib/quantity-limits';
import type { CartItemKind, GuestCartLine } from './guest-cart';

/** A browser can send anything: lines are checked, and a cart is at most this long per kind. */
const MAX_LINES = 100;
const Lines = z.array(z.object({ id: z.number().int().positive(), quantity: z.number().int().positive() })).max(MAX_LINES);
const GuestCart = z.object({ product: Lines, offer: Lines });

export type BagItem = { name: string; href: string; image: string; price: number; limits: QuantityLimits };
/** `item` is null when the catalogue no longer has that id. */
export type BagRow = { kind: CartItemKind; id: number; quantity: number; item: BagItem | null };

type Catalogued = { name: string; slug: string; price: number; stock: number; image: string; image_mobile: string; image_desktop: string };

function bagRow(kind: CartItemKind, line: GuestCartLine, found: Catalogued | undefined): BagRow {
  if (!found) return { kind, id: line.id, quantity: line.quantity, item: null };
  return {
    kind,
    id: line.id,
    quantity: clampQuantity(line.quantity, found.stock),
    item: {
      name: found.name,
      href: kind === 'offer' ? `/offers/${found.slug}` : `/fragrances/${found.slug}`,
      image: renditionsOf(found).image_mobile,
      price: found.price,
      limits: quantityLimits(found.stock),
    },
  };
}

export async function describeGuestCart(cart: { product: GuestCartLine[]; offer: GuestCartLine[] }, locale: string): Promise<BagRow[]> {
  const { product, offer } = GuestCart.parse(cart);
  const language = asLocale(locale);
  const [products, offers] = await Promise.all([
    findProductsByIds(product.map((line) => line.id), language),
    findOffersByIds(offer.map((line) => line.id), language),
  ]);
  return [
    ...product.map((line) => bagRow('product', line, products.get(line.id))),
    ...offer.map((line) => bagRow('offer', line, offers.get(line.id))),
  ];
}
