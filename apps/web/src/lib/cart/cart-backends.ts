/**
 * Where the cart store keeps a cart: in this browser's local storage for a guest (item details looked up on the
 * server and remembered), on the server for a signed-in shopper.
 */
import type { Cart } from '@attar/contract';
import { deleteCartLine, getCart, setCartLine } from '@/lib/api/cart';
import { cartItemOf } from './cart-item';
import { clampToItem, lineKey, type CartLine } from './cart-lines';
import type { CartBackend, LoadedCart } from './cart-store';
import type { DescribedItem } from './describe-guest-cart';
import {
  readGuestCart,
  removeCartLine,
  setCartLine as storeGuestLine,
  type CartItemKind,
  type GuestCartContents,
  type GuestCartLine,
} from './guest-cart';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;
type Describe = (cart: GuestCartContents) => Promise<DescribedItem[]>;

/**
 * The guest cart. Details of items are looked up once per item (the cards that add an item already know them) and
 * a quantity is shown within the item's limits.
 */
export function guestCartBackend(storage: KeyValueStore, describe: Describe, known: Map<string, DescribedItem>): CartBackend {
  const toLine = (kind: CartItemKind, { id, quantity }: GuestCartLine): CartLine => {
    const details = known.get(lineKey({ kind, id }));
    const item = details?.item ?? null;
    return { kind, id, quantity: clampToItem(quantity, item), lineId: null, item, available: details?.available ?? false };
  };
  return {
    async load(): Promise<LoadedCart> {
      const stored = readGuestCart(storage);
      const unknown: GuestCartContents = {
        products: stored.products.filter((line) => !known.has(lineKey({ kind: 'product', id: line.id }))),
        offers: stored.offers.filter((line) => !known.has(lineKey({ kind: 'offer', id: line.id }))),
      };
      if (unknown.products.length > 0 || unknown.offers.length > 0) {
        for (const details of await describe(unknown)) known.set(lineKey(details), details);
      }
      return {
        lines: [...stored.products.map((line) => toLine('product', line)), ...stored.offers.map((line) => toLine('offer', line))],
        totals: null,
      };
    },
    async save(line) {
      if (line.item) known.set(lineKey(line), { kind: line.kind, id: line.id, item: line.item, available: line.available });
      storeGuestLine(storage, line.kind, { id: line.id, quantity: line.quantity });
      return null;
    },
    async remove(line) {
      removeCartLine(storage, line.kind, line.id);
    },
  };
}

function serverLine(
  kind: CartItemKind,
  line: { id: number; quantity: number; available: boolean },
  entry: Parameters<typeof cartItemOf>[1],
): CartLine {
  return { kind, id: entry.id, quantity: line.quantity, lineId: line.id, item: cartItemOf(kind, entry), available: line.available };
}

/** The server cart as the store shows it: lines with their details, and the server's totals. */
export function loadedServerCart(cart: Cart): LoadedCart {
  return {
    lines: [
      ...cart.products.map((line) => serverLine('product', line, line.product_obj)),
      ...cart.offers.map((line) => serverLine('offer', line, line.offer_obj)),
    ],
    totals: {
      subtotal: cart.subtotal,
      discount: cart.discount,
      total: cart.total,
      promotion: cart.promotion,
      freeShippingAfter: cart.free_shipping_after,
      remainingForFreeShipping: cart.remaining_for_free_shipping,
      pointsEarned: cart.points_earned,
    },
  };
}

/** The signed-in shopper's cart: a line's quantity is set by posting it again (spec §2 /bag). */
export function serverCartBackend(locale: string): CartBackend {
  return {
    load: async () => loadedServerCart(await getCart(locale)),
    save: async (line) => (await setCartLine(line.kind, line.id, line.quantity, locale)).id,
    async remove(line) {
      if (line.lineId !== null) await deleteCartLine(line.kind, line.lineId, locale);
    },
  };
}
