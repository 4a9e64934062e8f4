'use client';
/**
 * The signed-in shopper's review of this product: stars as radio buttons and the text, new or their own to edit.
 * It reads the page as the shopper sees it (their review, whether they received the product, their helpful votes);
 * a shopper who has not received the product is told they can review what they have received — as the API's 403
 * says too, should that change meanwhile. Publishing refreshes the page's reviews from the server.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { Review, ReviewOrdering, ReviewPage } from '@attar/contract';
import { REVIEW_RATING_MAX, REVIEW_TEXT_MAX } from '@attar/contract/rules';
import { formatNumber } from '@/i18n/locales';
import { useRouter } from '@/i18n/navigation-hooks';
import { myReviewsView, saveReview } from '@/lib/api/review-calls';
import { isTokenNotValid } from '@/lib/errors';
import { FIELD_LABEL } from '../account/field-frame';
import { useApp } from '../app/app-provider';
import { setReviewVotes } from './review-votes';

const RATINGS = Array.from({ length: REVIEW_RATING_MAX }, (_, index) => index + 1);

type Problems = { rating?: string; text?: string; form?: string };

/** The API's answer to a refused review as the form shows it. */
function problemsOf(failure: unknown, failed: string): Problems | 'not_received' {
  const body = (typeof failure === 'object' && failure !== null ? failure : {}) as Record<string, unknown>;
  if (body.code === 'not_delivered') return 'not_received';
  const first = (field: string) => (Array.isArray(body[field]) ? String((body[field] as unknown[])[0]) : undefined);
  const fields = { rating: first('rating'), text: first('text') };
  return fields.rating || fields.text ? fields : { form: failed };
}

export function ReviewForm({ slug, ordering, page }: { slug: string; ordering: ReviewOrdering; page: number }) {
  const t = useTranslations('common.reviews');
  const locale = useLocale();
  const router = useRouter();
  const { handleError } = useApp();
  const id = useId();
  const [view, setView] = useState<ReviewPage | null>(null);
  const [mine, setMine] = useState<Review | null>(null);
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [notReceived, setNotReceived] = useState(false);
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'updated'>('idle');

  useEffect(() => {
    let current = true;
    myReviewsView(slug, locale, ordering, page).then(
      (answer) => {
        if (!current) return;
        setReviewVotes(answer.results);
        setView(answer);
        setMine(answer.mine);
        setRating(answer.mine?.rating ?? null);
        setText(answer.mine?.text ?? '');
        setNotReceived(!answer.can_review && answer.mine === null);
      },
      (failure: unknown) => {
        if (current && isTokenNotValid(failure)) handleError(failure);
      },
    );
    return () => {
      current = false;
    };
  }, [slug, locale, ordering, page, handleError]);

  if (view === null) return <p className="text-sm text-mist">{t('loading')}</p>;
  if (notReceived) return <p className="rounded-xl border border-line bg-night px-4 py-3 text-sm text-mist">{t('notReceived')}</p>;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing: Problems = {
      rating:
        rating === null ? t('chooseRating', { min: formatNumber(1, locale), max: formatNumber(REVIEW_RATING_MAX, locale) }) : undefined,
      text: text.trim() === '' ? t('writeText') : undefined,
    };
    if (missing.rating || missing.text) return setProblems(missing);
    setProblems({});
    setState('saving');
    try {
      const saved = await saveReview(slug, { rating: rating!, text }, locale);
      setState(mine ? 'updated' : 'saved');
      setMine(saved);
      router.refresh();
    } catch (failure) {
      setState('idle');
      if (isTokenNotValid(failure)) return handleError(failure);
      const found = problemsOf(failure, t('failed'));
      if (found === 'not_received') setNotReceived(true);
      else setProblems(found);
    }
  }

  const errorId = (field: string) => `${id}-${field}-error`;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="flex max-w-2xl flex-col gap-4 rounded-2xl border border-line bg-night p-5"
    >
      <h3 id={`${id}-title`} className="text-lg font-semibold text-cream">
        {t(mine ? 'editTitle' : 'writeTitle')}
      </h3>
      <fieldset aria-describedby={problems.rating ? errorId('rating') : undefined} className="flex flex-col gap-2">
        <legend className={FIELD_LABEL}>{t('ratingLegend')}</legend>
        <div className="flex gap-1">
          {RATINGS.map((value) => (
            <label key={value} className="relative cursor-pointer">
              <input
                type="radio"
                name="rating"
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                className="peer absolute inset-0 size-full cursor-pointer opacity-0"
              />
              <span
                aria-hidden="true"
                className={`block rounded-md px-0.5 text-3xl leading-none peer-focus-visible:outline-2 peer-focus-visible:outline-gold ${
                  rating !== null && value <= rating ? 'text-gold' : 'text-line'
                }`}
              >
                ★
              </span>
              <span className="sr-only">{t('star', { count: value, shown: formatNumber(value, locale) })}</span>
            </label>
          ))}
        </div>
        {problems.rating && (
          <p id={errorId('rating')} className="text-sm text-danger">
            {problems.rating}
          </p>
        )}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-text`} className={FIELD_LABEL}>
          {t('textLabel')}
        </label>
        <textarea
          id={`${id}-text`}
          name="text"
          rows={5}
          dir="auto"
          maxLength={REVIEW_TEXT_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={problems.text ? true : undefined}
          aria-describedby={[`${id}-hint`, problems.text && errorId('text')].filter(Boolean).join(' ')}
          className="w-full rounded-xl border border-line bg-ink px-4 py-3 text-base text-cream transition-colors focus:border-gold focus:outline-none aria-invalid:border-danger"
        />
        <p id={`${id}-hint`} className="text-xs text-mist/80">
          {t('textHint', { max: formatNumber(REVIEW_TEXT_MAX, locale) })}
        </p>
        {problems.text && (
          <p id={errorId('text')} className="text-sm text-danger">
            {problems.text}
          </p>
        )}
      </div>
      {problems.form && <p className="text-sm text-danger">{problems.form}</p>}
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" disabled={state === 'saving'} className="btn-gold px-6 py-3">
          {state === 'saving' ? t('saving') : t(mine ? 'update' : 'submit')}
        </button>
        <p role="status" className="text-sm text-cream">
          {state === 'saved' || state === 'updated' ? t(state) : ''}
        </p>
      </div>
    </form>
  );
}
