'use client';
import { useTranslations } from 'next-intl';
import { useApp } from '../app/app-provider';
import { ShopNotice } from '../cart/shop-notice';
import { CardList } from '../product/card-list';
import { productItem } from '../product/catalogue-item';
import { ProductCard } from '../product/product-card';
import { useFormatNumber } from '../use-format-number';
import { useFavourites } from './favourites-provider';

/** /favourite: the signed-in shopper's favourite products as cards; a guest is asked to log in. */
export function FavouritesList() {
  const t = useTranslations('common');
  const formatNumber = useFormatNumber();
  const { userToken, sessionChecked, isEgypt } = useApp();
  const { products } = useFavourites();

  // The session is known once the startup token check is over (never on the server): until then, loading.
  if (sessionChecked && !userToken) {
    return <ShopNotice text={t('cart.favourites.loginPrompt')} href="/login" action={t('header.login')} />;
  }
  if (products === null) return <p className="py-10 text-center text-mist">{t('cart.favourites.loading')}</p>;
  if (products.length === 0) {
    return <ShopNotice text={t('cart.favourites.empty')} href="/fragrances" action={t('cart.favourites.browse')} />;
  }
  return (
    <section className="flex flex-col gap-4">
      <p className="text-sm text-mist">{t('cart.favourites.count', { count: products.length, shown: formatNumber(products.length) })}</p>
      <CardList>
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
          {products.map((product) => (
            <li key={product.id}>
              <ProductCard item={productItem(product)} showPrice={isEgypt} />
            </li>
          ))}
        </ul>
      </CardList>
    </section>
  );
}
