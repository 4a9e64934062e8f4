'use client';
import type { Product } from '@attar/contract';
import { useTranslations } from 'next-intl';
import { useApp } from '../app/app-provider';
import { CardList } from '../product/card-list';
import { productItem } from '../product/catalogue-item';
import { ProductCard } from '../product/product-card';
import { useFormatNumber } from '../use-format-number';

/** The signed-in shopper's favourite products as cards (favourites-list.tsx shows them once there are any). */
export function FavouriteCards({ products }: { products: Product[] }) {
  const t = useTranslations('common');
  const formatNumber = useFormatNumber();
  const { isEgypt } = useApp();
  return (
    <section className="flex flex-col gap-4">
      {/* The count heads the cards (h2), so their h3 names follow the page's h1 in order. */}
      <h2 className="text-sm font-normal text-mist">
        {t('cart.favourites.count', { count: products.length, shown: formatNumber(products.length) })}
      </h2>
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
