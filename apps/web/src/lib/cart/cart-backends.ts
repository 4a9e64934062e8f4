/**
 * Where the cart store keeps a cart: in this browser's local storage for a guest (item details looked up on the
 * server and remembered), on the server for a signed-in shopper.
 */
import type { Cart, CartOfferLine, CartProductLine } from '@attar/contract';
import { deleteCartLine, getCart, setCartLine } from '@/lib/api/cart';
import { offerCartItem, productCartItem } from './cart-item';
import { clampToItem, lineKey, refOf, type CartLine, type LineRef } from './cart-lines';
import type { CartItemKind } from './cart-signals';
import type { CartBackend, LoadedCart } from './cart-store';
import type { DescribedItem } from './describe-guest-cart';
import {
  readGuestCart,
  removeCartLine,
  setCartLine as storeGuestLine,
  sizeUnsizedLines,
  type GuestCartContents,
  type GuestCartLine,
} from './guest-cart';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;
type Describe = (cart: GuestCartContents) => Promise<DescribedItem[]>;

const storedRef = (kind: CartItemKind, line: GuestCartLine): LineRef => ({ kind, id: line.id, variant: line.variant ?? null });

/**
 * The guest cart. Details of items are looked up once per item (the cards that add an item already know them) and
 * a quantity is kept within the item's limits: a line above the stock left is lowered, stored so, and says so once
 * (as the server's cart does). A product line saved without its size (before sizes) is given its default size once
 * looked up.
 */
export function guestCartBackend(storage: KeyValueStore, describe: Describe, known: Map<string, DescribedItem>): CartBackend {
  const toLine = (kind: CartItemKind, stored: GuestCartLine): CartLine => {
    const ref = storedRef(kind, stored);
    const details = known.get(lineKey(ref));
    const item = details?.item ?? null;
    const available = details?.available ?? false;
    const quantity = clampToItem(stored.quantity, item);
    const reducedFrom = available && quantity < stored.quantity ? stored.quantity : null;
    return { ...ref, quantity, lineId: null, item, available, reducedFrom };
  };
  return {
    async load(): Promise<LoadedCart> {
      let stored = readGuestCart(storage);
      const unknown: GuestCartContents = {
        products: stored.products.filter((line) => !known.has(lineKey(storedRef('product', line)))),
        offers: stored.offers.filter((line) => !known.has(lineKey(storedRef('offer', line)))),
      };
      if (unknown.products.length > 0 || unknown.offers.length > 0) {
        const described = await describe(unknown);
        for (const details of described) known.set(lineKey(details), details);
        // Described in the order asked, products first: the default size found for each line saved without one.
        const defaults = unknown.products.flatMap((line, index) => {
          const variant = described[index]?.variant;
          return line.variant === undefined && variant != null ? [[line.id, variant] as const] : [];
        });
        if (defaults.length > 0) stored = { ...stored, products: sizeUnsizedLines(storage, new Map(defaults)) };
      }
      const lines = [...stored.products.map((line) => toLine('product', line)), ...stored.offers.map((line) => toLine('offer', line))];
      for (const line of lines) if (line.reducedFrom !== null) storeGuestLine(storage, line.kind, storedLine(line));
      return { lines, totals: null };
    },
    async save(line) {
      if (line.item) known.set(lineKey(line), { ...refOf(line), item: line.item, available: line.available });
      storeGuestLine(storage, line.kind, storedLine(line));
      return null;
    },
    async remove(line) {
      removeCartLine(storage, line.kind, storedLine(line));
    },
  };
}

/** A line as local storage keeps it. */
function storedLine({ id, variant, quantity }: CartLine): GuestCartLine {
  return variant === null ? { id, quantity } : { id, variant, quantity };
}

function serverLine(line: CartProductLine | CartOfferLine): CartLine {
  const item = 'offer_obj' in line ? offerCartItem(line.offer_obj) : productCartItem(line.product_obj, line.variant);
  return { ...refOf(item), quantity: line.quantity, lineId: line.id, item, available: line.available, reducedFrom: line.reduced_from };
}

/** The server cart as the store shows it: lines with their details, and the server's totals. */
export function loadedServerCart(cart: Cart): LoadedCart {
  return {
    lines: [...cart.products.map(serverLine), ...cart.offers.map(serverLine)],
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

/** The signed-in shopper's cart: a line's quantity is set by posting it again. */
export function serverCartBackend(locale: string): CartBackend {
  return {
    load: async () => loadedServerCart(await getCart(locale)),
    save: async (line) => (await setCartLine(line, line.quantity, locale)).id,
    async remove(line) {
      if (line.lineId !== null) await deleteCartLine(line.kind, line.lineId, locale);
    },
  };
}
