'use client';
/**
 * The checkout's gift wrap, gift message and notes, kept with the cart (decision 0042). A guest's are written to local
 * storage at each change, and other tabs follow the `storage` event. A signed-in shopper's are read from the server,
 * again whenever the tab comes back into view (another tab may have changed them), and saved after a pause in typing;
 * what is still unsaved is sent at once, outliving the page, when the tab is hidden, the page left or the form gone.
 */
import type { CartExtras } from '@attar/contract';
import { useLocale } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getCartExtras, putCartExtras } from '@/lib/api/cart';
import { clearGuestExtras, GUEST_EXTRAS_KEY, readGuestExtras, saveGuestExtras } from '@/lib/checkout/checkout-extras';
import { useApp } from '../app/app-provider';

const SAVE_AFTER_MS = 600;

export function useCheckoutExtras(signedIn: boolean) {
  const locale = useLocale();
  const { handleError } = useApp();
  // Null until a signed-in shopper's have been read.
  const [extras, setShown] = useState<CartExtras | null>(() => (signedIn ? null : readGuestExtras(window.localStorage)));
  const unsaved = useRef<CartExtras | null>(null);
  const timer = useRef<number | undefined>(undefined);
  // Once the order has taken them, nothing is saved again.
  const taken = useRef(false);

  const save = useCallback(
    async (keepalive: boolean) => {
      window.clearTimeout(timer.current);
      const next = unsaved.current;
      unsaved.current = null;
      if (!next || taken.current) return;
      try {
        await putCartExtras(next, locale, keepalive);
      } catch (error) {
        handleError(error);
      }
    },
    [locale, handleError],
  );

  useEffect(() => {
    if (!signedIn) {
      const follow = (event: StorageEvent) => {
        if (event.key === GUEST_EXTRAS_KEY || event.key === null) setShown(readGuestExtras(window.localStorage));
      };
      window.addEventListener('storage', follow);
      return () => window.removeEventListener('storage', follow);
    }
    let live = true;
    const load = () => {
      if (unsaved.current) return;
      getCartExtras(locale).then((kept) => {
        if (live && !unsaved.current) setShown(kept);
      }, handleError);
    };
    const onVisibility = () => (document.visibilityState === 'visible' ? load() : void save(true));
    const onPageHide = () => void save(true);
    load();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      void save(true);
    };
  }, [signedIn, locale, handleError, save]);

  const change = useCallback(
    (next: CartExtras) => {
      setShown(next);
      if (!signedIn) return saveGuestExtras(window.localStorage, next);
      unsaved.current = next;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void save(false), SAVE_AFTER_MS);
    },
    [signedIn, save],
  );

  /** Before placing the order: what was typed last is kept even if the order is refused. */
  const flush = useCallback(() => save(false), [save]);

  /** The order has taken them: the server deleted a signed-in shopper's with the cart; a guest's go here. */
  const forget = useCallback(() => {
    taken.current = true;
    window.clearTimeout(timer.current);
    unsaved.current = null;
    if (!signedIn) clearGuestExtras(window.localStorage);
  }, [signedIn]);

  return { extras, change, flush, forget };
}
