'use client';
/**
 * The cart for the whole storefront: the guest cart in local storage, or the signed-in shopper's cart on the server
 * (see lib/cart/cart-store.ts for the optimistic updates). The actions here add what the shopper sees around a
 * change: the panel opening, the toasts and the dataLayer events. Only visitors in Egypt can add.
 *
 * The store and its backends are fetched once the page has loaded and painted (`afterPageLoad`), not with its first
 * JavaScript; an action taken before then fetches them at once and waits for them.
 *
 * The cart is read again when another part of the storefront announces `cart:changed` (after sign-in, see
 * `announceCartChanged` in lib/cart/cart-signals.ts), when another tab changes the guest cart, and when the tab is shown again.
 */
import { useLocale, useTranslations } from 'next-intl';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { pushCartEvent } from '@/lib/cart/cart-analytics';
import {
  clampToItem,
  emptyCartSnapshot,
  lineAnalytics,
  withoutLine,
  type CartItem,
  type CartLine,
  type CartSnapshot,
  type TotalsBasis,
} from '@/lib/cart/cart-lines';
import type { CartStore } from '@/lib/cart/cart-store';
import type { DescribedItem } from '@/lib/cart/describe-guest-cart';
import { CART_CHANGED_EVENT, GUEST_CART_KEYS } from '@/lib/cart/cart-signals';
import { afterPageLoad } from '@/lib/idle';
import { useApp } from '../app/app-provider';

export type CartActions = {
  cart: CartSnapshot;
  signedIn: boolean;
  /** Adds units on top of the item's line (capped at its maximum) and opens the cart panel. */
  addToCart: (item: CartItem, quantity: number) => void;
  /** A new quantity for a line (/bag): posted again, then the cart is read again. */
  setQuantity: (line: CartLine, quantity: number) => void;
  removeLine: (line: CartLine) => void;
};

const CartContext = createContext<CartActions | null>(null);
/** `addToCart` alone, unchanged when the cart's contents change: every product card uses it. */
const AddToCartContext = createContext<CartActions['addToCart'] | null>(null);

const GUEST_STORAGE_KEYS = new Set<string | null>([...Object.values(GUEST_CART_KEYS), null]);

export function CartProvider({ freeShippingAfter, children }: { freeShippingAfter: number | null; children: ReactNode }) {
  const t = useTranslations('common');
  const locale = useLocale();
  const { userToken, sessionChecked, isEgypt, showToast, handleError, setCartPanelVisible, setGuestCartPanelVisible } = useApp();
  const signedIn = Boolean(userToken);
  const basis = useMemo<TotalsBasis>(() => ({ promotion: null, freeShippingAfter, pointsEarned: null }), [freeShippingAfter]);
  const emptySnapshot = useMemo(() => emptyCartSnapshot(basis), [basis]);
  /** Guest item details by line key, kept while the page lives (the language is fixed per page load). */
  const knownGuestItems = useRef(new Map<string, DescribedItem>());
  const [store, setStore] = useState<CartStore | null>(null);
  /** Makes (once) the store for the current shopper; an action taken before it is ready waits for it. */
  const loadStore = useRef<(() => Promise<CartStore>) | null>(null);

  useEffect(() => {
    // Until the startup token check is over, a missing token does not yet mean a guest.
    if (!sessionChecked) return;
    let current = true;
    let ready: Promise<CartStore> | undefined;
    const load = () =>
      // The guest cart's look-up is a server action: its reference, and Next's code that calls it, come with the store.
      (ready ??= Promise.all([
        import('@/lib/cart/cart-store'),
        import('@/lib/cart/cart-backends'),
        import('@/lib/cart/describe-guest-cart'),
      ]).then(([{ CartStore }, { guestCartBackend, serverCartBackend }, { describeGuestCart }]) => {
        const backend = userToken
          ? serverCartBackend(locale)
          : guestCartBackend(window.localStorage, (cart) => describeGuestCart(cart, locale), knownGuestItems.current);
        const next = new CartStore(backend, { basis, onError: handleError });
        if (current) {
          setStore(next);
          void next.refresh();
        }
        return next;
      }));
    loadStore.current = load;
    // Once the page has loaded and painted, or at the shopper's first action if that comes sooner.
    const cancel = afterPageLoad(() => void load());
    return () => {
      current = false;
      cancel();
    };
  }, [sessionChecked, userToken, locale, basis, handleError]);

  useEffect(() => {
    if (!store) return;
    const onCartChanged = () => void store.refresh();
    const onStorage = (event: StorageEvent) => {
      if (!signedIn && GUEST_STORAGE_KEYS.has(event.key)) void store.refresh();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void store.refresh();
    };
    window.addEventListener(CART_CHANGED_EVENT, onCartChanged);
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener(CART_CHANGED_EVENT, onCartChanged);
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [store, signedIn]);

  const subscribe = useCallback((listener: () => void) => store?.subscribe(listener) ?? (() => {}), [store]);
  const cart = useSyncExternalStore(
    subscribe,
    () => store?.getSnapshot() ?? emptySnapshot,
    () => emptySnapshot,
  );

  const addToCart = useCallback<CartActions['addToCart']>(
    (item, quantity) => {
      if (!isEgypt) return;
      const openPanel = signedIn ? setCartPanelVisible : setGuestCartPanelVisible;
      const add = (ready: CartStore) => {
        const { added, saved } = ready.add(item, quantity);
        if (added === 0) {
          showToast('error', t('cart.maxReached'));
          return;
        }
        openPanel(true);
        void saved.then((ok) => {
          if (!ok) return;
          showToast('success', t('product.addedToCart'));
          pushCartEvent('add_to_cart', [lineAnalytics(item, added)]);
        });
      };
      // The current shopper's store, now or once it has loaded.
      void loadStore.current?.().then(add);
    },
    [isEgypt, showToast, t, signedIn, setCartPanelVisible, setGuestCartPanelVisible],
  );

  const value = useMemo<CartActions>(
    () => ({
      cart,
      signedIn,
      addToCart,
      setQuantity(line, quantity) {
        if (!store || !isEgypt || !line.item) return;
        const { item } = line;
        const change = clampToItem(quantity, item) - line.quantity;
        if (change === 0) return;
        void store.setQuantity(line, quantity).then((ok) => {
          if (ok) pushCartEvent(change > 0 ? 'add_to_cart' : 'remove_from_cart', [lineAnalytics(item, Math.abs(change))]);
        });
      },
      removeLine(line) {
        if (!store) return;
        // Removing the last item of a signed-in cart closes its panel.
        if (signedIn && withoutLine(cart.lines, line).length === 0) setCartPanelVisible(false);
        void store.remove(line).then((ok) => {
          if (!ok) return;
          showToast('success', t('bag.removed'));
          if (line.item) pushCartEvent('remove_from_cart', [lineAnalytics(line.item, line.quantity)]);
        });
      },
    }),
    [cart, store, signedIn, isEgypt, addToCart, showToast, t, setCartPanelVisible],
  );

  return (
    <AddToCartContext.Provider value={addToCart}>
      <CartContext.Provider value={value}>{children}</CartContext.Provider>
    </AddToCartContext.Provider>
  );
}

export function useAddToCart(): CartActions['addToCart'] {
  const addToCart = useContext(AddToCartContext);
  if (!addToCart) throw new Error('useAddToCart must be used inside <CartProvider>');
  return addToCart;
}

export function useCart(): CartActions {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used inside <CartProvider>');
  return value;
}
