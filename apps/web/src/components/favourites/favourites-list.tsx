'use client';
import { useTranslations } from 'next-intl';
import { useSyncExternalStore } from 'react';
import { Link } from '@/i18n/navigation';
import { hasStoredToken } from '@/lib/cart/stored-token';
import { useApp } from '../app/app-provider';
import { productItem } from '../product/catalogue-item';
import { ProductCard } from '../product/product-card';
import { useFormatNumber } from '../use-format-number';
import { useFavourites } from './favourites-provider';

const subscribeToNothing = () => () => {};

/** /favourite: the signed-in shopper's favourite products as cards; a guest is asked to log in. */
export function FavouritesList() {
  const t = useTranslations('common');
  const formatNumber = useFormatNumber();
  const { userToken, isEgypt } = useApp();
  const { products } = useFavourites();
  const message = 'rounded-2xl border border-line bg-night p-10 text-center text-mist';
  // The session is only known in the browser: the server (and hydration) render the loading state.
  const inBrowser = useSyncExternalStore(subscribeToNothing, () => true, () => false);

  if (inBrowser && !userToken && !hasStoredToken()) {
    return (
      <div className={`${message} flex flex-col items-center gap-6`}>
        <p>{t('cart.favourites.loginPrompt')}</p>
        <Link href="/login" className="btn-gold">
          {t('header.login')}
        </Link>
      </div>
    );
  }
  if (products === null) return <p className={message}>{t('cart.favourites.loading')}</p>;
  if (products.length === 0) {
    return (
      <div className={`${message} flex flex-col items-center gap-6`}>
        <p>{t('cart.favourites.empty')}</p>
        <Link href="/fragrances" className="btn-gold">
          {t('cart.favourites.browse')}
        </Link>
      </div>
    );
  }
  return (
    <section className="flex flex-col gap-4">
      <p className="text-sm text-mist">{t('cart.favourites.count', { count: products.length, shown: formatNumber(products.length) })}</p>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard item={productItem(product)} showPrice={isEgypt} />
          </li>
        ))}
      </ul>
    </section>
  );
}
