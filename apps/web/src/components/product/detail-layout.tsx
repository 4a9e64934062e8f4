import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { viewItemEvent } from '@/lib/analytics';
import { useFormatNumber } from '../use-format-number';
import { BuyBox } from './buy-box';
import type { CatalogueItem } from './catalogue-item';
import { FavouriteButton } from './favourite-button';
import { ProductGallery } from './product-gallery';
import { ViewItemTracker } from './view-item-tracker';

type DetailLayoutProps = {
  item: CatalogueItem;
  eyebrow: string | null;
  /** Pictures after the main one (the product's gallery). */
  extraImages: string[];
  showPrice: boolean;
  children: ReactNode;
};

/** The frame shared by product and offer pages: gallery, name, price, availability and buying, then details. */
export function DetailLayout({ item, eyebrow, extraImages, showPrice, children }: DetailLayoutProps) {
  const t = useTranslations('common');
  const formatNumber = useFormatNumber();
  return (
    <article className="mx-auto grid max-w-7xl gap-8 px-4 py-8 md:grid-cols-2 md:gap-12 md:px-6 md:py-12">
      <ViewItemTracker event={viewItemEvent(item.analytics)} />
      <ProductGallery
        label={t('product.gallery', { name: item.name })}
        main={item.renditions}
        extra={extraImages}
        altFor={(index) => t('product.image', { name: item.name, index: formatNumber(index + 1) })}
      />
      <div className="flex flex-col gap-6">
        <div className="flex items-start justify-between gap-4">
          <div className="flex flex-col gap-2">
            {eyebrow && <p className="eyebrow">{eyebrow}</p>}
            <h1 className="text-3xl leading-tight font-semibold text-cream md:text-4xl">{item.name}</h1>
          </div>
          {item.kind === 'product' && (
            <FavouriteButton
              productId={item.id}
              name={item.name}
              initial={item.isFavourite}
              analytics={item.analytics}
              className="shrink-0 border border-line"
            />
          )}
        </div>
        <BuyBox item={item} showPrice={showPrice} />
        {children}
      </div>
    </article>
  );
}
