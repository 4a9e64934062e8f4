'use client';
/**
 * The one-time promotion popup: at most once per browser session, only when the server has one, never
 * on an order-result page (`order_id` in the query). Closing it drops the query string without a reload.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Promotion } from '@/lib/api/browser';
import { afterPageLoad } from '@/lib/idle';

// Most visits have no promotion to show, or have seen it already: the dialog's code comes only when one is shown.
const PromoDialog = lazy(() => import('./promo-dialog').then((module) => ({ default: module.PromoDialog })));

const SHOWN_KEY = 'promotionShown';
/** The popup waits until the page has loaded and painted, so it never holds up the page's first paint. */
const AFTER_LOAD_DELAY_MS = 1000;

export function PromoPopup() {
  const [promotion, setPromotion] = useState<Promotion | null>(null);

  useEffect(() => {
    if (new URLSearchParams(window.location.search).has('order_id')) return;
    if (window.sessionStorage.getItem(SHOWN_KEY)) return;
    let cancelled = false;
    const cancelWait = afterPageLoad(() => {
      import('@/lib/api/browser')
        .then(({ getPromotionData }) => getPromotionData())
        .then((found) => {
          if (cancelled || !found) return;
          window.sessionStorage.setItem(SHOWN_KEY, 'true');
          setPromotion(found);
        })
        .catch((error: unknown) => console.warn('Promotion look-up failed', error));
    }, AFTER_LOAD_DELAY_MS);
    return () => {
      cancelled = true;
      cancelWait();
    };
  }, []);

  if (!promotion) return null;
  return (
    <Suspense fallback={null}>
      <PromoDialog promotion={promotion} onClosed={() => setPromotion(null)} />
    </Suspense>
  );
}
