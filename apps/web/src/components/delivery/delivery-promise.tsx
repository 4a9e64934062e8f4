'use client';
/**
 * "Arrives Sun 30 Nov – Tue 2 Dec" with the delivery fee, for the shopper's governorate (decision 0037): the one
 * checkout has chosen (`regionId`), else the signed-in shopper's default address, else the one picked here last
 * (remembered in a cookie, as is checkout's choice), else Cairo. The dates come from the contract's rule, the same the API keeps on the order.
 * Drawn in the browser only, on the visitor's clock: the server's render would be stale in a cached page.
 */
import { deliveryPromise } from '@attar/contract/rules';
import type { DeliveryCalendar, DeliveryPromiseDates, DeliveryRegion } from '@attar/contract';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import { formatDeliveryDay } from '@/i18n/formats';
import { getDeliveryCalendar } from '@/lib/api/browser';
import { getAddresses } from '@/lib/api/checkout';
import { useApp } from '../app/app-provider';
import { useCart } from '../cart/cart-provider';
import { TruckIcon } from '../icons';
import { usePriceText } from '../price';

const REGION_COOKIE = 'attar_region';
/** The governorate most orders go to. */
const MOST_COMMON_REGION = 'cairo';

const pickedRegion = () => /(?:^|;\s*)attar_region=([a-z-]+)/.exec(document.cookie)?.[1] ?? null;
const rememberRegion = (slug: string) => {
  document.cookie = `${REGION_COOKIE}=${slug}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
};

/** "Arrives Sun 30 Nov – Tue 2 Dec", or one day when both ends are the same: a forecast's words and an order's. */
export function useArrivalText(): (promise: DeliveryPromiseDates) => string {
  const t = useTranslations('common.delivery');
  const locale = useLocale();
  return (promise) =>
    promise.earliest === promise.latest
      ? t('arrivesOn', { day: formatDeliveryDay(promise.earliest, locale) })
      : t('arrives', { from: formatDeliveryDay(promise.earliest, locale), to: formatDeliveryDay(promise.latest, locale) });
}

/** The signed-in shopper's default address's governorate, null for a guest or a shopper without addresses. */
function useDefaultRegion(skip: boolean): number | null {
  const { userToken } = useApp();
  const locale = useLocale();
  const [region, setRegion] = useState<{ token: string; id: number | null } | null>(null);
  useEffect(() => {
    if (skip || !userToken) return;
    let live = true;
    getAddresses(locale).then(
      (addresses) => live && setRegion({ token: userToken, id: (addresses.find((a) => a.is_default) ?? addresses[0])?.region.id ?? null }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [skip, userToken, locale]);
  return region && region.token === userToken ? region.id : null;
}

type DeliveryPromiseProps = {
  /** The governorate checkout has chosen, followed live; null until there is one. */
  regionId?: number | null;
  /** Offer to change the governorate here (not at checkout, where the address decides). */
  choosable?: boolean;
  className?: string;
};

export function DeliveryPromise({ regionId = null, choosable = true, className = '' }: DeliveryPromiseProps) {
  const t = useTranslations('common.delivery');
  const locale = useLocale();
  const { isEgypt } = useApp();
  const { cart } = useCart();
  // A cart past the free-shipping threshold is delivered free: the governorate's fee would not be the truth.
  const freeDelivery = cart.lines.length > 0 && cart.totals.remainingForFreeShipping === 0;
  const priceText = usePriceText();
  const arrivalText = useArrivalText();
  const selectId = useId();
  const [calendar, setCalendar] = useState<DeliveryCalendar | null>(null);
  const [now, setNow] = useState<Date | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const defaultRegion = useDefaultRegion(regionId !== null);

  useEffect(() => {
    let live = true;
    setNow(new Date());
    setPicked(pickedRegion());
    getDeliveryCalendar(locale).then(
      (answer) => live && setCalendar(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [locale]);

  const chosenSlug = calendar?.regions.find((region) => region.id === regionId)?.slug;
  useEffect(() => {
    // What checkout chose is what the other pages promise for next time.
    if (chosenSlug) rememberRegion(chosenSlug);
  }, [chosenSlug]);

  if (!calendar || !now || !isEgypt) return null;
  const byId = (id: number | null) => calendar.regions.find((region) => region.id === id);
  const bySlug = (slug: string | null) => calendar.regions.find((region) => region.slug === slug);
  const fixed = byId(regionId) ?? byId(defaultRegion);
  const region: DeliveryRegion | undefined = fixed ?? bySlug(picked) ?? bySlug(MOST_COMMON_REGION) ?? calendar.regions[0];
  if (!region) return null;
  const promise = deliveryPromise(
    now,
    { minDays: region.min_days, maxDays: region.max_days },
    { cutoff: calendar.cutoff, weeklyOff: calendar.weekly_off, holidays: calendar.holidays },
  );
  const arrives = arrivalText(promise);

  return (
    <div className={`flex items-start gap-2.5 text-sm ${className}`} data-testid="delivery-promise" data-region={region.slug}>
      <TruckIcon size={18} className="mt-0.5 shrink-0 text-gold" />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold text-cream" data-testid="delivery-promise-dates">
          {arrives}
        </p>
        <p className="text-mist">{t('fee', { region: region.name, fee: freeDelivery ? t('free') : priceText(region.fee) })}</p>
        {choosable && !fixed && (
          <p className="flex flex-wrap items-center gap-2">
            <label htmlFor={selectId} className="text-mist">
              {t('region')}
            </label>
            <select
              id={selectId}
              value={region.slug}
              title={t('change')}
              onChange={(event) => {
                rememberRegion(event.target.value);
                setPicked(event.target.value);
              }}
              className="rounded-lg border border-line bg-night px-2 py-1 text-cream"
            >
              {calendar.regions.map((option) => (
                <option key={option.slug} value={option.slug}>
                  {option.name}
                </option>
              ))}
            </select>
          </p>
        )}
      </div>
    </div>
  );
}
