/**
 * The newsletter's subscribers: searched by e-mail, subscribed or not; the CSV of the confirmed; unsubscribing; and
 * sending them a newsletter written in both languages.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { NewsletterIssue, SUBSCRIBER_STATES, type StaffSubscriber } from '@attar/contract';
import { ApiFailure } from '../api/client';
import { SUBSCRIBERS_CSV_URL, SUBSCRIBERS_PAGE_SIZE, useSendNewsletter, useSubscribers, useUnsubscribe } from './api';
import { DataTable } from '../components/data-table';
import { ConfirmDialog, DialogFormEnd, ListFilters, ListHeading, PermissionGate } from '../components/list-parts';
import { useToast } from '../components/toasts';
import { Button, buttonClass, Chip, Dialog, Field, Ltr, TextArea } from '../components/ui';
import { formatDate } from '../lib/format';
import { useI18n } from '../lib/i18n';

const subscribersRoute = getRouteApi('/frame/subscribers');

export const SubscribersPage = () => (
  <PermissionGate permission="manageSubscribers">
    <SubscriberList />
  </PermissionGate>
);

function SubscriberList() {
  const { t } = useI18n();
  const search = subscribersRoute.useSearch();
  const navigate = useNavigate({ from: '/subscribers' });
  const subscribers = useSubscribers(search);
  const columns = useSubscriberColumns();
  return (
    <div className="flex flex-col gap-4">
      <ListHeading title={t('subscribersTitle')} count={subscribers.data?.count} countKey="subscribersCount">
        <SendNewsletter />
        {/* A plain download: the session cookie goes with it, and the file is saved as the API names it. */}
        <a href={SUBSCRIBERS_CSV_URL} download className={buttonClass()}>
          {t('exportSubscribers')}
        </a>
      </ListHeading>
      <ListFilters
        search={search}
        placeholder={t('subscriberSearchPlaceholder')}
        stateLabel={t('columnState')}
        anyState={t('anySubscriberState')}
        states={SUBSCRIBER_STATES.map((state) => ({ value: state, label: t(`subscriberState_${state}`) }))}
        onApply={(update) => void navigate({ search: update })}
      />
      <DataTable
        label={t('subscribersTitle')}
        tableId="subscribers"
        columns={columns}
        rows={subscribers.data?.results}
        empty={t('noSubscribers')}
        error={subscribers.error}
        onRetry={() => void subscribers.refetch()}
        retrying={subscribers.isFetching}
        paging={{
          page: search.page ?? 1,
          pageSize: SUBSCRIBERS_PAGE_SIZE,
          count: subscribers.data?.count,
          onPage: (page) => void navigate({ search: (previous) => ({ ...previous, page }) }),
        }}
        rowTestId="subscriber-row"
      />
    </div>
  );
}

const column = createColumnHelper<StaffSubscriber>();

/** A subscriber's columns: the address, its language, when it signed up, its state, and unsubscribing it. */
function useSubscriberColumns() {
  const { t, locale } = useI18n();
  return useMemo(
    () => [
      column.accessor('email', { header: t('email'), cell: (info) => <Ltr>{info.getValue()}</Ltr> }),
      column.accessor('locale', {
        header: t('columnLanguage'),
        cell: (info) => t(`languageName_${info.getValue()}`),
        meta: { optional: true },
      }),
      column.accessor('created_at', {
        header: t('columnSignedUp'),
        cell: (info) => formatDate(locale, info.getValue()),
        meta: { cellClassName: 'whitespace-nowrap text-mist', optional: true },
      }),
      column.display({
        id: 'state',
        header: t('columnState'),
        cell: (info) => {
          const subscriber = info.row.original;
          if (subscriber.unsubscribed_at)
            return (
              <Chip colours="bg-mist/15 text-mist">{t('unsubscribedOn', { date: formatDate(locale, subscriber.unsubscribed_at) })}</Chip>
            );
          if (!subscriber.confirmed_at) return <Chip colours="bg-gold/15 text-gold">{t('subscriberState_pending')}</Chip>;
          return <Chip colours="bg-success/25 text-emerald-300">{t('subscriberState_subscribed')}</Chip>;
        },
      }),
      column.display({
        id: 'actions',
        header: t('actions'),
        cell: (info) => !info.row.original.unsubscribed_at && <Unsubscribe subscriber={info.row.original} />,
      }),
    ],
    [t, locale],
  );
}

function Unsubscribe({ subscriber }: { subscriber: StaffSubscriber }) {
  const { t, rich } = useI18n();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const unsubscribe = useUnsubscribe();
  const email = <Ltr>{subscriber.email}</Ltr>;
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t('unsubscribe')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={rich('unsubscribeTitle', { email })}
        explanation={t('unsubscribeExplain')}
        confirm={t('unsubscribe')}
        danger
        busy={unsubscribe.isPending}
        error={unsubscribe.error}
        onConfirm={() =>
          unsubscribe.mutate(subscriber.id, {
            onSuccess: () => {
              toast(rich('unsubscribedNotice', { email }));
              setOpen(false);
            },
          })
        }
      />
    </>
  );
}

const ISSUE_FIELDS = ['subject_en', 'subject_ar', 'body_en', 'body_ar'] as const;
type IssueField = (typeof ISSUE_FIELDS)[number];
const EMPTY_ISSUE: NewsletterIssue = { subject_en: '', subject_ar: '', body_en: '', body_ar: '' };

/** A newsletter in English and Arabic, queued for every confirmed subscriber; the API's refusals show under the fields. */
function SendNewsletter() {
  const { t } = useI18n();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const send = useSendNewsletter();
  const form = useForm({ resolver: zodResolver(NewsletterIssue), defaultValues: EMPTY_ISSUE });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const queued = await send.mutateAsync(values);
      toast(t('newsletterQueued', { count: queued.recipients }));
      form.reset(EMPTY_ISSUE);
      setOpen(false);
    } catch (error) {
      if (error instanceof ApiFailure)
        for (const [field, messages] of Object.entries(error.fields))
          if ((ISSUE_FIELDS as readonly string[]).includes(field))
            form.setError(field as IssueField, { type: 'server', message: messages.join(' ') });
    }
  });
  // The contract's own words are English: the client's refusals are said with the back office's.
  const message = (field: IssueField) => errors[field] && (errors[field].type === 'server' ? errors[field].message : t('errorRequired'));
  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)}>
        {t('writeNewsletter')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={t('writeNewsletter')}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-mist">{t('newsletterExplain')}</p>
          <Field
            label={t('newsletterSubjectEn')}
            dir="ltr"
            lang="en"
            maxLength={150}
            error={message('subject_en')}
            {...form.register('subject_en')}
          />
          <TextArea
            label={t('newsletterBodyEn')}
            dir="ltr"
            lang="en"
            rows={6}
            maxLength={10_000}
            error={message('body_en')}
            {...form.register('body_en')}
          />
          <Field
            label={t('newsletterSubjectAr')}
            dir="rtl"
            lang="ar"
            maxLength={150}
            error={message('subject_ar')}
            {...form.register('subject_ar')}
          />
          <TextArea
            label={t('newsletterBodyAr')}
            dir="rtl"
            lang="ar"
            rows={6}
            maxLength={10_000}
            error={message('body_ar')}
            {...form.register('body_ar')}
          />
          <DialogFormEnd error={send.error} busy={send.isPending} submit={t('sendNewsletter')} onCancel={() => setOpen(false)} />
        </form>
      </Dialog>
    </>
  );
}
