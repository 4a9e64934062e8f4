import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { mediaSrc, renditionSrcSet } from '@/lib/media';
import { Price } from '../price';
import { Savings, useFromPrice } from '../price-labels';
import { RatingFigures } from '../reviews/rating-summary';
import type { CatalogueItem } from './catalogue-item';
import { FavouriteButton } from './favourite-button';
import { CardPurchase } from './card-purchase';

/** How wide a card is in the grid and the home rows, per breakpoint (see ProductGrid and ProductRail). */
const CARD_SIZES = '(min-width: 1280px) 300px, (min-width: 1024px) 24vw, (min-width: 768px) 32vw, 48vw';

type ProductCardProps = {
  item: CatalogueItem;
  /** Prices, stepper and add-to-cart are for visitors in Egypt. */
  showPrice: boolean;
  /** Cards in the first rows load at once; the rest wait until they scroll near. */
  eager?: boolean;
  /** Off where an offer would otherwise be added as a product (offer cards outside /offers). */
  purchasable?: boolean;
};

/**
 * The product card: image, name, rating, price (Egypt only), favourite heart, availability-dependent controls; badges for
 * new, offer and bestseller. Its links, like
 * all of the shop's, are plain anchors opened in-app (components/app/in-app-navigation.tsx); the CardList around the
 * cards reports which one was chosen.
 */
export function ProductCard({ item, showPrice, eager = false, purchasable = true }: ProductCardProps) {
  const t = useTranslations('common.product');
  const fromText = useFromPrice();
  return (
    <article
      data-item-id={item.id}
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-night transition-colors hover:border-gold/50"
    >
      <Link href={item.href} data-select-item={item.id} className="flex flex-1 flex-col">
        <div className="relative aspect-square overflow-hidden bg-smoke">
          <img
            src={mediaSrc(item.renditions.image)}
            srcSet={renditionSrcSet(item.renditions)}
            sizes={CARD_SIZES}
            alt=""
            width={600}
            height={600}
            loading={eager ? 'eager' : 'lazy'}
            // A lazy card can still intrude on the screen (the next card of a rail, clipped by its scroller); Chromium
            // would then raise it to high priority, ahead of the page's largest image.
            fetchPriority={eager ? 'auto' : 'low'}
            decoding="async"
            className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
          />
          {(item.isNew || item.kind === 'offer' || item.bestseller) && (
            <span className="absolute start-2 top-2 flex flex-col items-start gap-1">
              {(item.isNew || item.kind === 'offer') && (
                <span className="rounded-full bg-gold px-2.5 py-0.5 text-[11px] font-bold text-ink uppercase">
                  {item.kind === 'offer' ? t('offerBadge') : t('new')}
                </span>
              )}
              {item.bestseller && (
                <span className="rounded-full border border-gold bg-ink/85 px-2.5 py-0.5 text-[11px] font-bold text-gold-bright">
                  {t('bestseller')}
                </span>
              )}
            </span>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-1 px-3 pt-3">
          <h3 className="line-clamp-2 text-sm leading-snug font-medium text-cream group-hover:text-gold-bright">{item.name}</h3>
          {item.rating && <RatingFigures rating={item.rating} className="text-xs text-mist" starsClassName="text-sm" />}
          {showPrice && (
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              {item.fromPrice !== null ? (
                <span className="font-semibold text-gold">{fromText(item.fromPrice)}</span>
              ) : (
                <Price amount={item.price} className="font-semibold text-gold" />
              )}
              {item.originalPrice !== null && (
                <>
                  <Price amount={item.originalPrice} className="text-xs text-mist line-through" />
                  <Savings price={item.price} originalPrice={item.originalPrice} className="w-full text-xs text-[#7fd6a2]" />
                </>
              )}
            </p>
          )}
        </div>
      </Link>
      {item.kind === 'product' && (
        <FavouriteButton
          productId={item.id}
          name={item.name}
          initial={item.isFavourite}
          analytics={item.analytics}
          className="absolute end-2 top-2"
        />
      )}
      <div className="px-3 pt-2 pb-3">
        {purchasable ? (
          // Keyed by its opening size: when a filter changes in place, the card opens afresh on the size it now asks for.
          <CardPurchase key={item.opening?.id} item={item} showPrice={showPrice} />
        ) : (
          <Link href={item.href} className="btn-outline w-full px-3 py-2 text-xs">
            {t('viewOffer')}
          </Link>
        )}
      </div>
    </article>
  );
}
