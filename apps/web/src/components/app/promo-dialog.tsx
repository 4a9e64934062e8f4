'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import type { Promotion } from '@/lib/api/browser';
import { DialogClose, SMALL_DIALOG_CLASS } from './dialog-close';
import { usePriceText } from '../price';
import { useFormatNumber } from '../use-format-number';

/** The promotion popup itself (promo-popup.tsx decides when). Closing it drops the query string without a reload. */
export function PromoDialog({ promotion, onClosed }: { promotion: Promotion; onClosed: () => void }) {
  const t = useTranslations('common.promo');
  const formatNumber = useFormatNumber();
  const priceText = usePriceText();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);

  function onClose() {
    onClosed();
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.hash);
  }

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="promo-title"
      aria-describedby="promo-text"
      className={`animate-fade-in ${SMALL_DIALOG_CLASS}`}
    >
      <div className="relative flex flex-col items-center gap-5 px-6 pt-10 pb-7 text-center">
        <DialogClose dialog={dialog} label={t('close')} />
        <p id="promo-title" className="eyebrow">
          {t('title')}
        </p>
        <p id="promo-text" className="text-lg leading-relaxed">
          {promotion.discount_kind === 'amount'
            ? t('textAmount', { code: promotion.code, amount: priceText(promotion.amount_off ?? 0) })
            : t('text', { code: promotion.code, percent_discount: formatNumber(promotion.percent_discount) })}
        </p>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog takes focus when it opens; autofocus names the element (HTML's way for dialogs) */}
        <button type="button" autoFocus onClick={() => dialog.current?.close()} className="btn-gold w-full">
          {t('continue')}
        </button>
      </div>
    </dialog>
  );
}
