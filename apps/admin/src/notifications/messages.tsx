/**
 * The order messages (e-mails, WhatsApp messages and SMS to shoppers, new-order alerts to the shop): those that failed
 * at every attempt, newest first, each sent again on its own or all at once; those still being tried; and those sent,
 * a WhatsApp message with what WhatsApp last said of it and whether its SMS went instead.
 */
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { ignoreShownError } from '../api/row-action';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { LISTED_MESSAGE_STATES, type StaffMessage } from '@attar/contract';
import { MESSAGES_PAGE_SIZE, useMessages, useRetryDeadMessages, useRetryMessage } from './api';
import { DataTable } from '../components/data-table';
import { ConfirmDialog, ListHeading, PermissionGate } from '../components/list-parts';
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
  const columns = useMessageColumns();
  return (
    <div className="flex flex-col gap-4">
      <ListHeading title={t('messagesTitle')} count={messages.data?.count} countKey="messagesCount">
        {state === 'dead' && Boolean(messages.data?.count) && <RetryAll />}
      </ListHeading>
      <p className="text-sm text-mist">{t('messagesExplain')}</p>
      <StateTabs current={state} />
      <DataTable
        label={t('messagesTitle')}
        tableId="messages"
        columns={columns}
        rows={messages.data?.results}
        empty={t(EMPTY_LABELS[state])}
        error={messages.error}
        onRetry={() => void messages.refetch()}
        retrying={messages.isFetching}
        paging={{
          page: search.page ?? 1,
          pageSize: MESSAGES_PAGE_SIZE,
          count: messages.data?.count,
          onPage: (page) => void navigate({ search: (previous) => ({ ...previous, page }) }),
        }}
        rowTestId="message-row"
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

/**
 * What the message told: the order's new status, a return's step or the refund, the shop's new-order alert, or a
 * product back in stock.
 */
function MessageAbout({ message }: { message: StaffMessage }) {
  const { t, rich } = useI18n();
  if (message.status) return <StatusChip status={message.status} />;
  if (message.event === 'refunded') return t('messageAbout_refund');
  if (message.event === 'kiosk_reminder') return t('messageAbout_kioskReminder');
  if (message.event === 'confirmation_request') return t('messageAbout_confirmationRequest');
  if (message.event === 'order_edited') return t('messageAbout_orderEdited');
  if (message.event === 'payment_link') return t('messageAbout_paymentLink');
  if (message.event) return t('messageAbout_return', { step: t(RETURN_STEPS[message.event]) });
  // The product is named in the shopper's language, which may not be the screen's.
  if (message.product) return rich('messageAbout_backInStock', { name: <bdi dir="auto">{message.product.name}</bdi> });
  return t('messageAbout_alert');
}

/** What WhatsApp last said of a WhatsApp message, and when its SMS was sent instead. */
function WhatsappProgress({ message }: { message: StaffMessage }) {
  const { t, locale } = useI18n();
  return (
    <span className="block text-xs text-mist" data-testid="whatsapp-status">
      {t(`whatsappStatus_${message.whatsapp_status ?? 'none'}`)}
      {message.fell_back_at && (
        <span className="block">
          {/* A back-in-stock alert falls back to the e-mail or SMS it would have had without WhatsApp. */}
          {t(message.product ? 'whatsappFellBackAlert' : 'whatsappFellBack', { date: formatDate(locale, message.fell_back_at) })}
        </span>
      )}
    </span>
  );
}

const column = createColumnHelper<StaffMessage>();

/**
 * A message's columns: its order, the channel (with WhatsApp's word on it), recipient, what it told, attempts, the last
 * error, when it was queued (and its next attempt), and what can be done with it.
 */
function useMessageColumns() {
  const { t, locale } = useI18n();
  return useMemo(
    () => [
      column.accessor('order_number', {
        header: t('columnOrder'),
        cell: (info) => {
          const { order_id: id } = info.row.original;
          // A back-in-stock alert belongs to no order.
          if (id === null) return <span className="text-mist">{t('messageNoOrder')}</span>;
          return (
            <Link to="/orders/$id" params={{ id }} className="text-gold underline">
              <Ltr>{info.getValue()}</Ltr>
            </Link>
          );
        },
        meta: { cellClassName: 'whitespace-nowrap' },
      }),
      column.accessor('channel', {
        header: t('columnChannel'),
        cell: (info) => (
          <>
            {t(`messageChannel_${info.getValue()}`)}
            {info.getValue() === 'whatsapp' && <WhatsappProgress message={info.row.original} />}
          </>
        ),
      }),
      column.accessor('recipient', {
        header: t('columnRecipient'),
        cell: (info) => <Ltr>{info.getValue()}</Ltr>,
        meta: { cellClassName: 'break-all' },
      }),
      column.display({ id: 'about', header: t('columnMessage'), cell: (info) => <MessageAbout message={info.row.original} /> }),
      column.accessor('attempts', {
        header: t('columnAttempts'),
        cell: (info) => formatNumber(locale, info.getValue()),
        meta: { cellClassName: 'tabular-nums', optional: true },
      }),
      column.accessor('last_error', {
        header: t('columnLastError'),
        cell: (info) => {
          const error = info.getValue();
          return error ? (
            <span dir="auto" className="break-words">
              {error}
            </span>
          ) : (
            <span className="text-mist">{t('noError')}</span>
          );
        },
        meta: { cellClassName: 'max-w-xs text-sm', optional: true },
      }),
      column.accessor('created_at', {
        header: t('columnQueued'),
        cell: (info) => {
          const message = info.row.original;
          return (
            <>
              {formatDate(locale, info.getValue())}
              {message.state === 'pending' && (
                <span className="block text-xs">{t('nextAttempt', { date: formatDate(locale, message.next_attempt_at) })}</span>
              )}
            </>
          );
        },
        meta: { cellClassName: 'whitespace-nowrap text-mist', optional: true },
      }),
      column.accessor('state', {
        header: t('actions'),
        cell: (info) => {
          const state = info.getValue();
          if (state === 'dead') return <RetryOne message={info.row.original} />;
          if (state === 'pending') return <Chip colours="bg-gold/15 text-gold">{t('messageState_pending')}</Chip>;
          if (state === 'sent') return <Chip colours="bg-success/25 text-emerald-300">{t('messageState_sent')}</Chip>;
          return null;
        },
      }),
    ],
    [t, locale],
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
        aria-label={
          message.product
            ? t('retryAlertMessageOf', { name: message.product.name, recipient: message.recipient })
            : t('retryMessageOf', { number: message.order_number ?? '', recipient: message.recipient })
        }
        onClick={() => void retry.mutateAsync(message.id).then(() => toast(rich('messageRetried', { recipient })), ignoreShownError)}
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
