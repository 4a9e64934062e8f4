'use client';
/**
 * A cash order its shopper is asked to confirm (decision 0048): its number, items, total and address, and "Confirm
 * order" / "Cancel order" while the question is open. An answer already given (here, by WhatsApp or by staff) is said
 * instead of the buttons; a refused answer (used or expired meanwhile) shows the shop's words for why.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import type { ConfirmationAnswer, OrderConfirmation } from '@attar/contract';
import { Link } from '@/i18n/navigation';
import { answerOrderConfirmation } from '@/lib/api/order-confirmation';
import { errorMessage } from '@/lib/errors';
import { ItemsWithTotal } from './item-list';
import { PostalAddress } from './postal-address';

const ltr = (chunks: ReactNode) => <bdi dir="ltr">{chunks}</bdi>;

export function ConfirmOrder({ confirmation, token }: { confirmation: OrderConfirmation; token: string }) {
  const t = useTranslations('common.orders.confirmation');
  const locale = useLocale();
  const [order, setOrder] = useState(confirmation);
  const [answered, setAnswered] = useState<ConfirmationAnswer | null>(null);
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const number = order.order_number;

  async function answer(value: ConfirmationAnswer) {
    setWorking(true);
    setFailure(null);
    try {
      setOrder(await answerOrderConfirmation(token, value, locale));
      setAnswered(value);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setWorking(false);
    }
  }

  // What was decided: here and now, or before (by this link, WhatsApp or staff).
  const outcome =
    answered !== null
      ? answered === 'confirm'
        ? 'confirmed'
        : 'cancelled'
      : order.answer === null
        ? null
        : order.answer === 'confirmed'
          ? 'alreadyConfirmed'
          : 'alreadyCancelled';

  return (
    <div className="flex flex-col gap-6 rounded-2xl border border-line bg-night p-6">
      <h2 className="text-xl font-semibold text-cream">{t.rich('heading', { number, ltr })}</h2>
      {outcome === null && <p className="text-mist">{t('intro')}</p>}
      <ItemsWithTotal items={order.items} total={order.total} heading="confirmation" />
      <section className="flex flex-col gap-2 text-sm">
        <h2 className="text-base font-semibold text-cream">{t('deliverTo')}</h2>
        <PostalAddress address={order.address} className="text-cream" />
      </section>
      {outcome !== null ? (
        <>
          <p role="status" className="text-cream">
            {t.rich(outcome, { number, ltr })}
          </p>
          <Link href="/fragrances" className="btn-outline self-start">
            {t('continueShopping')}
          </Link>
        </>
      ) : (
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn-gold" disabled={working} onClick={() => void answer('confirm')}>
            {t('confirm')}
          </button>
          <button type="button" className="btn-outline" disabled={working} onClick={() => void answer('cancel')}>
            {t('cancel')}
          </button>
        </div>
      )}
      {working && (
        <p role="status" className="text-mist">
          {t('working')}
        </p>
      )}
      {failure && (
        <p role="alert" className="text-danger">
          {failure}
        </p>
      )}
    </div>
  );
}
