/**
 * How the cart store changes its lines (cart-store.ts): loaded with the store, not with every page like cart-lines.ts.
 */
import { clampToItem, isLine, refOf, type CartItem, type CartLine, type LineRef } from './cart-lines';

export function findLine(lines: CartLine[], ref: LineRef): CartLine | undefined {
  return lines.find(isLine(ref));
}

/** The line's quantity after adding `quantity` on top, capped at the item's maximum. */
export function quantityAfterAdding(lines: CartLine[], item: CartItem, quantity: number): number {
  return clampToItem((findLine(lines, item)?.quantity ?? 0) + quantity, item);
}

/** Adds units of an item: on top of its line (capped at the maximum), or as a new line at the end. */
export function withAddition(lines: CartLine[], item: CartItem, quantity: number): CartLine[] {
  const target = quantityAfterAdding(lines, item, quantity);
  if (!findLine(lines, item)) {
    return [...lines, { ...refOf(item), quantity: target, lineId: null, item, available: true, reducedFrom: null }];
  }
  return lines.map((line) => (isLine(item)(line) ? { ...line, quantity: target, item, available: true, reducedFrom: null } : line));
}

export function withQuantity(lines: CartLine[], ref: LineRef, quantity: number): CartLine[] {
  return lines.map((line) => (isLine(ref)(line) ? { ...line, quantity: clampToItem(quantity, line.item), reducedFrom: null } : line));
}
