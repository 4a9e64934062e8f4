/**
 * What the public tracking page shows of an order (decision 0038): its number and status, the timeline, the items and
 * the governorate it goes to; never the name, address, phone or amounts. Rendered on the server.
 */
import { useTranslations } from 'next-intl';
import type { OrderTracking as Tracking } from '@attar/contract';
import { ItemList } from './item-list';
import { OrderStatusBadge } from './order-status';
import { OrderTimeline } from './order-timeline';

export function OrderTracking({ tracking }: { tracking: Tracking }) {
  const t = useTranslations('common.orders.tracking');

  return (
    <div className="flex flex-col gap-6 rounded-2xl border border-line bg-night p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-cream">
          {t.rich('heading', { number: tracking.order_number, ltr: (chunks) => <bdi dir="ltr">{chunks}</bdi> })}
        </h2>
        <OrderStatusBadge status={tracking.status} />
      </div>
      <OrderTimeline
        status={tracking.status}
        timeline={tracking.timeline}
        createdAt={tracking.created_at}
        courier={tracking.courier}
        level={2}
      />
      <ItemList items={tracking.items} heading="tracking" />
      <p className="text-sm text-cream">
        <span className="text-mist">{t('goesTo')}: </span>
        {tracking.region.name}
      </p>
      <p className="text-xs text-mist">{t('privacy')}</p>
    </div>
  );
}
