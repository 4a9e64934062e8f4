/** What the order page and the printed documents both show: the lines (with or without prices) and the address. */
import type { ReactNode } from 'react';
import type { StaffOrder } from '@attar/contract';
import { addressDirection, addressLines } from '@attar/contract/rules';
import { formatNumber } from '../lib/format';
import { direction, useI18n } from '../lib/i18n';
import { lineLabel } from './order-lines';
import { Ltr, Money } from '../components/ui';

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
  // Every cell keeps a gap on both sides, so a quantity never runs into the price beside it ("2275.00" for 2 × 275.00).
  const cell = 'py-1.5 px-2 first:ps-0 last:pe-0';
  const head = 'py-1 px-2 font-medium first:ps-0 last:pe-0';
  return (
    <table className="w-full text-sm">
      <thead className="opacity-80">
        <tr>
          <th scope="col" className={`${head} text-start`}>
            {t('lines')}
          </th>
          <th scope="col" className={`${head} text-end`}>
            {t('quantity')}
          </th>
          {prices && (
            <>
              <th scope="col" className={`${head} text-end`}>
                {t('unitPrice')}
              </th>
              <th scope="col" className={`${head} text-end`}>
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
                {t('pointsEarned', { count: order.points_earned })}
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
      <th scope="row" colSpan={3} className="py-1 pe-2 text-end font-normal">
        {label}
      </th>
      <td className="py-1 ps-2 text-end">
        <Money value={value} />
      </td>
    </tr>
  );
}

/**
 * The shop's one address block (`addressLines` of @attar/contract/rules), on the order page, the customer page and the
 * printouts: labelled building, floor and flat with the language's comma, the phone and numbers left to right, what the
 * shopper typed in its own direction, and the block in the direction of its own words.
 */
export function AddressLines({ address }: { address: StaffOrder['address'] }) {
  const { locale, t } = useI18n();
  const labels = {
    building: t('addressBuilding'),
    floor: t('addressFloor'),
    apartment: t('addressApartment'),
    landmark: t('addressLandmark'),
    phone: t('addressPhone'),
  };
  const lines = addressLines({ ...address, city: address.city.name, region: address.region.name }, locale, labels);
  return (
    <address dir={addressDirection(lines, locale)} className="text-start not-italic">
      {lines.map((line) => {
        const pieces = line.pieces.map((piece, index) =>
          piece.ltr ? (
            <Ltr key={index}>{piece.text}</Ltr>
          ) : piece.own ? (
            <bdi key={index}>{piece.text}</bdi>
          ) : (
            <span key={index}>{piece.text}</span>
          ),
        );
        // The shopper's name and street read in their own direction, which the block takes; a line in the reader's
        // words (building and floor, the place, the landmark, the phone) is kept in the reader's, so an Arabic slip of a
        // Latin address still reads "مبنى 7، الطابق 3" from the right, and an English one of an Arabic address from the left.
        return (
          <p key={line.part}>{line.part === 'name' || line.part === 'street' ? pieces : <bdi dir={direction(locale)}>{pieces}</bdi>}</p>
        );
      })}
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
