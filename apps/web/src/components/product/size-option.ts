/**
 * A product's sizes as the size pickers use them, apart from catalogue-item.ts: the pickers run in the browser, and
 * Turbopack ships a module whole, so importing the first size from there brought the server's API-to-card mapping
 * (and the analytics, limits and promotion helpers it calls) into every page with a picker.
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
  /** From the contract's quantity rules, computed on the server (spec §5). */
  limits: QuantityLimits;
};

/** The size a picker starts on: the default size while it is in stock, else the smallest in stock, else the default. */
export function initialSize(sizes: SizeOption[]): SizeOption | null {
  const inStock = (size: SizeOption) => size.availability !== 'out_of_stock';
  const fallback = sizes.find((size) => size.isDefault) ?? sizes[0] ?? null;
  return fallback && inStock(fallback) ? fallback : (sizes.find(inStock) ?? fallback);
}

/** Whether the item is sold out in the size chosen (or at all, without sizes). */
export function soldOutIn(availability: string, size: SizeOption | null): boolean {
  return (size?.availability ?? availability) === 'out_of_stock';
}

/** The size a stock alert asks about: the one chosen while others are in stock; null when the whole product is sold out. */
export function stockAlertVariant(sizes: SizeOption[], chosen: SizeOption | null): number | null {
  return chosen && sizes.some((size) => size.availability !== 'out_of_stock') ? chosen.id : null;
}
