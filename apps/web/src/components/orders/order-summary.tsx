'use client';
/**
 * What an order holds and costs: each line (picture, name, quantity, unit price and its share of the points while
 * they are to come or earned) and the amounts from subtotal to total. Shared by the order history and the order-result page; it needs only the order.
 */
import { useTranslations } from 'next-intl';
import type { Order } from '@attar/contract';
import { Link } from '@/i18n/navigation';
import { mediaSrc } from '@/lib/media';
import { AmountRow } from '../amount-row';
import { useArrivalText } from '../delivery/delivery-promise';
import { Price, usePriceText } from '../price';
import { useSizeText } from '../size-names';
import { useFormatNumber } from '../use-format-number';

type OrderLine = Order['items'][number];

/** The catalogue entry a line was for (name, link, picture); null if it has gone. */
function lineItem(line: OrderLine): { name: string; href: string; image: string } | null {
  const { product_obj: product, offer_obj: offer } = line;
  if (product) return { name: product.name, href: `/fragrances/${product.slug}`, image: product.image_mobile };
  if (offer) return { name: offer.name, href: `/offers/${offer.slug}`, image: offer.image_mobile };
  return null;
}

/** A line's product or offer name, or null if it has left the catalogue. */
export function lineName(line: OrderLine): string | null {
  return lineItem(line)?.name ?? null;
}

/** What the order's points are to the shopper: still to come, earned, lost with the order, or none at all (a guest's). */
function pointsState(order: Order): 'none' | 'pending' | 'earned' | 'lost' {
  if (order.points_earned <= 0) return 'none';
  if (order.status === 'cancelled' || order.status === 'refunded') return 'lost';
  return order.status === 'delivered' ? 'earned' : 'pending';
}

export function OrderSummary({ order }: { order: Order }) {
  const t = useTranslations('common.orders.summary');
  const formatNumber = useFormatNumber();
  const points = pointsState(order);
  const arrivalText = useArrivalText();
  // The promise made when it was placed, while it is on its way.
  const arriving = order.delivery_promise && !['delivered', 'cancelled', 'refunded'].includes(order.status) ? order.delivery_promise : null;
  const pointsCount = { count: order.points_earned, shown: formatNumber(order.points_earned) };
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label={t('items')} className="flex flex-col divide-y divide-line/60">
        {order.items.map((line) => (
          <OrderSummaryLine key={line.id} line={line} showPoints={points === 'pending' || points === 'earned'} />
        ))}
      </ul>
      {arriving && (
        <p className="text-sm font-semibold text-cream" data-testid="order-arrival">
          {arrivalText(arriving)}
        </p>
      )}
      <dl className="flex flex-col gap-2 border-t border-line pt-4 text-sm">
        <AmountRow label={t('subtotal')}>
          <Price amount={order.subtotal} className="text-cream" />
        </AmountRow>
        {order.discount > 0 && (
          <AmountRow label={t('promoDiscount', { code: order.promo_code ?? '' })} className="text-[#7fd6a2]">
            −<Price amount={order.discount} />
          </AmountRow>
        )}
        {order.points_used > 0 && (
          <AmountRow
            label={t('pointsDiscount', { count: order.points_used, shown: formatNumber(order.points_used) })}
            className="text-[#7fd6a2]"
          >
            −<Price amount={order.points_discount} />
          </AmountRow>
        )}
        <AmountRow label={t('deliveryFee')} className="text-cream">
          {order.delivery_fee > 0 ? <Price amount={order.delivery_fee} /> : t('free')}
        </AmountRow>
        {order.gift?.wrap && (
          <AmountRow label={t('giftWrap')} className="text-cream">
            <Price amount={order.gift.wrap_fee} />
          </AmountRow>
        )}
        <AmountRow label={t('total')} strong>
          <Price amount={order.total} className="text-gold" />
        </AmountRow>
        {(order.refunded ?? 0) > 0 && (
          <AmountRow label={t('refunded')} className="text-cream">
            −<Price amount={order.refunded ?? 0} />
          </AmountRow>
        )}
      </dl>
      {order.gift?.message && (
        <figure className="flex flex-col gap-1 rounded-xl border border-gold/30 bg-gold/5 p-3 text-sm">
          <figcaption className="text-mist">{t('giftMessage')}</figcaption>
          <blockquote dir="auto" className="whitespace-pre-wrap text-cream">
            {order.gift.message}
          </blockquote>
        </figure>
      )}
      {order.notes && (
        <figure className="flex flex-col gap-1 rounded-xl border border-line p-3 text-sm">
          <figcaption className="text-mist">{t('notes')}</figcaption>
          <blockquote dir="auto" className="whitespace-pre-wrap text-cream">
            {order.notes}
          </blockquote>
        </figure>
      )}
      {points !== 'none' && (
        <p className="text-sm text-mist">
          {t.rich(points === 'pending' ? 'pointsEarned' : points === 'earned' ? 'pointsCredited' : 'pointsLost', {
            ...pointsCount,
            ltr: (chunks) => <bdi dir="ltr">{chunks}</bdi>,
          })}
        </p>
      )}
      {order.courier && (
        <p className="text-sm text-cream">
          {t.rich('courier', {
            courier: order.courier.name,
            tracking: order.courier.tracking_number,
            name: (chunks) => <bdi>{chunks}</bdi>,
            ltr: (chunks) => <bdi dir="ltr">{chunks}</bdi>,
          })}
        </p>
      )}
    </div>
  );
}

function OrderSummaryLine({ line, showPoints }: { line: OrderLine; showPoints: boolean }) {
  const t = useTranslations('common.orders.summary');
  const sizeText = useSizeText();
  const formatNumber = useFormatNumber();
  const priceText = usePriceText();
  const item = lineItem(line);
  return (
    <li className="flex gap-3 py-3 first:pt-0">
      {item ? (
        <img
          src={mediaSrc(item.image)}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          decoding="async"
          className="size-16 shrink-0 rounded-xl bg-smoke object-cover"
        />
      ) : (
        <span className="size-16 shrink-0 rounded-xl bg-smoke" aria-hidden="true" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
        {item ? (
          <Link href={item.href} className="line-clamp-2 leading-snug font-medium text-cream hover:text-gold">
            {item.name}
          </Link>
        ) : (
          <span className="text-mist">{t('unavailableItem')}</span>
        )}
        {line.size_ml !== null && <span className="text-cream/90 tabular">{sizeText(line.size_ml)}</span>}
        <span className="text-mist">{t('quantity', { count: formatNumber(line.quantity) })}</span>
        <span className="tabular text-mist">{t('unitPrice', { price: priceText(line.price) })}</span>
      </div>
      {showPoints && (
        <span className="shrink-0 self-start rounded-full bg-gold/15 px-2.5 py-1 text-xs font-semibold text-gold tabular">
          {t.rich('points', { count: line.points, shown: formatNumber(line.points), ltr: (chunks) => <bdi dir="ltr">{chunks}</bdi> })}
        </span>
      )}
    </li>
  );
}
