/**
 * A product's sizes as the size pickers use them, apart from catalogue-item.ts: the pickers run in the browser, and
 * Turbopack ships a module whole, so importing the first size from there brought the server's API-to-card mapping
 * (and the analytics, limits and promotion helpers it calls) into every page with a picker.
 */
import { toPiastres } from '@attar/contract/rules';
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

/**
 * What the page asks of a size: a list's size filter (`ml`) or price filter (pounds, either bound optional), or the
 * product page's `?size=`.
 */
export type SizePreference = { ml?: number; priceMin?: number; priceMax?: number };

function wanted(size: SizeOption, { ml, priceMin, priceMax }: SizePreference): boolean {
  const price = toPiastres(size.price);
  return (
    (ml === undefined || size.ml === ml) &&
    (priceMin === undefined || price >= toPiastres(priceMin)) &&
    (priceMax === undefined || price <= toPiastres(priceMax))
  );
}

/** Whether the preference asks anything at all. */
export const prefersSize = (preference: SizePreference) => Object.values(preference).some((value) => value !== undefined);

/**
 * The size a picker starts on: among the sizes the preference wants (all of them without one, or when none fits), the
 * default size while it is in stock, else the smallest in stock, else the default.
 */
export function initialSize(sizes: SizeOption[], preference: SizePreference = {}): SizeOption | null {
  const fitting = sizes.filter((size) => wanted(size, preference));
  const among = fitting.length > 0 ? fitting : sizes;
  const inStock = (size: SizeOption) => size.availability !== 'out_of_stock';
  const fallback = among.find((size) => size.isDefault) ?? among[0] ?? null;
  return fallback && inStock(fallback) ? fallback : (among.find(inStock) ?? fallback);
}

/** The product page's address names the size chosen (`?size=50`), so a shared link opens on it. */
export const SIZE_PARAM = 'size';

/** `?size=` as millilitres; anything else asks for no size (the page opens on its default). */
export function askedMl(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text !== undefined && /^[1-9]\d{0,4}$/.test(text) ? Number(text) : undefined;
}

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
