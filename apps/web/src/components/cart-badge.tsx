import { useTranslations } from 'next-intl';
import { useFormatNumber } from './use-format-number';

/**
 * The item count on the cart shortcut, at the icon's corner rather than over it; the full sentence is for screen
 * readers. A ring in the bar's colour keeps it apart from the icon, and on the gold (filled) icon of the current page
 * it is cream instead of gold.
 */
export function CartBadge({ count, onGold = false }: { count: number; onGold?: boolean }) {
  const t = useTranslations('common.header');
  const formatNumber = useFormatNumber();
  return (
    <>
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className={`tabular absolute -end-3 -top-2.5 grid min-w-4 place-items-center rounded-full px-1 text-[10px] leading-4 font-bold text-ink ring-2 ring-night ${onGold ? 'bg-cream' : 'bg-gold'}`}
        >
          {formatNumber(count)}
        </span>
      )}
      <span className="sr-only">{t('cartCount', { count, shown: formatNumber(count) })}</span>
    </>
  );
}
