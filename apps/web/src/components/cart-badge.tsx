import { useTranslations } from 'next-intl';
import { useFormatNumber } from './use-format-number';

/** The item count on the cart shortcut; the full sentence is for screen readers. */
export function CartBadge({ count }: { count: number }) {
  const t = useTranslations('common.header');
  const formatNumber = useFormatNumber();
  return (
    <>
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="tabular absolute -end-1 -top-1 grid min-w-5 place-items-center rounded-full bg-gold px-1 text-[11px] leading-5 font-bold text-ink"
        >
          {formatNumber(count)}
        </span>
      )}
      <span className="sr-only">{t('cartCount', { count, shown: formatNumber(count) })}</span>
    </>
  );
}
