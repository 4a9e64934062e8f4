'use client';
/**
 * Availability rules for a card or a detail page: `available` → stepper and add-to-cart; `out_of_stock` →
 * red label, no stepper; any other value is an offer, added as an offer on /offers and as a product elsewhere.
 * A product is bought in the size chosen beside these controls (its own price, stock and limits).
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
import { soldOutIn, type SizeOption } from './size-option';
import { QuantityStepper } from './quantity-stepper';

export function cartKindFor(availability: string, pathname: string): CartItemKind {
  if (availability === 'available') return 'product';
  return pathname === '/offers' || pathname.startsWith('/offers/') ? 'offer' : 'product';
}

/** The item as its cart line shows it (the thumbnail is the smallest rendition). */
function cartItemFor(item: CatalogueItem, kind: CartItemKind, chosenSize: SizeOption | null): CartItem {
  const sized = kind === 'product' ? chosenSize : null;
  const price = sized?.price ?? item.price;
  return {
    kind,
    id: item.id,
    variant: sized?.id ?? null,
    ml: sized?.ml ?? null,
    name: item.name,
    href: item.href,
    image: item.renditions.image_mobile,
    price,
    limits: sized?.limits ?? item.limits,
    analytics: { ...item.analytics, price },
    promotionParts: item.promotionParts,
  };
}

export type Purchase = {
  soldOut: boolean;
  limits: QuantityLimits;
  /** The stepper's quantity, within the size's limits. */
  quantity: number;
  canAdd: boolean;
  increase(): void;
  decrease(): void;
  add(): void;
};

/** What the purchase controls do for the item in the size chosen; shared with the phone's sticky bar. */
export function usePurchase(item: CatalogueItem, chosenSize: SizeOption | null): Purchase {
  const t = useTranslations('common');
  const { isEgypt, showToast } = useSelling();
  const addToCart = useAddToCart();
  const pathname = usePathname();
  const limits = chosenSize?.limits ?? item.limits;
  const stock = chosenSize?.stock ?? item.stock;
  // Another size starts again from the least quantity.
  const sizeId = chosenSize?.id ?? null;
  const [picked, setPicked] = useState({ sizeId, quantity: limits.min });
  const shown = stepWithin(picked.sizeId === sizeId ? picked.quantity : limits.min, 0, limits);
  const setQuantity = (quantity: number) => setPicked({ sizeId, quantity });
  return {
    soldOut: soldOutIn(item.availability, chosenSize),
    limits,
    quantity: shown,
    canAdd: isEgypt,
    increase() {
      // With no stock figure the cap is 10, but plus on stock 0 tells the shopper it is out of stock.
      if (stock === 0) showToast('error', t('product.outOfStock'));
      else setQuantity(stepWithin(shown, 1, limits));
    },
    decrease: () => setQuantity(stepWithin(shown, -1, limits)),
    add: () => addToCart(cartItemFor(item, cartKindFor(item.availability, pathname), chosenSize), shown),
  };
}

/** The add-to-cart button's face, alike in the controls and the phone's buy bar. */
export function AddToCartLabel({ size }: { size: 'sm' | 'lg' }) {
  const t = useTranslations('common.product');
  return (
    <>
      <BagIcon size={size === 'sm' ? 16 : 20} />
      {t('addToCart')}
    </>
  );
}

export function PurchaseControls({ purchase, size }: { purchase: Purchase; size: 'sm' | 'lg' }) {
  const t = useTranslations('common');
  if (purchase.soldOut) {
    return <p className="text-sm font-bold text-danger">{t('product.outOfStock')}</p>;
  }
  return (
    <div className={size === 'sm' ? 'flex flex-col gap-2' : 'flex flex-wrap items-center gap-3'}>
      <QuantityStepper
        quantity={purchase.quantity}
        limits={purchase.limits}
        size={size}
        onDecrease={purchase.decrease}
        onIncrease={purchase.increase}
      />
      <button
        type="button"
        onClick={purchase.add}
        disabled={!purchase.canAdd}
        title={purchase.canAdd ? undefined : t('price.egyptOnly')}
        className={`btn-gold whitespace-nowrap ${size === 'sm' ? 'w-full px-3 py-2 text-xs' : 'flex-1 py-3 text-base'}`}
      >
        <AddToCartLabel size={size} />
      </button>
    </div>
  );
}
