/**
 * What a phone order's payment link shows (decision 0060): its number, items and total, the way to pay chosen on the
 * phone, and "Pay" while the order waits for its payment: a plain form posting to the API, which sends the customer on
 * to the payment page (no script needed). Paid, cancelled or run out, it says so instead. A link asking for the balance
 * of an order already paid (staff raised its total, decision 0062) shows the order's total and the amount due, and
 * says when that is settled. Rendered on the server.
 */
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { PaymentLinkView } from '@attar/contract';
import { Link } from '@/i18n/navigation';
import { Price } from '../price';
import { ItemList, ItemsWithTotal } from './item-list';

const BALANCE_STATES = { payable: 'balanceIntro', paid: 'balancePaid', expired: 'balanceExpired', cancelled: 'balanceCancelled' } as const;

const ltr = (chunks: ReactNode) => <bdi dir="ltr">{chunks}</bdi>;

export function PayOrder({ link, token }: { link: PaymentLinkView; token: string }) {
  const t = useTranslations('common.orders.payment');
  const methods = useTranslations('common.checkout.methods');
  const number = link.order_number;
  return (
    <div className="flex flex-col gap-6 rounded-2xl border border-line bg-night p-6">
      <h2 className="text-xl font-semibold text-cream">{t.rich('heading', { number, ltr })}</h2>
      {link.balance ? (
        <>
          <ItemList items={link.items} heading="payment" />
          <p className="flex justify-between gap-4 text-sm text-cream">
            <span className="text-mist">{t('orderTotal')}</span>
            <Price amount={link.total} />
          </p>
          <p className="flex justify-between gap-4 text-cream">
            <span>{t('amountDue')}</span>
            <Price amount={link.amount_due} className="font-semibold" />
          </p>
        </>
      ) : (
        <ItemsWithTotal items={link.items} total={link.total} heading="payment" />
      )}
      <p className="flex justify-between gap-4 text-sm text-cream">
        <span className="text-mist">{t('method')}</span>
        <span>{methods(link.payment_method)}</span>
      </p>
      {link.state === 'payable' ? (
        <form method="post" action="/api/payment-links/pay/" className="flex flex-col gap-3">
          <input type="hidden" name="token" value={token} />
          <p className="text-sm text-mist">{t(link.balance ? BALANCE_STATES.payable : 'intro')}</p>
          <button type="submit" className="btn-gold self-start">
            {t('pay')}
          </button>
        </form>
      ) : (
        <>
          <p role="status" className="text-cream">
            {t.rich(link.balance ? BALANCE_STATES[link.state] : link.state, { number, ltr })}
          </p>
          <Link href="/fragrances" className="btn-outline self-start">
            {t('continueShopping')}
          </Link>
        </>
      )}
    </div>
  );
}
