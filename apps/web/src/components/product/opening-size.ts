/**
 * Which size a card or a product page opens on, chosen on the server (catalogue-item.ts, the product page's `?size=`).
 * Apart from size-option.ts, which the pickers in the browser use: Turbopack ships a module whole.
 */
import { toPiastres } from '@attar/contract/rules';
import type { SizeOption } from './size-option';

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

/** `?size=` as millilitres; anything else asks for no size (the page opens on its default). */
export function askedMl(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text !== undefined && /^[1-9]\d{0,4}$/.test(text) ? Number(text) : undefined;
}
