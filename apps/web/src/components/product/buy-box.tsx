'use client';
/**
 * The buying part of a product or offer page: price, availability, the size picker (each size with its own price
 * and stock) and the purchase controls, all following the size chosen. On a phone, once the controls have scrolled
 * away, a bar above the bottom navigation keeps the price, the size and Add to cart in reach (sticky-buy-bar.tsx,
 * loaded the first time it is needed). Out of stock, "Notify me when it's back" takes Add to cart's place
 * (stock-alert.tsx, loaded only then, and not while the page loads: once the browser is idle, or at once when the
 * shopper reaches for it or picks a size; on a page that opens sold out, the server's drawing of its form stands in).
 */
import { useTranslations } from 'next-intl';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useIdleOrReach } from '@/lib/use-idle-or-reach';
import { useApp } from '../app/app-provider';
import { Price } from '../price';
import { useSizedName, useSizeText } from '../size-names';
import { useFormatNumber } from '../use-format-number';
import type { CatalogueItem } from './catalogue-item';
import { showSizeInAddress, stockAlertVariant } from './size-option';
import { PurchaseControls, usePurchase } from './purchase-controls';

const LOW_STOCK = 5;
const StickyBuyBar = lazy(() => import('./sticky-buy-bar').then((module) => ({ default: module.StickyBuyBar })));
const StockAlert = lazy(() => import('./stock-alert').then((module) => ({ default: module.StockAlert })));
// Drawn in the browser only (on the visitor's clock, once the calendar is read): its code need not weigh on the page.
const DeliveryPromise = lazy(() => import('../delivery/delivery-promise').then((module) => ({ default: module.DeliveryPromise })));

type BuyBoxProps = {
  item: CatalogueItem;
  showPrice: boolean;
  /** The stock alert's form as the server drew it, on a page that opens sold out (detail-layout.tsx). */
  stockAlertPlaceholder?: ReactNode;
  /** An offer's former price and what it saves, drawn by the server (detail-layout.tsx): an offer has one price. */
  formerPrice?: ReactNode;
  /** The loyalty points one unit earns (detail-layout.tsx); null where the page says nothing of points. */
  points?: EarnedPoints | null;
};

/**
 * The points one unit earns, by the checkout's rule, at the item's price and at each size's (by its id): counted on
 * the server, so the rule stays out of the page's JavaScript.
 */
export type EarnedPoints = { item: number; sizes: Record<number, number> };

export function BuyBox({ item, showPrice, stockAlertPlaceholder, formerPrice, points: earned = null }: BuyBoxProps) {
  const t = useTranslations('common');
  const formatNumber = useFormatNumber();
  const sizeText = useSizeText();
  const sizedName = useSizedName();
  const [chosen, setChosen] = useState(item.opening);
  const purchase = usePurchase(item, chosen);
  const stockAlert = useIdleOrReach();
  // A signed-in shopper's form has no contact field: theirs comes at once, not after the guest's stand-in.
  const signedIn = Boolean(useApp().userToken);
  const controls = useRef<HTMLDivElement>(null);
  const scrolledPast = useScrolledPast(controls);
  // Loaded once the controls first scroll away, then kept (hidden again while they are in view).
  const [barNeeded, setBarNeeded] = useState(false);
  useEffect(() => {
    if (scrolledPast) setBarNeeded(true);
  }, [scrolledPast]);
  const price = chosen?.price ?? item.price;
  const stock = chosen?.stock ?? item.stock;
  const available = (chosen?.availability ?? item.availability) !== 'out_of_stock';
  const lowStock = available && stock > 0 && stock <= LOW_STOCK;
  const points = showPrice && earned ? ((chosen ? earned.sizes[chosen.id] : earned.item) ?? 0) : 0;

  return (
    <>
      {showPrice ? (
        <p className="flex flex-wrap items-baseline gap-3" aria-live="polite">
          <Price amount={price} className="text-2xl font-semibold text-gold" />
          {formerPrice}
        </p>
      ) : (
        <p className="rounded-xl border border-line bg-night px-4 py-3 text-sm text-mist">{t('price.egyptOnly')}</p>
      )}
      {points > 0 && <p className="text-sm text-gold-bright">{t('product.earnPoints', { count: points, shown: formatNumber(points) })}</p>}
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
                    onChange={() => {
                      setChosen(size);
                      showSizeInAddress(size.ml);
                      stockAlert.reach();
                    }}
                    className="peer sr-only"
                  />
                  <span
                    className={`flex min-w-20 flex-col items-center rounded-xl border px-3 py-2 text-sm transition-colors peer-checked:border-gold peer-checked:bg-gold/10 peer-focus-visible:outline-2 peer-focus-visible:outline-gold hover:border-gold/60 ${
                      soldOut ? 'border-line/60 text-mist' : 'border-line text-cream'
                    }`}
                  >
                    <span className={`font-semibold tabular ${soldOut ? 'line-through' : ''}`}>{sizeText(size.ml)}</span>
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
      <div ref={controls}>
        <PurchaseControls purchase={purchase} size="lg" />
      </div>
      {!purchase.soldOut && (
        <Suspense>
          <DeliveryPromise />
        </Suspense>
      )}
      {purchase.soldOut && item.kind === 'product' && (
        <div {...stockAlert.reachProps}>
          {stockAlert.ready || signedIn ? (
            <Suspense fallback={stockAlertPlaceholder}>
              <StockAlert
                key={chosen?.id}
                slug={item.href.slice(item.href.lastIndexOf('/') + 1)}
                variant={stockAlertVariant(item.sizes, chosen)}
              />
            </Suspense>
          ) : (
            stockAlertPlaceholder
          )}
        </div>
      )}
      {showPrice && barNeeded && (
        <Suspense>
          <StickyBuyBar shown={scrolledPast} label={sizedName(item.name, chosen?.ml ?? null)} price={price} purchase={purchase} />
        </Suspense>
      )}
    </>
  );
}

/**
 * Whether the element has scrolled up out of view. Read on scroll (once a frame), not with an IntersectionObserver:
 * a jump from below the fold to past the element (a link, a fling) never crosses the screen, and an observer would
 * not hear of it.
 */
function useScrolledPast(element: RefObject<HTMLElement | null>): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      setPast(target.getBoundingClientRect().bottom < 0);
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(check);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    check();
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [element]);
  return past;
}
