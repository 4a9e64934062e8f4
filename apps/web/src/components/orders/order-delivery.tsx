'use client';
/** How an order is paid and where it goes: the payment method and the delivery address as it was when ordered. */
import { useTranslations } from 'next-intl';
import type { Order } from '@attar/contract';
import { PostalAddress } from './postal-address';

export function OrderDelivery({ order }: { order: Order }) {
  const t = useTranslations('common.orders.delivery');
  return (
    <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-2">
      <div className="flex flex-col gap-1">
        <dt className="text-mist">{t('payment')}</dt>
        <dd className="text-cream">{t(order.payment_method)}</dd>
      </div>
      <div className="flex flex-col gap-1">
        <dt className="text-mist">{t('address')}</dt>
        <dd>
          <PostalAddress address={order.address} className="text-cream" />
        </dd>
      </div>
    </dl>
  );
}
