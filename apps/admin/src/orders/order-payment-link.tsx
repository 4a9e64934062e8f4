/**
 * A phone order's payment link (decision 0060), as staff see it on the order page: to which number and when it was
 * sent, how often, until when it pays and where it stands; those who take phone orders send it again while the order
 * waits for its payment. A link asking for a paid order's balance after an edit (decision 0062) names the amount, and
 * is sent again after it ran out too, while the balance is owed.
 */
import { staffMay, type StaffOrder } from '@attar/contract';
import { useSession } from '../api/session';
import { useOrderAction } from './api';
import { formatDate, formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import { Ltr, Money } from '../components/ui';
import { Fact, MessagePanel, MessageStepButton } from './order-message-parts';

export function PaymentLinkPanel({ order }: { order: StaffOrder }) {
  const { t, locale } = useI18n();
  const role = useSession().data?.staff.role;
  const step = useOrderAction(order.id);
  const link = order.payment_link;
  if (!link) return null;
  const payable = link.state === 'payable';
  const owing = link.balance && order.balance_due > 0;
  const mayResend = (payable || owing) && role !== undefined && staffMay(role, 'placePhoneOrders');
  return (
    <MessagePanel
      title={t('paymentLink_title')}
      step={step}
      actions={
        mayResend && (
          <MessageStepButton
            step={step}
            request={{ action: 'resend-payment-link', body: { version: order.version } }}
            done={t('paymentLink_resentToast')}
          >
            {t('paymentLink_resend')}
          </MessageStepButton>
        )
      }
    >
      <Fact label={t('paymentLink_state')}>{t(`paymentLink_state_${link.state}`)}</Fact>
      {owing && (
        <Fact label={t('paymentLink_asksFor')}>
          <Money value={order.balance_due} />
        </Fact>
      )}
      <Fact label={t('paymentLink_sentTo')}>
        <Ltr>{link.phone}</Ltr>
      </Fact>
      <Fact label={t('paymentLink_firstSent')}>{formatDate(locale, link.first_sent_at)}</Fact>
      {link.sends > 1 && <Fact label={t('paymentLink_lastSent')}>{formatDate(locale, link.last_sent_at)}</Fact>}
      <Fact label={t('paymentLink_sends')}>{formatNumber(locale, link.sends)}</Fact>
      {payable && <Fact label={t('paymentLink_expires')}>{formatDate(locale, link.expires_at)}</Fact>}
    </MessagePanel>
  );
}
