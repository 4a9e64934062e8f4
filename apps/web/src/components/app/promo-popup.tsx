'use client';
/**
 * The one-time promotion popup (spec §2, §4): at most once per browser session, only when the server has one, never
 * on an order-result page (`order_id` in the query). Closing it drops the query string without a reload.
 */
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { getPromotionData, type Promotion } from '@/lib/api/browser';
import { CloseIcon } from '../icons';

const SHOWN_KEY = 'promotionShown';
/** The popup waits until the page has loaded and painted, so it never holds up the page's first paint. */
const AFTER_LOAD_DELAY_MS = 1000;

function afterPageLoad(callback: () => void): () => void {
  let timer: number | undefined;
  const schedule = () => {
    timer = window.setTimeout(callback, AFTER_LOAD_DELAY_MS);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    window.clearTimeout(timer);
  };
}

export function PromoPopup() {
  const t = useTranslations('common.promo');
  const dialog = useRef<HTMLDialogElement>(null);
  const [promotion, setPromotion] = useState<Promotion | null>(null);

  useEffect(() => {
    if (new URLSearchParams(window.location.search).has('order_id')) return;
    if (window.sessionStorage.getItem(SHOWN_KEY)) return;
    let cancelled = false;
    const cancelWait = afterPageLoad(() => {
      getPromotionData()
        .then((found) => {
          if (cancelled || !found) return;
          window.sessionStorage.setItem(SHOWN_KEY, 'true');
          setPromotion(found);
        })
        .catch((error: unknown) => console.warn('Promotion look-up failed', error));
    });
    return () => {
      cancelled = true;
      cancelWait();
    };
  }, []);

  useEffect(() => {
    if (promotion && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [promotion]);

  function onClose() {
    setPromotion(null);
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.hash);
  }

  if (!promotion) return null;
  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="promo-title"
      aria-describedby="promo-text"
      className="m-auto w-[min(92vw,26rem)] animate-fade-in rounded-3xl border border-gold/50 bg-night p-0 text-cream shadow-2xl backdrop:bg-black/70"
    >
      <div className="relative flex flex-col items-center gap-5 px-6 pt-10 pb-7 text-center">
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="absolute end-3 top-3 grid size-10 place-items-center rounded-full text-mist hover:text-gold"
        >
          <CloseIcon size={20} />
          <span className="sr-only">{t('close')}</span>
        </button>
        <p id="promo-title" className="eyebrow">
          {t('title')}
        </p>
        <p id="promo-text" className="text-lg leading-relaxed">
          {t('text', { code: promotion.code, percent_discount: promotion.percent_discount })}
        </p>
        <button type="button" autoFocus onClick={() => dialog.current?.close()} className="btn-gold w-full">
          {t('continue')}
        </button>
      </div>
    </dialog>
  );
}
