'use client';
/**
 * "Helpful (3)" under a review: a signed-in shopper marks it (or takes the mark back), a guest is taken to log in;
 * on their own review the shopper sees "Your review" instead. Pressed or not comes from the shopper's view of the page
 * (review-votes.ts). Loaded with the reviews' other interactive parts (review-extras.tsx).
 */
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useRouter } from '@/i18n/navigation-hooks';
import { formatNumber } from '@/i18n/locales';
import { useApp } from '../app/app-provider';
import { toggleHelpful } from '@/lib/api/review-calls';
import { setReviewVote, useReviewVote } from './review-votes';

export function HelpfulButton({ reviewId, count }: { reviewId: number; count: number }) {
  const t = useTranslations('common.reviews');
  const locale = useLocale();
  const router = useRouter();
  const { userToken, handleError } = useApp();
  const vote = useReviewVote(reviewId);
  const [busy, setBusy] = useState(false);

  if (vote?.mine)
    return (
      <p data-helpful className="py-1 text-xs font-semibold text-gold">
        {t('yours')}
      </p>
    );

  async function toggle() {
    if (!userToken) return router.push('/login');
    setBusy(true);
    try {
      const answer = await toggleHelpful(reviewId, locale);
      setReviewVote(reviewId, { count: answer.helpful_count, found: answer.found_helpful });
    } catch (failure) {
      handleError(failure);
    } finally {
      setBusy(false);
    }
  }

  const pressed = Boolean(userToken && vote?.found);
  return (
    <button
      type="button"
      data-helpful
      onClick={toggle}
      disabled={busy}
      aria-pressed={userToken ? pressed : undefined}
      title={userToken ? undefined : t('helpfulLogIn')}
      className={`rounded-full border px-3 py-1 text-xs font-semibold transition-colors ${
        pressed ? 'border-gold bg-gold/15 text-gold' : 'border-line text-mist hover:border-gold/60 hover:text-cream'
      }`}
    >
      {t('helpfulButton', { count: formatNumber(vote?.count ?? count, locale) })}
    </button>
  );
}
