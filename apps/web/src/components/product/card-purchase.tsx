'use client';
/**
 * A card's buying area: for a product sold in several sizes, a compact size list (each size with its price) above
 * the stepper and add-to-cart; otherwise the purchase controls alone.
 */
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { usePriceText } from '../price';
import { useSizeText } from '../size-names';
import type { CatalogueItem } from './catalogue-item';
import { PurchaseControls, usePurchase } from './purchase-controls';

export function CardPurchase({ item, showPrice }: { item: CatalogueItem; showPrice: boolean }) {
  const t = useTranslations('common.product');
  const sizeText = useSizeText();
  const priceText = usePriceText();
  const [chosen, setChosen] = useState(item.opening);
  const purchase = usePurchase(item, chosen);

  return (
    <div className="flex flex-col gap-2">
      {item.sizes.length > 1 && (
        <select
          value={chosen?.id}
          onChange={(event) => setChosen(item.sizes.find((size) => size.id === Number(event.target.value)) ?? null)}
          aria-label={t('chooseSize', { name: item.name })}
          className="w-full rounded-full border border-line bg-ink px-3 py-1.5 text-xs text-cream focus-visible:border-gold"
        >
          {item.sizes.map((size) => {
            const label = sizeText(size.ml);
            return (
              <option key={size.id} value={size.id}>
                {size.availability === 'out_of_stock'
                  ? t('sizeSoldOut', { size: label })
                  : showPrice
                    ? t('sizeOption', { size: label, price: priceText(size.price) })
                    : label}
              </option>
            );
          })}
        </select>
      )}
      <PurchaseControls purchase={purchase} size="sm" />
    </div>
  );
}
