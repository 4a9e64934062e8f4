import { useLocale, useTranslations } from 'next-intl';
import { formatAmount } from '@/i18n/locales';

/** "1,250 LE" / "١٬٢٥٠ ج.م": digits per locale, currency label from the messages (spec §1: LE). */
export function usePriceText(): (amount: number) => string {
  const t = useTranslations('common.price');
  const locale = useLocale();
  return (amount) => t('amount', { amount: formatAmount(amount, locale) });
}

export function Price({ amount, className }: { amount: number; className?: string }) {
  const priceText = usePriceText();
  return <span className={`tabular ${className ?? ''}`}>{priceText(amount)}</span>;
}
