'use client';
/**
 * /favourite: the signed-in shopper's favourite products as cards (favourite-cards.tsx, whose code loads while the
 * list is read, which the page waits for anyway); a guest is asked to log in.
 */
import { useTranslations } from 'next-intl';
import { lazy, Suspense, useEffect } from 'react';
import { useApp } from '../app/app-provider';
import { ShopNotice } from '../cart/shop-notice';
import { useFavourites } from './favourites-provider';

const loadCards = () => import('./favourite-cards');
const FavouriteCards = lazy(() => loadCards().then((module) => ({ default: module.FavouriteCards })));

export function FavouritesList() {
  const t = useTranslations('common');
  const { userToken, sessionChecked } = useApp();
  const { products } = useFavourites();

  useEffect(() => {
    if (userToken) void loadCards();
  }, [userToken]);

  // The session is known once the startup token check is over (never on the server): until then, loading.
  if (sessionChecked && !userToken) {
    return <ShopNotice text={t('cart.favourites.loginPrompt')} href="/login" action={t('header.login')} />;
  }
  const loading = <p className="py-10 text-center text-mist">{t('cart.favourites.loading')}</p>;
  if (products === null) return loading;
  if (products.length === 0) {
    return <ShopNotice text={t('cart.favourites.empty')} href="/fragrances" action={t('cart.favourites.browse')} />;
  }
  return (
    <Suspense fallback={loading}>
      <FavouriteCards products={products} />
    </Suspense>
  );
}
