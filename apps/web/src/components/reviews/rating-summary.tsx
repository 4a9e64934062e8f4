import { useLocale, useTranslations } from 'next-intl';
import { REVIEW_RATING_MAX, type RatingSummary as Summary } from '@attar/contract';
import { formatNumber } from '@/i18n/locales';
import { Stars } from './stars';

type Rating = NonNullable<Summary>;

/**
 * "★★★★½ 4.5 (12)", read as "4.5 out of 5, 12 reviews": under the product's name, on cards and in the search
 * suggestions (server and client components alike; its words travel with every page).
 */
export function RatingFigures({ rating, className = '', starsClassName }: { rating: Rating; className?: string; starsClassName?: string }) {
  const t = useTranslations('common.product');
  const locale = useLocale();
  const shown = formatNumber(rating.count, locale);
  const average = formatNumber(rating.average, locale);
  return (
    <span className={`inline-flex items-center gap-1.5 ${className}`}>
      <Stars rating={rating.average} max={REVIEW_RATING_MAX} className={starsClassName} />
      <span aria-hidden="true" className="tabular">
        {average} ({shown})
      </span>
      <span className="sr-only">
        {t('ratingSummary', { average, max: formatNumber(REVIEW_RATING_MAX, locale), count: rating.count, shown })}
      </span>
    </span>
  );
}

/** The product page's summary under its name, leading to the reviews. */
export function RatingSummary({ rating }: { rating: Rating }) {
  return (
    <a href="#reviews" className="flex w-fit items-center text-sm text-mist hover:text-cream">
      <RatingFigures rating={rating} className="gap-2" />
    </a>
  );
}
