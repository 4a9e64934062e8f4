/**
 * The guest cart kept in local storage (spec §3): `products` and, alike, `offers`, each `[{id, quantity}]`.
 * Adding a line that exists sets its quantity, like the server cart (posting the same line twice leaves one line).
 * A value that is not such a list counts as empty.
 */
export const GUEST_CART_KEYS = { product: 'products', offer: 'offers' } as const;
export type CartItemKind = keyof typeof GUEST_CART_KEYS;
export type GuestCartLine = { id: number; quantity: number };

/** Fired on `window` after this tab changes the cart (other tabs get the `storage` event). */
export const CART_CHANGE_EVENT = 'attar:cart-change';

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
  return value.flatMap((line: unknown) => {
    const { id, quantity } = (line ?? {}) as Partial<GuestCartLine>;
    return isPositiveInteger(id) && isPositiveInteger(quantity) ? [{ id, quantity }] : [];
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

/** The header badge: how many lines (products and offers) the guest cart holds. */
export function cartLineCount(store: KeyValueStore): number {
  return readCart(store, 'product').length + readCart(store, 'offer').length;
}
