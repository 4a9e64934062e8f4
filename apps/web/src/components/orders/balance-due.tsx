/**
 * What an order owes after staff raised its paid total (decision 0062), and the way to pay it: the payment link its
 * shopper was sent. Nothing while nothing is owed.
 */
import { useTranslations } from 'next-intl';
import type { Order } from '@attar/contract';
import { usePriceText } from '../price';

export function BalanceDue({ order }: { order: Pick<Order, 'balance_due' | 'balance_payment_url'> }) {
  const t = useTranslations('common.orders.balance');
  const priceText = usePriceText();
  if (!order.balance_due) return null;
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-gold/60 bg-gold/10 p-4">
      <p className="font-semibold text-cream">{t('due', { amount: priceText(order.balance_due) })}</p>
      <p className="text-sm text-mist">{t('note')}</p>
      {order.balance_payment_url && (
        <a href={order.balance_payment_url} className="btn-gold self-start">
          {t('pay')}
        </a>
      )}
    </div>
  );
}
