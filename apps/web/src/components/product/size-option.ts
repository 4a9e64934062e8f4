/**
 * A product's sizes as the size pickers use them, apart from catalogue-item.ts: the pickers run in the browser, and
 * Turbopack ships a module whole, so importing the first size from there brought the server's API-to-card mapping
 * (and the analytics, limits and promotion helpers it calls) into every page with a picker. Which size a card or page
 * opens on is chosen on the server (opening-size.ts), so that stays out of the browser too.
 */
import type { QuantityLimits } from '@/lib/quantity-limits';

/** One size of a product, as the size picker and the purchase controls use it. */
export type SizeOption = {
  /** The variant's id, which the cart is given. */
  id: number;
  ml: number;
  price: number;
  stock: number;
  availability: 'available' | 'out_of_stock';
  isDefault: boolean;
  /** From the contract's quantity rules, computed on the server. */
  limits: QuantityLimits;
};

/** The product page's address names the size chosen (`?size=50`), so a shared link opens on it. */
export const SIZE_PARAM = 'size';

/** Writes the size chosen into the address without a reload or a history entry, keeping the rest of the query. */
export function showSizeInAddress(ml: number): void {
  const url = new URL(window.location.href);
  url.searchParams.set(SIZE_PARAM, String(ml));
  window.history.replaceState(window.history.state, '', url);
}

/** Whether the item is sold out in the size chosen (or at all, without sizes). */
export function soldOutIn(availability: string, size: SizeOption | null): boolean {
  return (size?.availability ?? availability) === 'out_of_stock';
}

/** The size a stock alert asks about: the one chosen while others are in stock; null when the whole product is sold out. */
export function stockAlertVariant(sizes: SizeOption[], chosen: SizeOption | null): number | null {
  return chosen && sizes.some((size) => size.availability !== 'out_of_stock') ? chosen.id : null;
}
