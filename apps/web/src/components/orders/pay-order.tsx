/**
 * What a phone order's payment link shows (decision 0060): its number, items and total, the way to pay chosen on the
 * phone, and "Pay" while the order waits for its payment: a plain form posting to the API, which sends the customer on
 * to the payment page (no script needed). Paid, cancelled or run out, it says so instead. Rendered on the server.
 */
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { PaymentLinkView } from '@attar/contract';
import { Link } from '@/i18n/navigation';
import { ItemsWithTotal } from './item-list';

const ltr = (chunks: ReactNode) => <bdi dir="ltr">{chunks}</bdi>;

export function PayOrder({ link, token }: { link: PaymentLinkView; token: string }) {
  const t = useTranslations('common.orders.payment');
  const methods = useTranslations('common.checkout.methods');
  const number = link.order_number;
  return (
    <div className="flex flex-col gap-6 rounded-2xl border border-line bg-night p-6">
      <h2 className="text-xl font-semibold text-cream">{t.rich('heading', { number, ltr })}</h2>
      <ItemsWithTotal items={link.items} total={link.total} heading="payment" />
      <p className="flex justify-between gap-4 text-sm text-cream">
        <span className="text-mist">{t('method')}</span>
        <span>{methods(link.payment_method)}</span>
      </p>
      {link.state === 'payable' ? (
        <form method="post" action="/api/payment-links/pay/" className="flex flex-col gap-3">
          <input type="hidden" name="token" value={token} />
          <p className="text-sm text-mist">{t('intro')}</p>
          <button type="submit" className="btn-gold self-start">
            {t('pay')}
          </button>
        </form>
      ) : (
        <>
          <p role="status" className="text-cream">
            {t.rich(link.state, { number, ltr })}
          </p>
          <Link href="/fragrances" className="btn-outline self-start">
            {t('continueShopping')}
          </Link>
        </>
      )}
    </div>
  );
}
