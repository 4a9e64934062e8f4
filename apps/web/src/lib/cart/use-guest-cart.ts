'use client';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import {
  CART_CHANGE_EVENT,
  cartLineCount,
  readCart,
  removeCartLine,
  setCartLine,
  type CartItemKind,
  type GuestCartLine,
} from './guest-cart';

function subscribe(onChange: () => void) {
  window.addEventListener(CART_CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CART_CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

const announceChange = () => window.dispatchEvent(new Event(CART_CHANGE_EVENT));

/** The header and bottom-bar badge: lines in the guest cart, 0 while rendering on the server. */
export function useGuestCartCount(): number {
  return useSyncExternalStore(subscribe, () => cartLineCount(window.localStorage), () => 0);
}

/** Serialised so useSyncExternalStore sees a stable snapshot between changes. */
function cartSnapshot(): string {
  return JSON.stringify({ product: readCart(window.localStorage, 'product'), offer: readCart(window.localStorage, 'offer') });
}

export function useGuestCartLines(): { product: GuestCartLine[]; offer: GuestCartLine[] } | null {
  const snapshot = useSyncExternalStore(subscribe, cartSnapshot, () => null);
  return useMemo(() => (snapshot === null ? null : JSON.parse(snapshot)), [snapshot]);
}

export function useGuestCartActions() {
  const setLine = useCallback((kind: CartItemKind, line: GuestCartLine) => {
    setCartLine(window.localStorage, kind, line);
    announceChange();
  }, []);
  const removeLine = useCallback((kind: CartItemKind, id: number) => {
    removeCartLine(window.localStorage, kind, id);
    announceChange();
  }, []);
  return { setLine, removeLine };
}
