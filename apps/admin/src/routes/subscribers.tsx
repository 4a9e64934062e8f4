/** The newsletter's subscribers: searched by e-mail, subscribed or not; the CSV of the subscribed; unsubscribing. */
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { SUBSCRIBER_STATES, type StaffSubscriber } from '@attar/contract';
import { SUBSCRIBERS_CSV_URL, SUBSCRIBERS_PAGE_SIZE, useSubscribers, useUnsubscribe } from '../api/queries';
import { Cell, ConfirmDialog, ListFilters, ListHeading, PagedTable, PermissionGate } from '../components/customer-parts';
import { useToast } from '../components/toasts';
import { Button, buttonClass, Chip, Ltr } from '../components/ui';
import { formatDate } from '../lib/format';
import { useI18n } from '../lib/i18n';
import { subscribersRoute } from '../router';

export const SubscribersPage = () => (
  <PermissionGate permission="manageSubscribers">
    <SubscriberList />
  </PermissionGate>
);

function SubscriberList() {
  const { t, locale } = useI18n();
  const search = subscribersRoute.useSearch();
  const navigate = useNavigate({ from: '/subscribers' });
  const subscribers = useSubscribers(search);
  return (
    <div className="flex flex-col gap-4">
      <ListHeading title={t('subscribersTitle')} count={subscribers.data?.count} countKey="subscribersCount">
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
        onApply={(filters) => void navigate({ search: filters })}
      />
      <PagedTable
        query={subscribers}
        labels={[t('email'), t('columnLanguage'), t('columnSignedUp'), t('columnState'), '']}
        empty={t('noSubscribers')}
        pageSize={SUBSCRIBERS_PAGE_SIZE}
        page={search.page ?? 1}
        onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page }) })}
        row={(subscriber) => (
          <tr key={subscriber.id} className="border-t border-line" data-testid="subscriber-row">
            <Cell>
              <Ltr>{subscriber.email}</Ltr>
            </Cell>
            <Cell>{t(`languageName_${subscriber.locale}`)}</Cell>
            <Cell className="whitespace-nowrap text-mist">{formatDate(locale, subscriber.created_at)}</Cell>
            <Cell>
              {subscriber.unsubscribed_at ? (
                <Chip colours="bg-mist/15 text-mist">{t('unsubscribedOn', { date: formatDate(locale, subscriber.unsubscribed_at) })}</Chip>
              ) : (
                <Chip colours="bg-success/25 text-emerald-300">{t('subscriberState_subscribed')}</Chip>
              )}
            </Cell>
            <Cell>{!subscriber.unsubscribed_at && <Unsubscribe subscriber={subscriber} />}</Cell>
          </tr>
        )}
      />
    </div>
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
