/**
 * What the public tracking page shows of an order (decision 0038): its number and status, the timeline, the items and
 * the governorate it goes to; never the name, address, phone or amounts. Rendered on the server.
 */
import { useTranslations } from 'next-intl';
import type { OrderTracking as Tracking } from '@attar/contract';
import { useSizedName } from '../size-names';
import { useFormatNumber } from '../use-format-number';
import { OrderStatusBadge } from './order-status';
import { OrderTimeline } from './order-timeline';

export function OrderTracking({ tracking }: { tracking: Tracking }) {
  const t = useTranslations('common.orders.tracking');
  const sizedName = useSizedName();
  const formatNumber = useFormatNumber();

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
      <section className="flex flex-col gap-2 text-sm">
        <h2 className="text-base font-semibold text-cream">{t('items')}</h2>
        <ul className="flex flex-col gap-1 text-cream">
          {tracking.items.map((item, index) => (
            <li key={index} className="flex justify-between gap-4">
              <span>{sizedName(item.name, item.size_ml)}</span>
              <span className="text-mist tabular">× {formatNumber(item.quantity)}</span>
            </li>
          ))}
        </ul>
      </section>
      <p className="text-sm text-cream">
        <span className="text-mist">{t('goesTo')}: </span>
        {tracking.region.name}
      </p>
      <p className="text-xs text-mist">{t('privacy')}</p>
    </div>
  );
}
