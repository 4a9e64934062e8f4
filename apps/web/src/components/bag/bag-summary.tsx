'use client';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { CartTotals } from '@/lib/cart/cart-lines';
import { useApp } from '../app/app-provider';
import { TruckIcon } from '../icons';
import { AmountRow } from '../amount-row';
import { DeliveryPromise } from '../delivery/delivery-promise';
import { Price, usePriceText } from '../price';
import { useFormatNumber } from '../use-format-number';

/** How far the total has come towards free shipping (threshold from the site config, Egypt only). */
function FreeShippingProgress({ threshold, remaining }: { threshold: number; remaining: number }) {
  const t = useTranslations('common.cart');
  const priceText = usePriceText();
  const reached = remaining <= 0;
  const percent = Math.min(100, Math.max(0, ((threshold - remaining) / threshold) * 100));
  return (
    <div className="flex flex-col gap-2 rounded-xl bg-ink/60 p-3">
      <p className="flex items-center gap-2 text-sm text-cream">
        <TruckIcon size={18} className="shrink-0 text-gold" />
        {reached ? t('freeShippingReached') : t('freeShippingRemaining', { amount: priceText(remaining) })}
      </p>
      <div
        role="progressbar"
        aria-label={t('freeShippingProgress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
        className="h-2 overflow-hidden rounded-full bg-smoke"
      >
        <div className="h-full rounded-full bg-gold transition-[width] duration-500" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** Totals of /bag: subtotal, the promotion's discount, total, free-shipping progress and loyalty points. */
export function BagSummary({ totals }: { totals: CartTotals }) {
  const t = useTranslations('common');
  const formatNumber = useFormatNumber();
  const priceText = usePriceText();
  const { userToken } = useApp();
  return (
    <aside aria-labelledby="bag-summary" className="flex flex-col gap-4 rounded-2xl border border-line bg-night p-5 lg:sticky lg:top-40">
      <h2 id="bag-summary" className="text-lg font-semibold text-cream">
        {t('cart.summary')}
      </h2>
      <DeliveryPromise />
      <dl className="flex flex-col gap-2 text-sm">
        <AmountRow label={t('cart.subtotal')}>
          <Price amount={totals.subtotal} className="text-cream" />
        </AmountRow>
        {totals.promotion && totals.discount > 0 && (
          <AmountRow
            label={
              totals.promotion.discount_kind === 'amount'
                ? t('cart.discountAmount', { code: totals.promotion.code, amount: priceText(totals.promotion.amount_off ?? 0) })
                : t('cart.discount', { code: totals.promotion.code, percent: formatNumber(totals.promotion.percent_discount) })
            }
            className="text-[#7fd6a2]"
          >
            −<Price amount={totals.discount} />
          </AmountRow>
        )}
        <AmountRow label={t('cart.total')} strong>
          <Price amount={totals.total} className="text-lg text-gold" />
        </AmountRow>
      </dl>
      {totals.freeShippingAfter !== null && totals.freeShippingAfter > 0 && totals.remainingForFreeShipping !== null && (
        <FreeShippingProgress threshold={totals.freeShippingAfter} remaining={totals.remainingForFreeShipping} />
      )}
      <Link href="/checkout" className="btn-gold h-12 w-full text-base">
        {t('checkout.start')}
      </Link>
      {userToken ? (
        totals.pointsEarned !== null &&
        totals.pointsEarned > 0 && (
          <p className="text-sm text-gold-bright">
            {t('cart.pointsEarned', { points: totals.pointsEarned, shown: formatNumber(totals.pointsEarned) })}
          </p>
        )
      ) : (
        <Link href="/login" className="text-sm text-link">
          {t('cart.pointsGuest')}
        </Link>
      )}
    </aside>
  );
}
