/**
 * The guest cart kept in local storage (spec §3): `products` and, alike, `offers`, each `[{id, quantity}]`.
 * Saving a line that exists sets its quantity, like the server cart (posting the same line twice leaves one line).
 * A value that is not such a list counts as empty.
 */
export const GUEST_CART_KEYS = { product: 'products', offer: 'offers' } as const;
export type CartItemKind = keyof typeof GUEST_CART_KEYS;
export type GuestCartLine = { id: number; quantity: number };
/** The body of `POST /api/carts/merge/`. */
export type GuestCartContents = { products: GuestCartLine[]; offers: GuestCartLine[] };

/**
 * Fired on `window` to make the cart be read again: sign-in fires it after merging the guest cart into the account's
 * (`POST /api/carts/merge/`, then `clearGuestCart`). The cart provider listens; other tabs get the `storage` event.
 */
export const CART_CHANGED_EVENT = 'cart:changed';

export function announceCartChanged(): void {
  window.dispatchEvent(new Event(CART_CHANGED_EVENT));
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

const isPositiveInteger = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

export function parseCartLines(raw: string | null): GuestCartLine[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const seen = new Set<number>();
  return value.flatMap((line: unknown) => {
    const { id, quantity } = (line ?? {}) as Partial<GuestCartLine>;
    // A hand-edited list may name an item twice: the first line wins, as it would on the server.
    if (!isPositiveInteger(id) || !isPositiveInteger(quantity) || seen.has(id)) return [];
    seen.add(id);
    return [{ id, quantity }];
  });
}

export function readCart(store: KeyValueStore, kind: CartItemKind): GuestCartLine[] {
  return parseCartLines(store.getItem(GUEST_CART_KEYS[kind]));
}

export function writeCart(store: KeyValueStore, kind: CartItemKind, lines: GuestCartLine[]): void {
  store.setItem(GUEST_CART_KEYS[kind], JSON.stringify(lines));
}

export function setCartLine(store: KeyValueStore, kind: CartItemKind, line: GuestCartLine): GuestCartLine[] {
  const lines = readCart(store, kind);
  const existing = lines.find((entry) => entry.id === line.id);
  const next = existing
    ? lines.map((entry) => (entry.id === line.id ? { id: line.id, quantity: line.quantity } : entry))
    : [...lines, { id: line.id, quantity: line.quantity }];
  writeCart(store, kind, next);
  return next;
}

export function removeCartLine(store: KeyValueStore, kind: CartItemKind, id: number): GuestCartLine[] {
  const next = readCart(store, kind).filter((entry) => entry.id !== id);
  writeCart(store, kind, next);
  return next;
}

/** Both kinds of lines, as the merge call takes them. */
export function readGuestCart(store: KeyValueStore): GuestCartContents {
  return { products: readCart(store, 'product'), offers: readCart(store, 'offer') };
}

/** Empties the guest cart (after it has joined the account's cart). */
export function clearGuestCart(store: KeyValueStore): void {
  writeCart(store, 'product', []);
  writeCart(store, 'offer', []);
}
