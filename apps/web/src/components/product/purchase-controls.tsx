'use client';
/**
 * Availability rules of spec §4 for a card or a detail page: `available` → stepper and add-to-cart; `out_of_stock` →
 * red label, no stepper; any other value is an offer, added as an offer on /offers and as a product elsewhere.
 * Add-to-cart works only for visitors in Egypt; guests fill the cart kept in local storage.
 */
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { usePathname } from '@/i18n/navigation';
import type { CartItemKind } from '@/lib/cart/guest-cart';
import { useGuestCartActions } from '@/lib/cart/use-guest-cart';
import { stepWithin, type QuantityLimits } from '@/lib/quantity-limits';
import { useApp } from '../app/app-provider';
import { BagIcon } from '../icons';
import { QuantityStepper } from './quantity-stepper';

type PurchaseControlsProps = {
  id: number;
  stock: number | null;
  /** From the contract's quantity rules, computed on the server (spec §5). */
  limits: QuantityLimits;
  availability: string;
  size: 'sm' | 'lg';
};

export function cartKindFor(availability: string, pathname: string): CartItemKind {
  if (availability === 'available') return 'product';
  return pathname === '/offers' || pathname.startsWith('/offers/') ? 'offer' : 'product';
}

export function PurchaseControls({ id, stock, limits, availability, size }: PurchaseControlsProps) {
  const t = useTranslations('common');
  const { isEgypt, showToast } = useApp();
  const { setLine } = useGuestCartActions();
  const pathname = usePathname();
  const [quantity, setQuantity] = useState(limits.min);

  if (availability === 'out_of_stock') {
    return <p className="text-sm font-bold text-danger">{t('product.outOfStock')}</p>;
  }

  function increase() {
    // Spec §5: with no stock figure the cap is 10, but plus on stock 0 tells the shopper it is out of stock.
    if (stock === 0) {
      showToast('error', t('product.outOfStock'));
      return;
    }
    setQuantity((current) => stepWithin(current, 1, limits));
  }

  function addToCart() {
    if (!isEgypt) return;
    setLine(cartKindFor(availability, pathname), { id, quantity: stepWithin(quantity, 0, limits) });
    showToast('success', t('product.addedToCart'));
  }

  return (
    <div className={size === 'sm' ? 'flex flex-col gap-2' : 'flex flex-wrap items-center gap-3'}>
      <QuantityStepper
        quantity={quantity}
        limits={limits}
        size={size}
        onDecrease={() => setQuantity((current) => stepWithin(current, -1, limits))}
        onIncrease={increase}
      />
      <button
        type="button"
        onClick={addToCart}
        disabled={!isEgypt}
        title={isEgypt ? undefined : t('price.egyptOnly')}
        className={`btn-gold whitespace-nowrap ${size === 'sm' ? 'w-full px-3 py-2 text-xs' : 'flex-1 py-3 text-base'}`}
      >
        <BagIcon size={size === 'sm' ? 16 : 20} />
        {t('product.addToCart')}
      </button>
    </div>
  );
}
