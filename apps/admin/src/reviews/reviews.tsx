/**
 * Shoppers' reviews: searched by words, shown or hidden and rating, newest first; each hidden from
 * the product page (and its average) or shown again, and answered in the shop's name.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { StaffReviewReply, type StaffReviewRow } from '@attar/contract';
import { ApiFailure } from '../api/client';
import { REVIEWS_PAGE_SIZE, useModerateReview, useReviews } from './api';
import { DataTable } from '../components/data-table';
import { ListFilters, ListHeading, PermissionGate } from '../components/list-parts';
import { useToast } from '../components/toasts';
import { Button, ChoiceSelect, Chip, Dialog, DialogButtons, ErrorNotice, Ltr, TextArea } from '../components/ui';
import { formatDate, formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import { REVIEW_STATES, type ReviewsSearch } from './reviews-search';

const reviewsRoute = getRouteApi('/frame/reviews');

const RATINGS = [5, 4, 3, 2, 1];

export const ReviewsPage = () => (
  <PermissionGate permission="moderateReviews">
    <ReviewList />
  </PermissionGate>
);

function ReviewList() {
  const { t } = useI18n();
  const search = reviewsRoute.useSearch();
  const navigate = useNavigate({ from: '/reviews' });
  const reviews = useReviews(search);
  const columns = useReviewColumns();
  return (
    <div className="flex flex-col gap-4">
      <ListHeading title={t('reviewsTitle')} count={reviews.data?.count} countKey="reviewsCount" />
      <ReviewFilters search={search} onApply={(update) => void navigate({ search: update })} />
      <DataTable
        label={t('reviewsTitle')}
        tableId="reviews"
        columns={columns}
        rows={reviews.data?.results}
        empty={t('noReviews')}
        error={reviews.error}
        onRetry={() => void reviews.refetch()}
        retrying={reviews.isFetching}
        paging={{
          page: search.page ?? 1,
          pageSize: REVIEWS_PAGE_SIZE,
          count: reviews.data?.count,
          onPage: (page) => void navigate({ search: (previous) => ({ ...previous, page }) }),
        }}
        rowTestId="review-row"
      />
    </div>
  );
}

const column = createColumnHelper<StaffReviewRow>();

/** A review's columns: product, stars, the text with its helpful votes and the shop's reply, author, date, state, actions. */
function useReviewColumns() {
  const { t, locale } = useI18n();
  return useMemo(
    () => [
      column.accessor('product.name', { header: t('columnProduct') }),
      column.accessor('rating', {
        header: t('columnRating'),
        cell: (info) => (
          <>
            <span aria-hidden="true" className="text-gold">
              {'★'.repeat(info.getValue())}
            </span>
            <span className="sr-only">{t('ratingStars', { rating: formatNumber(locale, info.getValue()) })}</span>
          </>
        ),
        meta: { cellClassName: 'whitespace-nowrap' },
      }),
      column.accessor('text', {
        header: t('columnReview'),
        cell: (info) => {
          const review = info.row.original;
          return (
            <>
              <p lang={review.language} dir="auto" className="whitespace-pre-line">
                {review.text}
              </p>
              {review.helpful_count > 0 && <p className="mt-1 text-xs text-mist">{t('helpfulVotes', { count: review.helpful_count })}</p>}
              {review.reply && (
                <p dir="auto" className="mt-2 border-s-2 border-gold/60 ps-2 text-sm text-mist">
                  {review.reply}
                </p>
              )}
            </>
          );
        },
        meta: { cellClassName: 'max-w-md' },
      }),
      column.accessor('author.name', {
        header: t('columnAuthor'),
        cell: (info) => {
          const { email } = info.row.original.author;
          return (
            <>
              {info.getValue()}
              {email && (
                <span className="block text-xs text-mist">
                  <Ltr>{email}</Ltr>
                </span>
              )}
            </>
          );
        },
        meta: { optional: true },
      }),
      column.accessor('created_at', {
        header: t('columnDate'),
        cell: (info) => formatDate(locale, info.getValue()),
        meta: { cellClassName: 'whitespace-nowrap text-mist', optional: true },
      }),
      column.accessor('hidden_at', {
        header: t('columnState'),
        cell: (info) =>
          info.getValue() ? (
            <Chip colours="bg-mist/15 text-mist">{t('reviewState_hidden')}</Chip>
          ) : (
            <Chip colours="bg-success/25 text-emerald-300">{t('reviewState_visible')}</Chip>
          ),
      }),
      column.display({ id: 'actions', header: t('actions'), cell: (info) => <ReviewActions review={info.row.original} /> }),
    ],
    [t, locale],
  );
}

/** Words, shown or hidden, a rating, each applied as it changes; Clear. A product chosen by a link stays chosen until cleared. */
function ReviewFilters({ search, onApply }: { search: ReviewsSearch; onApply(update: (previous: ReviewsSearch) => ReviewsSearch): void }) {
  const { t, locale } = useI18n();
  return (
    <ListFilters
      search={search}
      placeholder={t('reviewSearchPlaceholder')}
      stateLabel={t('columnState')}
      anyState={t('anyReviewState')}
      states={REVIEW_STATES.map((state) => ({ value: state, label: t(`reviewState_${state}`) }))}
      onApply={onApply}
    >
      {(change) => (
        <ChoiceSelect
          label={t('columnRating')}
          name="rating"
          value={search.rating ?? ''}
          onChange={(event) => change({ rating: Number(event.target.value) || undefined })}
          first={t('anyRating')}
          choices={RATINGS.map((rating) => ({ value: rating, label: t('ratingStars', { rating: formatNumber(locale, rating) }) }))}
        />
      )}
    </ListFilters>
  );
}

function ReviewActions({ review }: { review: StaffReviewRow }) {
  const { t } = useI18n();
  const toast = useToast();
  const moderate = useModerateReview();
  const hidden = review.hidden_at !== null;
  return (
    <div className="flex flex-col items-start gap-2">
      <Button
        variant={hidden ? 'quiet' : 'danger'}
        disabled={moderate.isPending}
        onClick={() =>
          moderate.mutate(
            { id: review.id, action: hidden ? 'unhide' : 'hide' },
            { onSuccess: () => toast(t(hidden ? 'reviewShown' : 'reviewHidden')) },
          )
        }
      >
        {t(hidden ? 'unhideReview' : 'hideReview')}
      </Button>
      <ReplyDialog review={review} />
      <ErrorNotice error={moderate.error} />
    </div>
  );
}

/** The shop's reply: written or edited (checked with the contract's schema), or removed. */
function ReplyDialog({ review }: { review: StaffReviewRow }) {
  const { t } = useI18n();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const moderate = useModerateReview();
  const form = useForm({ resolver: zodResolver(StaffReviewReply), defaultValues: { reply: review.reply ?? '' } });
  const { errors } = form.formState;
  const save = (reply: string | null) =>
    moderate.mutateAsync({ id: review.id, action: 'reply', reply }).then(
      () => {
        toast(t(reply === null ? 'replyRemoved' : 'replySaved'));
        setOpen(false);
      },
      (error: unknown) => {
        if (error instanceof ApiFailure && error.fields.reply)
          form.setError('reply', { type: 'server', message: error.fields.reply.join(' ') });
      },
    );
  const submit = form.handleSubmit((values) => save(values.reply));
  // The contract's own words are English: the client's refusal is said with the back office's.
  const message = errors.reply && (errors.reply.type === 'server' ? errors.reply.message : t('errorRequired'));
  return (
    <>
      <Button
        onClick={() => {
          form.reset({ reply: review.reply ?? '' });
          moderate.reset();
          setOpen(true);
        }}
      >
        {t(review.reply ? 'editReply' : 'replyToReview')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={t('replyTitle')}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-mist">{t('replyExplain')}</p>
          <blockquote lang={review.language} dir="auto" className="border-s-2 border-line ps-3 text-sm whitespace-pre-line">
            {review.text}
          </blockquote>
          <TextArea label={t('replyLabel')} dir="auto" rows={5} maxLength={2000} error={message} {...form.register('reply')} />
          {moderate.error instanceof ApiFailure && moderate.error.fields.reply ? null : <ErrorNotice error={moderate.error} />}
          <DialogButtons onBack={() => setOpen(false)}>
            {review.reply && (
              <Button variant="danger" disabled={moderate.isPending} onClick={() => void save(null)}>
                {t('removeReply')}
              </Button>
            )}
            <Button variant="primary" type="submit" disabled={moderate.isPending}>
              {t('saveReply')}
            </Button>
          </DialogButtons>
        </form>
      </Dialog>
    </>
  );
}
