/** What the order page and the printed documents both show: the lines (with or without prices) and the address. */
import type { ReactNode } from 'react';
import type { StaffOrder } from '@attar/contract';
import { formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import { lineLabel } from '../lib/order-lines';
import { Ltr, Money } from './ui';

/** A product in a size as staff read it ("Oud Royal · 100 ml"), in the screen's language. */
export function useNameInSize() {
  const { t, locale } = useI18n();
  return (name: string, ml: number) => t('productInSize', { name, size: t('sizeMl', { ml: formatNumber(locale, ml) }) });
}

/** `lineLabel` for an order's item id, in the screen's language. */
export function useLineName(order: StaffOrder) {
  const nameInSize = useNameInSize();
  return (itemId: number) => {
    const line = order.items.find((l) => l.id === itemId);
    return line ? lineLabel(line, nameInSize) : '';
  };
}

/** A line's total in pounds, from its unit price (kept exact to the piastre). */
const lineTotal = (price: number, quantity: number) => Math.round(price * 100 * quantity) / 100;

export function OrderLines({ order, prices }: { order: StaffOrder; prices: boolean }) {
  const { t, rich, locale } = useI18n();
  const lineName = useLineName(order);
  const cell = 'py-1.5';
  return (
    <table className="w-full text-sm">
      <thead className="opacity-80">
        <tr>
          <th scope="col" className="py-1 text-start font-medium">
            {t('lines')}
          </th>
          <th scope="col" className="py-1 text-end font-medium">
            {t('quantity')}
          </th>
          {prices && (
            <>
              <th scope="col" className="py-1 text-end font-medium">
                {t('unitPrice')}
              </th>
              <th scope="col" className="py-1 text-end font-medium">
                {t('lineTotal')}
              </th>
            </>
          )}
        </tr>
      </thead>
      <tbody>
        {order.items.map((line) => (
          <tr key={line.id} className="border-t border-current/20">
            <td className={cell}>{lineName(line.id)}</td>
            <td className={`${cell} text-end tabular-nums`}>{formatNumber(locale, line.quantity)}</td>
            {prices && (
              <>
                <td className={`${cell} text-end`}>
                  <Money value={line.price} />
                </td>
                <td className={`${cell} text-end`}>
                  <Money value={lineTotal(line.price, line.quantity)} />
                </td>
              </>
            )}
          </tr>
        ))}
      </tbody>
      {prices && (
        <tfoot className="border-t border-current/40">
          <AmountRow label={t('subtotal')} value={order.subtotal} />
          {order.discount > 0 && (
            <AmountRow label={rich('discount', { code: <Ltr>{order.promo_code ?? ''}</Ltr> })} value={-order.discount} />
          )}
          {order.points_used > 0 && (
            <AmountRow label={t('pointsDiscount', { points: formatNumber(locale, order.points_used) })} value={-order.points_discount} />
          )}
          <AmountRow label={t('deliveryFee')} value={order.delivery_fee} />
          <AmountRow label={t('total')} value={order.total} strong />
          {order.refunded > 0 && <AmountRow label={t('refundedSoFar')} value={-order.refunded} />}
          {order.points_earned > 0 && (
            <tr>
              <td colSpan={4} className="pt-2 text-end opacity-80">
                {t('pointsEarned', { points: formatNumber(locale, order.points_earned) })}
              </td>
            </tr>
          )}
        </tfoot>
      )}
    </table>
  );
}

function AmountRow({ label, value, strong }: { label: ReactNode; value: number; strong?: boolean }) {
  return (
    <tr className={strong ? 'text-base font-semibold' : ''}>
      <th scope="row" colSpan={3} className="py-1 text-end font-normal">
        {label}
      </th>
      <td className="py-1 text-end">
        <Money value={value} />
      </td>
    </tr>
  );
}

/** What the shopper typed is in either language: each part keeps its own direction (<bdi>), so "3 Courier Lane" reads right in Arabic. */
export function AddressLines({ address }: { address: StaffOrder['address'] }) {
  const { locale } = useI18n();
  const comma = locale === 'ar' ? '، ' : ', ';
  return (
    <address className="not-italic">
      <p>
        <bdi>{address.name}</bdi>
      </p>
      <p>
        <Ltr>{address.phone}</Ltr>
      </p>
      <p>
        {[address.street, address.building, address.floor, address.apartment].filter(Boolean).map((part, index) => (
          <span key={index}>
            {index > 0 && comma}
            <bdi>{part}</bdi>
          </span>
        ))}
      </p>
      {address.landmark && (
        <p>
          <bdi>{address.landmark}</bdi>
        </p>
      )}
      <p>
        {address.city.name}
        {comma}
        {address.region.name}
      </p>
    </address>
  );
}

/** What a gift order asks of the packer: wrap it, and the message for the card (as the shopper wrote it). */
export function GiftInstructions({ gift }: { gift: NonNullable<StaffOrder['gift']> }) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-1">
      <p className="font-semibold">{t(gift.wrap ? 'giftWrap' : 'giftNoWrap')}</p>
      {gift.message && (
        <p>
          {t('giftMessage')}:{' '}
          <bdi dir="auto" className="whitespace-pre-wrap">
            {gift.message}
          </bdi>
        </p>
      )}
    </div>
  );
}
