/**
 * An order's progress as an ordered list (lib/orders/timeline.ts): each step reached with its Cairo time, the current
 * one marked for assistive technology (`aria-current="step"`), the rest as not yet reached; the courier and its tracking
 * number beside the hand-over, with where the parcel is and the courier's own tracking page when it was handed over
 * through the courier's API (decision 0049). Shared by the account's order card, the order-result page and the public tracking page.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import type { Order, OrderStatus, OrderTimelineEntry } from '@attar/contract';
import { formatDateTime } from '@/i18n/formats';
import { timelineSteps, type TimelineStep } from '@/lib/orders/timeline';

type OrderTimelineProps = {
  status: OrderStatus;
  timeline: readonly OrderTimelineEntry[];
  createdAt: string;
  courier: Order['courier'];
  /** The heading's level where the timeline sits. */
  level?: 2 | 3 | 4;
};

const DOT: Record<TimelineStep['state'], string> = {
  done: 'border-gold bg-gold',
  current: 'border-gold bg-ink ring-4 ring-gold/25',
  upcoming: 'border-line bg-ink',
};

export function OrderTimeline({ status, timeline, createdAt, courier, level = 3 }: OrderTimelineProps) {
  const t = useTranslations('common.orders');
  const locale = useLocale();
  const id = useId();
  const Heading = `h${level}` as const;
  const steps = timelineSteps(status, timeline, createdAt);

  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <Heading id={id} className="text-base font-semibold text-cream">
        {t('timeline.heading')}
      </Heading>
      <ol className="flex flex-col" data-testid="order-timeline">
        {steps.map((step, index) => (
          <li
            key={step.name}
            aria-current={step.state === 'current' ? 'step' : undefined}
            data-state={step.state}
            className="relative flex gap-3 pb-4 last:pb-0"
          >
            {index < steps.length - 1 && (
              <span
                aria-hidden="true"
                className={`absolute start-[0.4375rem] top-5 bottom-0 w-0.5 ${step.state === 'done' ? 'bg-gold/70' : 'bg-line'}`}
              />
            )}
            <span aria-hidden="true" className={`mt-1 size-4 shrink-0 rounded-full border-2 ${DOT[step.state]}`} />
            <div className="flex flex-col gap-0.5 text-sm">
              <p className={step.state === 'upcoming' ? 'text-mist' : 'font-semibold text-cream'}>
                {t(`timeline.step.${step.name}`)}
                {step.state === 'current' && (
                  <span
                    className={`ms-2 rounded-full px-2 py-0.5 text-xs ${step.name === 'cancelled' || step.name === 'refunded' ? 'bg-danger-deep/25 text-danger' : 'bg-gold/15 text-gold'}`}
                  >
                    {t('timeline.now')}
                  </span>
                )}
              </p>
              {step.at ? (
                <time dateTime={step.at} className="text-mist">
                  {formatDateTime(step.at, locale)}
                </time>
              ) : (
                <span className="text-mist">{t('timeline.upcoming')}</span>
              )}
              {step.name === 'shipped' && step.state !== 'upcoming' && courier && (
                <p className="text-cream">
                  {t.rich('summary.courier', {
                    courier: courier.name,
                    tracking: courier.tracking_number,
                    name: (chunks) => <bdi>{chunks}</bdi>,
                    ltr: (chunks) => <bdi dir="ltr">{chunks}</bdi>,
                  })}
                  {courier.parcel_state && (
                    <span className="block text-gold" data-testid="parcel-state">
                      {t(`timeline.parcel.${courier.parcel_state}`)}
                    </span>
                  )}
                  {courier.tracking_url && (
                    <a href={courier.tracking_url} target="_blank" rel="noopener noreferrer" className="block text-gold underline">
                      {t('timeline.follow')}
                    </a>
                  )}
                </p>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
