'use client';
/**
 * /checkout: waits until it knows who is shopping and what is in the bag, then shows the order form
 * (checkout-form.tsx), or a notice when the bag is empty or the visitor is outside Egypt. The form's code loads while
 * the bag is being read, which the page waits for anyway.
 */
import { useTranslations } from 'next-intl';
import { lazy, Suspense, useEffect } from 'react';
import type { Region } from '@/lib/api/checkout';
import { countedLines } from '@/lib/cart/cart-lines';
import type { CheckoutRates } from '@/lib/checkout/checkout-totals';
import { useApp } from '../app/app-provider';
import { useCart } from '../cart/cart-provider';
import { ShopNotice } from '../cart/shop-notice';
import { CheckoutLoading } from './checkout-loading';
import type { PaymentOptions } from './checkout-sections';

const loadForm = () => import('./checkout-form');
const CheckoutForm = lazy(() => loadForm().then((module) => ({ default: module.CheckoutForm })));

export function CheckoutScreen({ regions, rates, payments }: { regions: Region[]; rates: CheckoutRates; payments: PaymentOptions }) {
  const t = useTranslations('common.checkout');
  const { sessionChecked, userToken, isEgypt } = useApp();
  const { cart } = useCart();
  const lines = countedLines(cart.lines);

  useEffect(() => void loadForm(), []);

  if (!sessionChecked || cart.status === 'loading') {
    return <CheckoutLoading />;
  }
  if (!isEgypt) return <ShopNotice text={t('notEgypt')} href="/" action={t('result.continue')} />;
  if (lines.length === 0) return <ShopNotice text={t('empty')} href="/fragrances" action={t('result.continue')} />;
  return (
    <Suspense fallback={<CheckoutLoading />}>
      <CheckoutForm
        key={userToken ? 'account' : 'guest'}
        regions={regions}
        rates={rates}
        payments={payments}
        signedIn={Boolean(userToken)}
      />
    </Suspense>
  );
}
