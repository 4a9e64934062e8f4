import { useLocale, useTranslations } from 'next-intl';
import { formatAmount } from '@/i18n/locales';

/**
 * "1,250 LE", "12.50 LE" / "١٬٢٥٠ ج.م": the storefront's one price format (decimals only when there are piastres),
 * digits per locale, currency label from the messages ("LE" in English). The words only the server draws around a
 * price ("From …", an offer's saving) are in price-labels.tsx.
 */
export function usePriceText(): (amount: number) => string {
  const t = useTranslations('common.price');
  const locale = useLocale();
  return (amount) => t('amount', { amount: formatAmount(amount, locale) });
}

export function Price({ amount, className }: { amount: number; className?: string }) {
  const priceText = usePriceText();
  return <span className={`tabular ${className ?? ''}`}>{priceText(amount)}</span>;
}
