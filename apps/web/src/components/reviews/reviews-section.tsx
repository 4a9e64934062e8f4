/**
 * The product page's reviews, rendered on the server from the guests' view: the average and count,
 * newest or most helpful first, a page at a time (plain links: no JavaScript needed), each review with its stars,
 * author, date, "Verified buyer" and the shop's reply. The shopper's part (writing or editing their review, helpful
 * votes) is in small client components; the form itself loads only for a signed-in shopper.
 */
import { useLocale, useMessages, useTranslations } from 'next-intl';
import { REVIEW_RATING_MAX, type Review, type ReviewOrdering, type ReviewPage } from '@attar/contract';
import { Link } from '@/i18n/navigation';
import { formatDate } from '@/i18n/formats';
import { formatNumber } from '@/i18n/locales';
import { REVIEWS_PAGE_SIZE } from '@/lib/api/review-page-size';
import { HELPFUL_SLOT } from './helpful-slot';
import { ReviewsIsland } from './reviews-island';
import { Stars } from './stars';

/** `?reviews=helpful&reviews_page=2`: the page's reviews as the shopper chose them (defaults omitted). */
export const REVIEW_PARAMS = { ordering: 'reviews', page: 'reviews_page' } as const;

type ReviewsSectionProps = {
  slug: string;
  reviews: ReviewPage;
  ordering: ReviewOrdering;
  page: number;
};

export function ReviewsSection({ slug, reviews, ordering, page }: ReviewsSectionProps) {
  const t = useTranslations('common.reviews');
  const tProduct = useTranslations('common.product');
  const locale = useLocale();
  // The layout sends the browser no review texts: the interactive parts get them here, on product pages only.
  const texts = useMessages().common.reviews;
  const max = formatNumber(REVIEW_RATING_MAX, locale);
  const pages = Math.max(1, Math.ceil(reviews.count / REVIEWS_PAGE_SIZE));
  /** The same product page with other reviews, scrolled to them. */
  const href = (nextOrdering: ReviewOrdering, nextPage: number) => {
    const query = new URLSearchParams();
    if (nextOrdering !== 'newest') query.set(REVIEW_PARAMS.ordering, nextOrdering);
    if (nextPage > 1) query.set(REVIEW_PARAMS.page, String(nextPage));
    return `/fragrances/${slug}${query.size ? `?${query}` : ''}#reviews`;
  };

  return (
    <section id="reviews" aria-labelledby="reviews-title" className="mx-auto flex max-w-7xl scroll-mt-24 flex-col gap-6 px-4 py-8 md:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-2">
          <h2 id="reviews-title" className="text-2xl font-semibold text-cream">
            {t('title')}
          </h2>
          {reviews.average !== null && (
            <p className="flex items-center gap-3 text-cream">
              <Stars rating={reviews.average} max={REVIEW_RATING_MAX} className="text-xl" />
              <span>
                {tProduct('ratingSummary', {
                  average: formatNumber(reviews.average, locale),
                  max,
                  count: reviews.count,
                  shown: formatNumber(reviews.count, locale),
                })}
              </span>
            </p>
          )}
        </div>
        {reviews.count > 1 && (
          <nav aria-label={t('ordering')} className="flex gap-2">
            {(['newest', 'helpful'] as const).map((each) => (
              <Link
                key={each}
                href={href(each, 1)}
                aria-current={each === ordering ? 'true' : undefined}
                className={`rounded-full border px-4 py-1.5 text-sm ${
                  each === ordering ? 'border-gold bg-gold/15 text-gold' : 'border-line text-mist hover:text-cream'
                }`}
              >
                {t(each)}
              </Link>
            ))}
          </nav>
        )}
      </div>

      <ReviewsIsland slug={slug} ordering={ordering} page={page} reviewIds={reviews.results.map((review) => review.id)} texts={texts} />

      {reviews.count === 0 ? (
        <p className="text-mist">{t('none')}</p>
      ) : (
        <ol className="flex flex-col gap-4">
          {reviews.results.map((review) => (
            <ReviewItem key={review.id} review={review} max={max} />
          ))}
        </ol>
      )}

      {pages > 1 && (
        <nav aria-label={t('pages')} className="flex items-center justify-between gap-4 text-sm">
          {page > 1 ? (
            <Link href={href(ordering, page - 1)} className="text-link">
              {t('previous')}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-mist">{t('pageOf', { page: formatNumber(page, locale), pages: formatNumber(pages, locale) })}</span>
          {page < pages ? (
            <Link href={href(ordering, page + 1)} className="text-link">
              {t('next')}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}

function ReviewItem({ review, max }: { review: Review; max: string }) {
  const t = useTranslations('common.reviews');
  const locale = useLocale();
  const edited = Date.parse(review.updated_at) - Date.parse(review.created_at) > 60_000;
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-night p-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} max={REVIEW_RATING_MAX} />
        <span className="sr-only">{t('rated', { rating: formatNumber(review.rating, locale), max })}</span>
        <span className="font-semibold text-cream">{review.author}</span>
        <span className="rounded-full bg-gold/15 px-2 py-0.5 text-xs font-semibold text-gold">{t('verifiedBuyer')}</span>
        <span className="text-xs text-mist">
          <time dateTime={review.created_at}>{formatDate(review.created_at, locale)}</time>
          {edited && <> · {t('edited', { date: formatDate(review.updated_at, locale) })}</>}
        </span>
      </div>
      <p lang={review.language} dir="auto" className="leading-relaxed whitespace-pre-line text-cream/90">
        {review.text}
      </p>
      {review.reply && (
        <div className="flex flex-col gap-1 rounded-xl border-s-2 border-gold/60 bg-ink px-4 py-3">
          <p className="text-xs font-semibold text-gold">{t('shopReply')}</p>
          <p dir="auto" className="text-sm whitespace-pre-line text-cream/90">
            {review.reply.text}
          </p>
        </div>
      )}
      {/* The helpful button takes the count's place once loaded (review-extras.tsx). */}
      <div {...{ [HELPFUL_SLOT]: review.id }} data-count={review.helpful_count} className="group min-h-7">
        <p className="py-1 text-xs text-mist group-has-[[data-helpful]]:hidden">
          {t('helpfulButton', { count: formatNumber(review.helpful_count, locale) })}
        </p>
      </div>
    </li>
  );
}
