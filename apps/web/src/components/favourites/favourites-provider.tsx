'use client';
/**
 * The signed-in shopper's favourites (wish list), read once per sign-in and shared by every heart and /favourite.
 * A heart changes only after the toggle call succeeds and a token exists; a guest is told 'Login First',
 * with a link to log in that comes back to the page.
 * Catalogue pages are rendered for guests (and cached), so the hearts of a signed-in shopper come from here.
 */
import type { AnalyticsItem, Product } from '@attar/contract';
import { useLocale, useTranslations } from 'next-intl';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { withoutPrefix } from '@/i18n/navigation';
import { pushCartEvent } from '@/lib/cart/cart-analytics';
import { returnPath } from '@/lib/return-path';
import { useApp } from '../app/app-provider';

type FavouritesState = {
  /** The favourite products, newest first; null while loading or for a guest. */
  products: Product[] | null;
  /** Whether the id is a favourite; undefined when not known (a guest, or still loading). */
  isFavourite: (productId: number) => boolean | undefined;
  /** Answers whether the product is a favourite afterwards (unchanged when the call failed or nobody is signed in). */
  toggle: (productId: number, analytics: AnalyticsItem) => Promise<boolean | undefined>;
};

const FavouritesContext = createContext<FavouritesState | null>(null);

export function FavouritesProvider({ children }: { children: ReactNode }) {
  const t = useTranslations('common.product');
  const locale = useLocale();
  const { userToken, showToast, handleError } = useApp();
  const [products, setProducts] = useState<Product[] | null>(null);
  /** Bumped after each toggle so the list (and its order) is read again. */
  const [version, setVersion] = useState(0);
  const [ids, setIds] = useState<Set<number> | null>(null);

  useEffect(() => {
    if (!userToken) {
      setProducts(null);
      setIds(null);
      return;
    }
    let cancelled = false;
    // The favourites calls load only for a signed-in shopper.
    import('@/lib/api/favourites')
      .then(({ getWishList }) => getWishList(locale))
      .then((entries) => {
        if (cancelled) return;
        setProducts(entries.map((entry) => entry.product));
        setIds(new Set(entries.map((entry) => entry.product.id)));
      })
      .catch((error: unknown) => !cancelled && handleError(error));
    return () => {
      cancelled = true;
    };
  }, [userToken, locale, version, handleError]);

  const toggle = useCallback(
    async (productId: number, analytics: AnalyticsItem) => {
      if (!userToken) {
        const back = returnPath(withoutPrefix(window.location.pathname, locale));
        showToast('error', t('loginFirst'), { label: t('logInLink'), href: back ? `/login?next=${back}` : '/login' });
        return undefined;
      }
      try {
        const { toggleWishList } = await import('@/lib/api/favourites');
        const { favorited } = await toggleWishList(productId, locale);
        setIds((current) => {
          const next = new Set(current);
          if (favorited) next.add(productId);
          else next.delete(productId);
          return next;
        });
        if (!favorited) setProducts((current) => current?.filter((product) => product.id !== productId) ?? null);
        if (favorited) pushCartEvent('add_to_wishlist', [analytics]);
        setVersion((current) => current + 1);
        return favorited;
      } catch (error) {
        handleError(error);
        return undefined;
      }
    },
    [userToken, locale, showToast, handleError, t],
  );

  const value = useMemo<FavouritesState>(
    () => ({ products, isFavourite: (productId) => ids?.has(productId), toggle }),
    [products, ids, toggle],
  );
  return <FavouritesContext.Provider value={value}>{children}</FavouritesContext.Provider>;
}

export function useFavourites(): FavouritesState {
  const value = useContext(FavouritesContext);
  if (!value) throw new Error('useFavourites must be used inside <FavouritesProvider>');
  return value;
}
