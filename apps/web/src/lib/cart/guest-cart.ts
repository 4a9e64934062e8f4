/**
 * The guest cart kept in local storage: `products` and, alike, `offers`, each `[{id, quantity}]`; a
 * product line also names its size (`variant`; without it, the product's default size, as carts saved before sizes
 * have it). Saving a line that exists sets its quantity, like the server cart (posting the same line twice leaves
 * one line). A value that is not such a list counts as empty. Its keys and the event that announces a change to the
 * cart are in cart-signals.ts.
 */
import { GUEST_CART_KEYS, type CartItemKind } from './cart-signals';

export type GuestCartLine = { id: number; variant?: number; quantity: number };
/** The body of `POST /api/carts/merge/`. */
export type GuestCartContents = { products: GuestCartLine[]; offers: GuestCartLine[] };

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
  const seen = new Set<string>();
  return value.flatMap((line: unknown) => {
    const { id, variant, quantity } = (line ?? {}) as Partial<GuestCartLine>;
    // A hand-edited list may name an item twice: the first line wins, as it would on the server.
    if (!isPositiveInteger(id) || !isPositiveInteger(quantity) || seen.has(storedKey({ id, variant }))) return [];
    if (variant !== undefined && !isPositiveInteger(variant)) return [];
    seen.add(storedKey({ id, variant }));
    return [variant === undefined ? { id, quantity } : { id, variant, quantity }];
  });
}

const storedKey = (line: Pick<GuestCartLine, 'id' | 'variant'>) => `${line.id}-${line.variant ?? ''}`;
const sameLine = (a: Pick<GuestCartLine, 'id' | 'variant'>) => (b: Pick<GuestCartLine, 'id' | 'variant'>) => storedKey(a) === storedKey(b);

export function readCart(store: KeyValueStore, kind: CartItemKind): GuestCartLine[] {
  return parseCartLines(store.getItem(GUEST_CART_KEYS[kind]));
}

export function writeCart(store: KeyValueStore, kind: CartItemKind, lines: GuestCartLine[]): void {
  store.setItem(GUEST_CART_KEYS[kind], JSON.stringify(lines));
}

export function setCartLine(store: KeyValueStore, kind: CartItemKind, line: GuestCartLine): GuestCartLine[] {
  const lines = readCart(store, kind);
  const stored: GuestCartLine =
    line.variant === undefined ? { id: line.id, quantity: line.quantity } : { id: line.id, variant: line.variant, quantity: line.quantity };
  const next = lines.some(sameLine(line)) ? lines.map((entry) => (sameLine(line)(entry) ? stored : entry)) : [...lines, stored];
  writeCart(store, kind, next);
  return next;
}

export function removeCartLine(store: KeyValueStore, kind: CartItemKind, line: Pick<GuestCartLine, 'id' | 'variant'>): GuestCartLine[] {
  const next = readCart(store, kind).filter((entry) => !sameLine(line)(entry));
  writeCart(store, kind, next);
  return next;
}

/**
 * Names the size of product lines saved without one (carts from before sizes): `sizes` maps a product's id to its
 * default size. A line that becomes the same as an earlier one is dropped, as on reading.
 */
export function sizeUnsizedLines(store: KeyValueStore, sizes: Map<number, number>): GuestCartLine[] {
  const sized = readCart(store, 'product').map((line) => {
    const variant = line.variant ?? sizes.get(line.id);
    return variant === undefined ? line : { id: line.id, variant, quantity: line.quantity };
  });
  writeCart(store, 'product', parseCartLines(JSON.stringify(sized)));
  return readCart(store, 'product');
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
