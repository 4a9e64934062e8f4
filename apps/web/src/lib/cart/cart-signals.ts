/**
 * What tells the cart provider, on every page, to read the cart again: a change to the guest cart's keys in local
 * storage (another tab's, heard as a `storage` event) and the `cart:changed` event. Apart from guest-cart.ts, whose
 * reading and writing load with the cart's store, not with every page (docs/decisions/0005, item 4).
 */
export const GUEST_CART_KEYS = { product: 'products', offer: 'offers' } as const;
export type CartItemKind = keyof typeof GUEST_CART_KEYS;

/**
 * Fired on `window` to make the cart be read again: sign-in fires it after merging the guest cart into the account's
 * (`POST /api/carts/merge/`, then `clearGuestCart`). The cart provider listens; other tabs get the `storage` event.
 */
export const CART_CHANGED_EVENT = 'cart:changed';

export function announceCartChanged(): void {
  window.dispatchEvent(new Event(CART_CHANGED_EVENT));
}
