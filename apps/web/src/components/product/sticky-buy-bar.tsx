'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Price } from '../price';
import { AddToCartLabel, type Purchase } from './purchase-controls';

type StickyBuyBarProps = { shown: boolean; label: string; price: number; purchase: Purchase };

/** Phones only; outside the page's main region (it repeats what the controls do), and inert while hidden. */
export function StickyBuyBar({ shown, label, price, purchase }: StickyBuyBarProps) {
  const t = useTranslations('common.product');
  // Mounted hidden, then shown: it slides in the first time too.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const visible = mounted && shown;
  return createPortal(
    <div
      role="region"
      aria-label={t('buyBar')}
      aria-hidden={!visible}
      inert={!visible}
      className={`fixed inset-x-0 bottom-[calc(var(--spacing-bottom-bar)+env(safe-area-inset-bottom))] z-30 border-t border-line bg-night/95 px-4 py-2 backdrop-blur transition-transform duration-200 md:hidden ${
        visible ? 'translate-y-0' : 'pointer-events-none translate-y-[calc(100%+4rem)]'
      }`}
    >
      <div className="flex items-center gap-3">
        <p className="flex min-w-0 flex-1 flex-col">
          <span className="truncate text-xs text-mist">{label}</span>
          <Price amount={price} className="font-semibold text-gold" />
        </p>
        {purchase.soldOut ? (
          <p className="text-sm font-bold text-danger">{t('outOfStock')}</p>
        ) : (
          <button type="button" onClick={purchase.add} disabled={!purchase.canAdd} className="btn-gold shrink-0 px-4 py-2 text-sm">
            <AddToCartLabel size="sm" />
          </button>
        )}
      </div>
    </div>,
    document.body,
  );
}
