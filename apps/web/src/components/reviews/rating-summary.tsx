import { useLocale, useTranslations } from 'next-intl';
import { REVIEW_RATING_MAX, type RatingSummary as Summary } from '@attar/contract';
import { formatNumber } from '@/i18n/locales';
import { Stars } from './stars';

/** "★★★★½ 4.5 (12)" under the product's name, read as "4.5 out of 5, 12 reviews", leading to the reviews. */
export function RatingSummary({ rating }: { rating: NonNullable<Summary> }) {
  const t = useTranslations('common.reviews');
  const locale = useLocale();
  const shown = formatNumber(rating.count, locale);
  const average = formatNumber(rating.average, locale);
  return (
    <a href="#reviews" className="flex w-fit items-center gap-2 text-sm text-mist hover:text-cream">
      <Stars rating={rating.average} max={REVIEW_RATING_MAX} />
      <span aria-hidden="true" className="tabular">
        {average} ({shown})
      </span>
      <span className="sr-only">{t('summary', { average, max: formatNumber(REVIEW_RATING_MAX, locale), count: rating.count, shown })}</span>
    </a>
  );
}
