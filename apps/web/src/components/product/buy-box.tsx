'use client';
/**
 * The buying part of a product or offer page: price, availability, the size picker (each size with its own price
 * and stock) and the purchase controls, all following the size chosen.
 */
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Price, Savings } from '../price';
import { useFormatNumber } from '../use-format-number';
import { initialSize, type CatalogueItem } from './catalogue-item';
import { PurchaseControls, usePurchase } from './purchase-controls';

const LOW_STOCK = 5;

export function BuyBox({ item, showPrice }: { item: CatalogueItem; showPrice: boolean }) {
  const t = useTranslations('common');
  const formatNumber = useFormatNumber();
  const [chosen, setChosen] = useState(() => initialSize(item.sizes));
  const purchase = usePurchase(item, chosen);
  const price = chosen?.price ?? item.price;
  const stock = chosen?.stock ?? item.stock;
  const available = (chosen?.availability ?? item.availability) !== 'out_of_stock';
  const lowStock = available && stock > 0 && stock <= LOW_STOCK;

  return (
    <>
      {showPrice ? (
        <p className="flex flex-wrap items-baseline gap-3" aria-live="polite">
          <Price amount={price} className="text-2xl font-semibold text-gold" />
          {item.originalPrice !== null && (
            <>
              <span className="text-mist">
                <span className="sr-only">{t('price.was')}</span>
                <Price amount={item.originalPrice} className="line-through" />
              </span>
              <Savings price={price} originalPrice={item.originalPrice} className="text-sm font-semibold text-[#7fd6a2]" />
            </>
          )}
        </p>
      ) : (
        <p className="rounded-xl border border-line bg-night px-4 py-3 text-sm text-mist">{t('price.egyptOnly')}</p>
      )}
      {item.sizes.length > 0 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm text-mist">{t('product.size')}</legend>
          <div className="flex flex-wrap gap-2">
            {item.sizes.map((size) => {
              const soldOut = size.availability === 'out_of_stock';
              return (
                <label key={size.id} className="relative cursor-pointer">
                  <input
                    type="radio"
                    name={`size-${item.id}`}
                    value={size.id}
                    checked={chosen?.id === size.id}
                    onChange={() => setChosen(size)}
                    className="peer sr-only"
                  />
                  <span
                    className={`flex min-w-20 flex-col items-center rounded-xl border px-3 py-2 text-sm transition-colors peer-checked:border-gold peer-checked:bg-gold/10 peer-focus-visible:outline-2 peer-focus-visible:outline-gold hover:border-gold/60 ${
                      soldOut ? 'border-line/60 text-mist' : 'border-line text-cream'
                    }`}
                  >
                    <span className={`font-semibold tabular ${soldOut ? 'line-through' : ''}`}>
                      {t('product.sizeMl', { size: formatNumber(size.ml) })}
                    </span>
                    {soldOut ? (
                      <span className="text-xs">{t('product.soldOut')}</span>
                    ) : (
                      showPrice && <Price amount={size.price} className="text-xs text-mist" />
                    )}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
      {available && (
        <p className="text-sm text-mist">
          <span className="me-2 inline-block size-2 rounded-full bg-emerald-400 align-middle" aria-hidden="true" />
          {lowStock ? t('product.lowStock', { count: formatNumber(stock) }) : t('product.inStock')}
        </p>
      )}
      <PurchaseControls purchase={purchase} size="lg" />
    </>
  );
}
