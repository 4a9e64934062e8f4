'use client';
/**
 * The cart page (/bag): while the cart is read, a loading line; an empty cart asks the shopper to browse;
 * otherwise the lines and totals (bag-lines.tsx), whose code loads while the cart is read, which the page waits for
 * anyway. Under them, "You may also like". `view_cart` is pushed once the cart is shown.
 */
import { useTranslations } from 'next-intl';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { cartAnalytics, type CartLine } from '@/lib/cart/cart-lines';
import { pushCartEvent } from '@/lib/cart/cart-analytics';
import { useCart } from '../cart/cart-provider';
import { ShopNotice } from '../cart/shop-notice';

const loadLines = () => import('./bag-lines');
const BagLines = lazy(() => loadLines().then((module) => ({ default: module.BagLines })));
// "You may also like" under the lines, in a chunk of its own (its carousel is not needed to show the bag).
const Suggestions = lazy(() => import('../cart/suggestions-carousel').then((module) => ({ default: module.SuggestionsCarousel })));

function useViewCartEvent(lines: CartLine[], ready: boolean) {
  const reported = useRef(false);
  useEffect(() => {
    if (!ready || reported.current || lines.length === 0) return;
    reported.current = true;
    pushCartEvent('view_cart', cartAnalytics(lines));
  }, [lines, ready]);
}

export function BagContents() {
  const t = useTranslations('common');
  const { cart } = useCart();
  useEffect(() => void loadLines(), []);
  useViewCartEvent(cart.lines, cart.status !== 'loading');

  const loading = <p className="py-10 text-center text-mist">{t('bag.loading')}</p>;
  if (cart.lines.length === 0 && cart.status === 'loading') return loading;
  return (
    <>
      {cart.lines.length === 0 ? (
        <ShopNotice text={t('bag.empty')} href="/fragrances" action={t('bag.continue')} />
      ) : (
        <Suspense fallback={loading}>
          <BagLines />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <div className="mt-10">
          <Suggestions heading="h2" />
        </div>
      </Suspense>
    </>
  );
}
