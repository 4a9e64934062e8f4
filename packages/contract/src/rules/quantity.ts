/** Quantity limits: 1 to the stock, or to 10 when stock is missing or zero. */
export const MIN_QUANTITY = 1;
export const FALLBACK_MAX_QUANTITY = 10;
export function maxQuantity(stock: number | null | undefined): number {
  return stock && stock > 0 ? stock : FALLBACK_MAX_QUANTITY;
}
export function clampQuantity(quantity: number, stock: number | null | undefined): number {
  return Math.min(Math.max(Math.trunc(quantity) || MIN_QUANTITY, MIN_QUANTITY), maxQuantity(stock));
}
