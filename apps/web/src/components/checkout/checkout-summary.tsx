'use client';
/** The order as it will be placed: each line with its share of the points, every amount, and the place-order button. */
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { lineKey, type CartItem, type CartLine } from '@/lib/cart/cart-lines';
import { linePiastres, lineTotal } from '@/lib/cart/cart-totals';
import { sharePoints } from '@attar/contract/rules';
import type { CheckoutTotals } from '@/lib/checkout/checkout-totals';
import { mediaSrc } from '@/lib/media';
import { AmountRow } from '../amount-row';
import { useLineName } from '../cart/cart-line-summary';
import { Price } from '../price';
import { useFormatNumber } from '../use-format-number';

type CheckoutSummaryProps = {
  lines: (CartLine & { item: CartItem })[];
  totals: CheckoutTotals;
  promoCode: string | null;
  /** Points are earned by shoppers with an account only. */
  earnsPoints: boolean;
  /** Shown above the amounts (what stopped the last try), or null. */
  notice: ReactNode;
  /** The place-order button: on phones and tablets it stays in view with the total, in a bar above the navigation. */
  children: ReactNode;
};

export function CheckoutSummary({ lines, totals, promoCode, earnsPoints, notice, children }: CheckoutSummaryProps) {
  const t = useTranslations('common.checkout');
  const formatNumber = useFormatNumber();
  const lineName = useLineName();
  // Each line's share of the points the order earns after its discounts, as the API records them per order line.
  const points = sharePoints(
    lines.map((line) => linePiastres(line.item.price, line.quantity)),
    totals.pointsEarned,
  );
  return (
    <aside
      aria-labelledby="checkout-summary"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-night p-5 lg:sticky lg:top-40"
    >
      <h2 id="checkout-summary" className="text-lg font-semibold text-cream">
        {t('summary')}
      </h2>
      <ul aria-label={t('items', { count: lines.reduce((sum, line) => sum + line.quantity, 0) })} className="flex flex-col gap-3">
        {lines.map((line, index) => (
          <li key={lineKey(line)} className="flex items-center gap-3 text-sm">
            <img
              src={mediaSrc(line.item.image)}
              alt=""
              width={48}
              height={48}
              loading="lazy"
              className="size-12 shrink-0 rounded-lg bg-smoke object-cover"
            />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="truncate text-cream">{lineName(line)}</span>
              <span className="tabular text-mist">
                × {formatNumber(line.quantity)}
                {earnsPoints && (
                  <span className="ms-2 text-gold-bright">
                    {t.rich('linePoints', {
                      count: points[index]!,
                      shown: formatNumber(points[index]!),
                      ltr: (chunks) => <bdi dir="ltr">{chunks}</bdi>,
                    })}
                  </span>
                )}
              </span>
            </span>
            <Price amount={lineTotal(line.item.price, line.quantity)} className="text-cream" />
          </li>
        ))}
      </ul>
      <dl className="flex flex-col gap-2 border-t border-line pt-3 text-sm">
        <AmountRow label={t('subtotal')}>
          <Price amount={totals.subtotal} className="text-cream" />
        </AmountRow>
        {totals.discount > 0 && promoCode && (
          <AmountRow label={t('discount', { code: promoCode })} className="text-[#7fd6a2]">
            −<Price amount={totals.discount} />
          </AmountRow>
        )}
        {totals.pointsUsed > 0 && (
          <AmountRow label={t('pointsDiscount', { points: formatNumber(totals.pointsUsed) })} className="text-[#7fd6a2]">
            −<Price amount={totals.pointsDiscount} />
          </AmountRow>
        )}
        <AmountRow label={t('deliveryFee')} className="text-cream">
          {totals.deliveryFee === null ? (
            <span className="text-mist">{t('chooseAddressForFee')}</span>
          ) : totals.deliveryFee === 0 ? (
            t('free')
          ) : (
            <Price amount={totals.deliveryFee} />
          )}
        </AmountRow>
        {totals.giftWrap > 0 && (
          <AmountRow label={t('gift.wrapRow')} className="text-cream">
            <Price amount={totals.giftWrap} />
          </AmountRow>
        )}
        <AmountRow label={t('total')} strong>
          <Price amount={totals.total} className="text-lg text-gold" />
        </AmountRow>
      </dl>
      {earnsPoints && totals.pointsEarned > 0 && (
        <p className="text-sm text-gold-bright">
          {t('pointsEarned', { count: totals.pointsEarned, shown: formatNumber(totals.pointsEarned) })}
        </p>
      )}
      {notice}
      <div className="flex flex-col gap-2 max-lg:fixed max-lg:inset-x-0 max-lg:bottom-[calc(var(--spacing-bottom-bar)+env(safe-area-inset-bottom))] max-lg:z-30 max-lg:border-t max-lg:border-line max-lg:bg-night/95 max-lg:px-4 max-lg:py-3 max-lg:backdrop-blur md:max-lg:bottom-0">
        <p className="flex items-baseline justify-between gap-3 font-semibold text-cream lg:hidden">
          {t('total')}
          <Price amount={totals.total} className="text-lg text-gold" />
        </p>
        {children}
      </div>
    </aside>
  );
}
