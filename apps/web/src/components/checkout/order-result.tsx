'use client';
/**
 * The order-result page (any page with `order_id`; the storefront shows it at the top of home). The number is
 * in the address; the details come from the API for a signed-in shopper, or from this tab's record of the order it
 * placed for a guest (lib/checkout/placed-order.ts). A card payment comes back with `payment=paid|declined`: paid
 * pushes `purchase` once; declined offers to put the items back in the bag. A guest is also given the order's tracking
 * link and the offer to keep the order in an account (keep-order.tsx); the order shows its timeline, and any balance
 * it owes with the way to pay it.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { Order } from '@attar/contract';
import { Link } from '@/i18n/navigation';
import { useRouter } from '@/i18n/navigation-hooks';
import { getOrderByNumber, reorder } from '@/lib/api/orders';
import { announceCartChanged } from '@/lib/cart/cart-signals';
import { setCartLine } from '@/lib/cart/guest-cart';
import { readPlacedOrder, reportPurchase } from '@/lib/checkout/placed-order';
import { useApp } from '../app/app-provider';
import { BalanceDue } from '../orders/balance-due';
import { OrderDelivery } from '../orders/order-delivery';
import { OrderStatusBadge } from '../orders/order-status';
import { OrderSummary } from '../orders/order-summary';
import { OrderTimeline } from '../orders/order-timeline';
import { GuestOrderOptions } from './keep-order';
import { usePriceText } from '../price';

type PaymentOutcome = 'paid' | 'declined' | null;
type Shown = { order: Order | null; ready: boolean };

/** Which heading and note fit the order as it stands now. */
function outcomeKey(order: Order | null, payment: PaymentOutcome) {
  const status = order?.status ?? (payment === 'declined' ? 'cancelled' : 'placed');
  if (status === 'pending_payment') return 'pending';
  if (status === 'cancelled' || status === 'refunded') return payment === 'declined' ? 'declined' : 'cancelled';
  return payment === 'paid' ? 'paid' : 'placed';
}

function useResultOrder(orderNumber: string, payment: PaymentOutcome): Shown {
  const locale = useLocale();
  const { sessionChecked, userToken, handleError } = useApp();
  const [shown, setShown] = useState<Shown>({ order: null, ready: false });

  useEffect(() => {
    if (!sessionChecked) return;
    const placed = readPlacedOrder(window.sessionStorage, orderNumber);
    if (placed && payment === 'paid') reportPurchase(window.sessionStorage, placed);
    if (!userToken) {
      // A guest cannot look orders up: what this tab placed, with the outcome the gateway reported.
      const order = placed
        ? { ...placed.order, status: payment === 'declined' ? 'cancelled' : payment === 'paid' ? 'placed' : placed.order.status }
        : null;
      setShown({ order: order as Order | null, ready: true });
      return;
    }
    getOrderByNumber(orderNumber, locale).then(
      (order) => setShown({ order, ready: true }),
      (error) => {
        setShown({ order: null, ready: true });
        handleError(error);
      },
    );
  }, [sessionChecked, userToken, orderNumber, payment, locale, handleError]);

  return shown;
}

/** The kiosk reference, large, with a button that copies the bare number and says so. */
function KioskReference({ reference }: { reference: string }) {
  const t = useTranslations('common.checkout.result');
  const { showToast } = useApp();

  async function copy() {
    try {
      await navigator.clipboard.writeText(reference);
      showToast('success', t('kioskCopied'));
    } catch {
      showToast('error', t('kioskCopyFailed'));
    }
  }

  return (
    <p className="flex flex-wrap items-center gap-3 text-mist">
      {t('kioskReference')}:
      <strong dir="ltr" data-testid="kiosk-reference" className="text-2xl tracking-widest text-gold tabular">
        {reference}
      </strong>
      <button type="button" onClick={() => void copy()} className="btn-outline px-4 py-1.5 text-sm">
        {t('kioskCopy')}
      </button>
    </p>
  );
}

export function OrderResult({ orderNumber, payment }: { orderNumber: string; payment: PaymentOutcome }) {
  const t = useTranslations('common.checkout.result');
  const locale = useLocale();
  const router = useRouter();
  const { userToken, handleError } = useApp();
  const { order, ready } = useResultOrder(orderNumber, payment);
  const key = outcomeKey(order, payment);
  const failed = key === 'declined' || key === 'cancelled';
  // A kiosk order waits for cash paid with its reference.
  const kioskReference = key === 'pending' ? (order?.kiosk_reference ?? null) : null;
  const priceText = usePriceText();

  async function putItemsBack() {
    if (!order) return;
    try {
      if (userToken) {
        await reorder(order.id, locale);
      } else {
        for (const line of order.items) {
          if (line.product_obj) {
            const size = line.product_obj.variants.find((variant) => variant.ml === line.size_ml);
            setCartLine(window.localStorage, 'product', { id: line.product_obj.id, variant: size?.id, quantity: line.quantity });
          } else if (line.offer_obj) {
            setCartLine(window.localStorage, 'offer', { id: line.offer_obj.id, quantity: line.quantity });
          }
        }
      }
      announceCartChanged();
      router.push('/bag');
    } catch (error) {
      handleError(error);
    }
  }

  return (
    <section aria-labelledby="order-result" className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10 md:px-6">
      <div className={`flex flex-col gap-3 rounded-2xl border p-6 ${failed ? 'border-danger/60 bg-danger/10' : 'border-gold/40 bg-night'}`}>
        <h1 id="order-result" className="text-2xl font-semibold text-cream">
          {kioskReference ? t('kioskTitle') : t(`${key}Title`)}
        </h1>
        <p className="flex flex-wrap items-center gap-3 text-mist">
          {t('number')}:{' '}
          <strong dir="ltr" className="text-lg text-gold">
            {orderNumber}
          </strong>
          {order && <OrderStatusBadge status={order.status} />}
        </p>
        {kioskReference && order ? (
          <div className="flex flex-col gap-2">
            <p className="text-cream">{t('kioskNote', { amount: priceText(order.total) })}</p>
            <KioskReference reference={kioskReference} />
          </div>
        ) : (
          key !== 'cancelled' && <p className="text-cream">{t(`${key}Note`)}</p>
        )}
        {order && <BalanceDue order={order} />}
        <div className="flex flex-wrap gap-3">
          {/* A kiosk order is paid in cash with its reference: there is no page to pay on. */}
          {key === 'pending' && order?.payment_url && order.payment_method !== 'kiosk' && (
            <a href={order.payment_url} className="btn-gold">
              {t('payNow')}
            </a>
          )}
          {key === 'declined' && order && (
            <button type="button" onClick={putItemsBack} className="btn-gold">
              {t('tryAgain')}
            </button>
          )}
          {userToken && (
            <Link href="/profile" className="btn-outline">
              {t('myOrders')}
            </Link>
          )}
          <Link href="/fragrances" className="btn-outline">
            {t('continue')}
          </Link>
        </div>
      </div>
      {ready && order?.guest_access && !userToken && <GuestOrderOptions access={order.guest_access} />}
      {ready && order && (
        <div className="flex flex-col gap-6 rounded-2xl border border-line bg-night p-6">
          {order.timeline && (
            <OrderTimeline status={order.status} timeline={order.timeline} createdAt={order.created_at} courier={order.courier} level={2} />
          )}
          <OrderSummary order={order} />
          <OrderDelivery order={order} />
        </div>
      )}
    </section>
  );
}
