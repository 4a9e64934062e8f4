'use client';
/**
 * Availability rules of spec §4 for a card or a detail page: `available` → stepper and add-to-cart; `out_of_stock` →
 * red label, no stepper; any other value is an offer, added as an offer on /offers and as a product elsewhere.
 * Add-to-cart works only for visitors in Egypt; the cart provider adds to the server cart or the guest cart.
 */
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { usePathname } from '@/i18n/navigation-hooks';
import type { CartItem, CartItemKind } from '@/lib/cart/cart-lines';
import { stepWithin, type QuantityLimits } from '@/lib/quantity-limits';
import { useSelling } from '../app/app-provider';
import { useAddToCart } from '../cart/cart-provider';
import { BagIcon } from '../icons';
import type { CatalogueItem } from './catalogue-item';
import { QuantityStepper } from './quantity-stepper';

type PurchaseControlsProps = {
  item: CatalogueItem;
  /** From the contract's quantity rules, computed on the server (spec §5). */
  limits: QuantityLimits;
  size: 'sm' | 'lg';
};

export function cartKindFor(availability: string, pathname: string): CartItemKind {
  if (availability === 'available') return 'product';
  return pathname === '/offers' || pathname.startsWith('/offers/') ? 'offer' : 'product';
}

/** The item as its cart line shows it (the thumbnail is the smallest rendition). */
function cartItemFor(item: CatalogueItem, kind: CartItemKind, limits: QuantityLimits): CartItem {
  return {
    kind,
    id: item.id,
    name: item.name,
    href: item.href,
    image: item.renditions.image_mobile,
    price: item.price,
    limits,
    analytics: item.analytics,
  };
}

export function PurchaseControls({ item, limits, size }: PurchaseControlsProps) {
  const t = useTranslations('common');
  const { isEgypt, showToast } = useSelling();
  const addToCart = useAddToCart();
  const pathname = usePathname();
  const [quantity, setQuantity] = useState(limits.min);

  if (item.availability === 'out_of_stock') {
    return <p className="text-sm font-bold text-danger">{t('product.outOfStock')}</p>;
  }

  function increase() {
    // Spec §5: with no stock figure the cap is 10, but plus on stock 0 tells the shopper it is out of stock.
    if (item.stock === 0) {
      showToast('error', t('product.outOfStock'));
      return;
    }
    setQuantity((current) => stepWithin(current, 1, limits));
  }

  function add() {
    addToCart(cartItemFor(item, cartKindFor(item.availability, pathname), limits), stepWithin(quantity, 0, limits));
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
        onClick={add}
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
