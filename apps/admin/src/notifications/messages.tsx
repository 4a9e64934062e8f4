/**
 * The order messages (e-mails, WhatsApp messages and SMS to shoppers, new-order alerts to the shop): those that failed
 * at every attempt, newest first, each sent again on its own or all at once; those still being tried; and those sent,
 * a WhatsApp message with what WhatsApp last said of it and whether its SMS went instead.
 */
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { LISTED_MESSAGE_STATES, type StaffMessage } from '@attar/contract';
import { MESSAGES_PAGE_SIZE, useMessages, useRetryDeadMessages, useRetryMessage } from './api';
import { Cell, ConfirmDialog, ListHeading, PagedTable, PermissionGate } from '../components/list-parts';
import { useToast } from '../components/toasts';
import { Button, Chip, ErrorNotice, Ltr, StatusChip } from '../components/ui';
import { formatDate, formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import type { MessageKey } from '../messages/en';

const messagesRoute = getRouteApi('/frame/messages');

export const MessagesPage = () => (
  <PermissionGate permission="retryMessages">
    <MessageList />
  </PermissionGate>
);

function MessageList() {
  const { t } = useI18n();
  const search = messagesRoute.useSearch();
  const navigate = useNavigate({ from: '/messages' });
  const messages = useMessages(search);
  const state = search.state ?? 'dead';
  return (
    <div className="flex flex-col gap-4">
      <ListHeading title={t('messagesTitle')} count={messages.data?.count} countKey="messagesCount">
        {state === 'dead' && Boolean(messages.data?.count) && <RetryAll />}
      </ListHeading>
      <p className="text-sm text-mist">{t('messagesExplain')}</p>
      <StateTabs current={state} />
      <PagedTable
        query={messages}
        labels={[
          t('columnOrder'),
          t('columnChannel'),
          t('columnRecipient'),
          t('columnMessage'),
          t('columnAttempts'),
          t('columnLastError'),
          t('columnQueued'),
          '',
        ]}
        empty={t(EMPTY_LABELS[state])}
        pageSize={MESSAGES_PAGE_SIZE}
        page={search.page ?? 1}
        onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page }) })}
        row={(message) => <MessageRow key={message.id} message={message} />}
      />
    </div>
  );
}

const STATE_LABELS: Record<(typeof LISTED_MESSAGE_STATES)[number], MessageKey> = {
  dead: 'messageState_dead',
  pending: 'messageState_pending',
  sent: 'messageState_sent',
};
const EMPTY_LABELS: Record<(typeof LISTED_MESSAGE_STATES)[number], MessageKey> = {
  dead: 'noDeadMessages',
  pending: 'noPendingMessages',
  sent: 'noSentMessages',
};

function StateTabs({ current }: { current: (typeof LISTED_MESSAGE_STATES)[number] }) {
  const { t } = useI18n();
  return (
    <nav aria-label={t('messagesShown')} className="flex flex-wrap items-center gap-1 border-b border-line">
      {LISTED_MESSAGE_STATES.map((state) => (
        <Link
          key={state}
          to="/messages"
          search={state === 'dead' ? {} : { state }}
          aria-current={state === current ? 'page' : undefined}
          className={`inline-flex min-h-10 items-center border-b-2 px-3 text-sm ${state === current ? 'border-gold text-gold' : 'border-transparent text-mist hover:text-cream'}`}
        >
          {t(STATE_LABELS[state])}
        </Link>
      ))}
    </nav>
  );
}

const RETURN_STEPS = {
  return_requested: 'returnStatus_requested',
  return_approved: 'returnStatus_approved',
  return_rejected: 'returnStatus_rejected',
  return_received: 'returnStatus_received',
} as const satisfies Record<string, MessageKey>;

/** What the message told: the order's new status, a return's step or the refund, or the shop's new-order alert. */
function MessageAbout({ message }: { message: StaffMessage }) {
  const { t } = useI18n();
  if (message.status) return <StatusChip status={message.status} />;
  if (message.event === 'refunded') return t('messageAbout_refund');
  if (message.event === 'kiosk_reminder') return t('messageAbout_kioskReminder');
  if (message.event === 'confirmation_request') return t('messageAbout_confirmationRequest');
  if (message.event) return t('messageAbout_return', { step: t(RETURN_STEPS[message.event]) });
  return t('messageAbout_alert');
}

/** What WhatsApp last said of a WhatsApp message, and when its SMS was sent instead. */
function WhatsappProgress({ message }: { message: StaffMessage }) {
  const { t, locale } = useI18n();
  return (
    <span className="block text-xs text-mist" data-testid="whatsapp-status">
      {t(`whatsappStatus_${message.whatsapp_status ?? 'none'}`)}
      {message.fell_back_at && <span className="block">{t('whatsappFellBack', { date: formatDate(locale, message.fell_back_at) })}</span>}
    </span>
  );
}

function MessageRow({ message }: { message: StaffMessage }) {
  const { t, locale } = useI18n();
  return (
    <tr className="border-t border-line" data-testid="message-row">
      <Cell className="whitespace-nowrap">
        <Link to="/orders/$id" params={{ id: message.order_id }} className="text-gold underline">
          <Ltr>{message.order_number}</Ltr>
        </Link>
      </Cell>
      <Cell>
        {t(`messageChannel_${message.channel}`)}
        {message.channel === 'whatsapp' && <WhatsappProgress message={message} />}
      </Cell>
      <Cell className="break-all">
        <Ltr>{message.recipient}</Ltr>
      </Cell>
      <Cell>
        <MessageAbout message={message} />
      </Cell>
      <Cell className="tabular-nums">{formatNumber(locale, message.attempts)}</Cell>
      <Cell className="max-w-xs text-sm">
        {message.last_error ? (
          <span dir="auto" className="break-words">
            {message.last_error}
          </span>
        ) : (
          <span className="text-mist">{t('noError')}</span>
        )}
      </Cell>
      <Cell className="whitespace-nowrap text-mist">
        {formatDate(locale, message.created_at)}
        {message.state === 'pending' && (
          <span className="block text-xs">{t('nextAttempt', { date: formatDate(locale, message.next_attempt_at) })}</span>
        )}
      </Cell>
      <Cell>
        {message.state === 'dead' && <RetryOne message={message} />}
        {message.state === 'pending' && <Chip colours="bg-gold/15 text-gold">{t('messageState_pending')}</Chip>}
        {message.state === 'sent' && <Chip colours="bg-success/25 text-emerald-300">{t('messageState_sent')}</Chip>}
      </Cell>
    </tr>
  );
}

function RetryOne({ message }: { message: StaffMessage }) {
  const { t, rich } = useI18n();
  const toast = useToast();
  const retry = useRetryMessage();
  const recipient = <Ltr>{message.recipient}</Ltr>;
  return (
    <div className="flex flex-col items-start gap-2">
      <Button
        variant="primary"
        disabled={retry.isPending}
        aria-label={t('retryMessageOf', { number: message.order_number, recipient: message.recipient })}
        onClick={() => retry.mutate(message.id, { onSuccess: () => toast(rich('messageRetried', { recipient })) })}
      >
        {t('retryMessage')}
      </Button>
      <ErrorNotice error={retry.error} />
    </div>
  );
}

function RetryAll() {
  const { t } = useI18n();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const retry = useRetryDeadMessages();
  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)}>
        {t('retryAllMessages')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('retryAllTitle')}
        explanation={t('retryAllExplain')}
        confirm={t('retryAllMessages')}
        busy={retry.isPending}
        error={retry.error}
        onConfirm={() =>
          retry.mutate(undefined, {
            onSuccess: ({ retried }) => {
              toast(t('messagesRetried', { count: retried }));
              setOpen(false);
            },
          })
        }
      />
    </>
  );
}
