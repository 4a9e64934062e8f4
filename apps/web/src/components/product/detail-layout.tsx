import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { pointsForPayment, toPiastres } from '@attar/contract/rules';
import { viewItemEvent } from '@/lib/analytics';
import { Breadcrumbs, type Crumb } from '../breadcrumbs';
import { Price } from '../price';
import { Savings } from '../price-labels';
import { BuyBox, type EarnedPoints } from './buy-box';
import type { CatalogueItem } from './catalogue-item';
import { FavouriteButton } from './favourite-button';
import { ProductGallery } from './product-gallery';
import { soldOutIn, stockAlertVariant } from './size-option';
import { StockAlertFields } from './stock-alert-fields';
import { ViewItemTracker } from './view-item-tracker';

type DetailLayoutProps = {
  item: CatalogueItem;
  /** Where the page sits, ending with the page itself. */
  trail: Crumb[];
  eyebrow: string | null;
  /** The main picture's description, and the pictures after it (the product's gallery) with theirs. */
  mainAlt: string;
  extraImages: { src: string; alt: string }[];
  showPrice: boolean;
  /** Under the name: the product's rating summary, when it has reviews. */
  rating?: ReactNode;
  /** Pounds paid per loyalty point, for "Earn N points" (products only). */
  spendPerPoint?: number | null;
  children: ReactNode;
};

/** The frame shared by product and offer pages: gallery, name, price, availability and buying, then details. */
export function DetailLayout({
  item,
  trail,
  eyebrow,
  mainAlt,
  extraImages,
  showPrice,
  rating,
  spendPerPoint = null,
  children,
}: DetailLayoutProps) {
  const t = useTranslations('common.alerts');
  const tPrice = useTranslations('common.price');
  // A product that opens sold out: its stock alert's form, drawn here, stands in until the form's code comes.
  const opening = item.opening;
  const stockAlert = item.kind === 'product' && soldOutIn(item.availability, opening) && (
    <StockAlertFields t={t} wholeProduct={stockAlertVariant(item.sizes, opening) === null} />
  );
  // Only an offer has a former price, and no size to change its price: the server draws it with what it saves.
  const formerPrice = item.originalPrice !== null && (
    <>
      <span className="text-mist">
        <span className="sr-only">{tPrice('was')}</span>
        <Price amount={item.originalPrice} className="line-through" />
      </span>
      <Savings price={item.price} originalPrice={item.originalPrice} className="text-sm font-semibold text-[#7fd6a2]" />
    </>
  );
  return (
    <article className="mx-auto grid max-w-7xl gap-x-8 gap-y-6 px-4 py-6 md:grid-cols-2 md:gap-x-12 md:px-6 md:py-8">
      <ViewItemTracker event={viewItemEvent(item.analytics)} />
      <Breadcrumbs trail={trail} />
      <ProductGallery name={item.name} main={{ ...item.renditions, alt: mainAlt }} extra={extraImages} />
      <div className="flex flex-col gap-6">
        <div className="flex items-start justify-between gap-4">
          <div className="flex flex-col gap-2">
            {eyebrow && <p className="eyebrow">{eyebrow}</p>}
            <h1 className="text-3xl leading-tight font-semibold text-cream md:text-4xl">{item.name}</h1>
            {rating}
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
        {/* Keyed by its opening size: a link to another size of the same product opens on that size. */}
        <BuyBox
          key={item.opening?.id}
          item={item}
          showPrice={showPrice}
          stockAlertPlaceholder={stockAlert || undefined}
          formerPrice={formerPrice || undefined}
          points={spendPerPoint === null ? null : earnedPoints(item, spendPerPoint)}
        />
        {children}
      </div>
    </article>
  );
}

/** The checkout's own rule, on one unit at each price the buy box can show. */
function earnedPoints(item: CatalogueItem, spendPerPoint: number): EarnedPoints {
  const at = (price: number) => pointsForPayment(toPiastres(price), toPiastres(spendPerPoint));
  return { item: at(item.price), sizes: Object.fromEntries(item.sizes.map((size) => [size.id, at(size.price)])) };
}
