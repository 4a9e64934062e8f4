'use client';
/**
 * A cart side panel, for a signed-in shopper or a guest (cart-panels.tsx decides which and when). It lists the lines with remove buttons, 'Proceed' (to /bag, closing the panel) and 'Continue
 * shopping' (closing it), and suggests products. The panel slides in from the end side below
 * the sticky header, which stays usable (its CART link, search and menu) while the page behind is dimmed.
 */
import { useTranslations } from 'next-intl';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from '@/i18n/navigation';
import { countedUnits, lineKey } from '@/lib/cart/cart-lines';
import { useApp } from '../app/app-provider';
import { DeliveryPromise } from '../delivery/delivery-promise';
import { CloseIcon } from '../icons';
import { Price, usePriceText } from '../price';
import { useFormatNumber } from '../use-format-number';
import { CartLineSummary, RemoveLineButton, useLineName } from './cart-line-summary';
import { useCart } from './cart-provider';
import { SuggestionsCarousel } from './suggestions-carousel';

/**
 * Where the sticky header ends, so the panel opens below it; followed as the header changes height. Measured before
 * the first paint (the panel only ever renders in the browser, after a click).
 */
function useHeaderBottom(): number {
  const [bottom, setBottom] = useState(0);
  useLayoutEffect(() => {
    const header = document.querySelector('header');
    if (!header) return;
    const measure = () => setBottom(Math.max(0, header.getBoundingClientRect().bottom));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure);
    };
  }, []);
  return bottom;
}

/** Escape closes (going to another page does too: cart-panels.tsx). Focus moves into the panel and back afterwards. */
function usePanelBehaviour(panel: React.RefObject<HTMLElement | null>, onClose: () => void) {
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (previous?.isConnected) previous.focus();
    };
  }, [panel]);
}

export function CartPanel({ onClose }: { onClose: () => void }) {
  const t = useTranslations('common');
  const formatNumber = useFormatNumber();
  const lineName = useLineName();
  const priceText = usePriceText();
  const { isEgypt } = useApp();
  const { cart, removeLine } = useCart();
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  const top = useHeaderBottom();
  usePanelBehaviour(panel, onClose);
  const loading = cart.status === 'loading';
  const units = countedUnits(cart.lines);

  return (
    <div className="fixed inset-x-0 bottom-0 z-50" style={{ top }}>
      <div className="absolute inset-0 bg-black/60 animate-fade-in" onClick={onClose} aria-hidden="true" />
      <section
        ref={panel}
        role="dialog"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="absolute inset-y-0 end-0 flex w-full max-w-md flex-col border-s border-line bg-night shadow-2xl outline-none transition-transform duration-300 starting:translate-x-full md:w-[28rem] lg:w-[34rem] lg:max-w-none rtl:starting:-translate-x-full"
      >
        <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
          <h2 id={titleId} className="flex items-baseline gap-2 text-lg font-semibold text-cream">
            {t('cart.panelTitle')}
            <span className="text-sm font-normal text-mist">{t('cart.itemCount', { count: units, shown: formatNumber(units) })}</span>
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('cart.close')}
            className="grid size-10 place-items-center rounded-full text-cream transition-colors hover:bg-smoke hover:text-gold"
          >
            <CloseIcon size={20} />
          </button>
        </div>
        <div className="flex flex-1 flex-col gap-4 overflow-y-auto overscroll-contain px-4 py-4">
          {cart.lines.length === 0 ? (
            <p className="py-8 text-center text-mist">{loading ? t('bag.loading') : t('cart.empty')}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {cart.lines.map((line) => (
                <li key={lineKey(line)} className="flex items-start gap-3 rounded-xl border border-line bg-ink/60 p-2.5">
                  <CartLineSummary line={line} loading={loading} imageSize="sm">
                    <p className="tabular text-sm text-mist">
                      {isEgypt && line.item
                        ? t('cart.lineQuantity', { quantity: formatNumber(line.quantity), price: priceText(line.item.price) })
                        : t('bag.quantity', { quantity: formatNumber(line.quantity) })}
                    </p>
                  </CartLineSummary>
                  <RemoveLineButton name={lineName(line)} onRemove={() => removeLine(line)} />
                </li>
              ))}
            </ul>
          )}
          <SuggestionsCarousel />
        </div>
        <div className="flex flex-col gap-3 border-t border-line px-4 py-4">
          {isEgypt && cart.lines.length > 0 && (
            <p className="flex items-baseline justify-between text-base">
              <span className="text-mist">{t('cart.total')}</span>
              <Price amount={cart.totals.total} className="font-semibold text-gold" />
            </p>
          )}
          {cart.lines.length > 0 && <DeliveryPromise />}
          <div className="grid grid-cols-2 gap-3">
            <button type="button" onClick={onClose} className="btn-outline">
              {t('cart.continue')}
            </button>
            <Link href="/bag" onClick={onClose} className="btn-gold">
              {t('cart.proceed')}
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
