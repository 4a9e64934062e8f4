/**
 * A cash order's question to its shopper (decision 0048), as staff see it: on the order page, when it was asked and
 * sent, until when it stays open, whether it is flagged unanswered and how it was answered; those who may confirm
 * orders confirm it for the shopper after a call, or send the message again. On the board, the "unanswered" mark.
 */
import { staffMay, type StaffOrder, type StaffOrderRow } from '@attar/contract';
import { useSession } from '../api/session';
import { useOrderAction } from './api';
import { formatDate, formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import type { MessageKey } from '../messages/en';
import { Chip, Ltr } from '../components/ui';
import { Fact, MessagePanel, MessageStepButton } from './order-message-parts';

/** Each answer and who gave it (nobody answering only ever cancels: the database says so). */
const ANSWERED: Record<string, MessageKey> = {
  'confirmed:link': 'confirmation_confirmedByLink',
  'confirmed:whatsapp': 'confirmation_confirmedByWhatsapp',
  'confirmed:staff': 'confirmation_confirmedByStaff',
  'cancelled:link': 'confirmation_cancelledByLink',
  'cancelled:whatsapp': 'confirmation_cancelledByWhatsapp',
  'cancelled:account': 'confirmation_cancelledByAccount',
  'cancelled:staff': 'confirmation_cancelledByStaff',
  'cancelled:timeout': 'confirmation_cancelledUnanswered',
};

/** Flagged on the board: waiting for the shopper past the shop's "flag after" hours. */
export function UnansweredChip({ row }: { row: Pick<StaffOrderRow, 'unanswered'> }) {
  const { t } = useI18n();
  return row.unanswered ? <Chip colours="bg-danger/15 text-danger">{t('confirmation_unanswered')}</Chip> : null;
}

export function ConfirmationPanel({ order }: { order: StaffOrder }) {
  const { t, rich, locale } = useI18n();
  const role = useSession().data?.staff.role;
  const step = useOrderAction(order.id);
  const question = order.confirmation;
  if (!question) return null;
  const open = order.status === 'awaiting_shopper' && question.answer === null;
  const mayAnswer = open && role !== undefined && staffMay(role, 'fulfilOrders');
  const state = open
    ? t(question.flagged_at ? 'confirmation_unanswered' : 'confirmation_waiting')
    : t(ANSWERED[`${question.answer}:${question.answered_via}`] ?? 'confirmation_closed');
  const number = <Ltr>{order.order_number}</Ltr>;

  return (
    <MessagePanel
      title={t('confirmation_title')}
      step={step}
      actions={
        mayAnswer && (
          <>
            <MessageStepButton
              step={step}
              variant="primary"
              request={{ action: 'confirm-for-shopper', body: { version: order.version } }}
              done={rich('confirmation_confirmedToast', { number })}
            >
              {t('confirmation_confirmForShopper')}
            </MessageStepButton>
            <MessageStepButton
              step={step}
              request={{ action: 'resend-confirmation', body: { version: order.version } }}
              done={t('confirmation_resentToast')}
            >
              {t('confirmation_resend')}
            </MessageStepButton>
          </>
        )
      }
    >
      <Fact label={t('confirmation_state')}>{state}</Fact>
      <Fact label={t('confirmation_asked')}>{formatDate(locale, question.asked_at)}</Fact>
      {open && <Fact label={t('confirmation_expires')}>{formatDate(locale, question.expires_at)}</Fact>}
      <Fact label={t('confirmation_sends')}>{formatNumber(locale, question.sends)}</Fact>
      {question.answered_at && <Fact label={t('confirmation_answeredAt')}>{formatDate(locale, question.answered_at)}</Fact>}
      {question.answered_by && (
        <Fact label={t('confirmation_answeredBy')}>
          <bdi>{question.answered_by.name}</bdi>
        </Fact>
      )}
    </MessagePanel>
  );
}
