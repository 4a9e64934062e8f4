import { useLocale, useTranslations } from 'next-intl';
import { formatAmount } from '@/i18n/locales';
import { useFormatNumber } from './use-format-number';

/**
 * "1,250 LE", "12.50 LE" / "١٬٢٥٠ ج.م": the storefront's one price format (decimals only when there are piastres),
 * digits per locale, currency label from the messages ("LE" in English).
 */
export function usePriceText(): (amount: number) => string {
  const t = useTranslations('common.price');
  const locale = useLocale();
  return (amount) => t('amount', { amount: formatAmount(amount, locale) });
}

/** "From 450 LE": the lowest price of a product sold in sizes at different prices. */
export function useFromPrice(): (amount: number) => string {
  const t = useTranslations('common.price');
  const priceText = usePriceText();
  return (amount) => t('from', { price: priceText(amount) });
}

export function Price({ amount, className }: { amount: number; className?: string }) {
  const priceText = usePriceText();
  return <span className={`tabular ${className ?? ''}`}>{priceText(amount)}</span>;
}

/** What an offer saves against its parts: "Save 406 LE · −20%", the signed percentage kept left to right in Arabic. */
export function Savings({ price, originalPrice, className }: { price: number; originalPrice: number; className?: string }) {
  const t = useTranslations('common.price');
  const priceText = usePriceText();
  const formatNumber = useFormatNumber();
  const saved = (Math.round(originalPrice * 100) - Math.round(price * 100)) / 100;
  if (saved <= 0) return null;
  const percent = Math.round((saved / originalPrice) * 100);
  return (
    <span className={`tabular ${className ?? ''}`}>
      {t.rich('savings', {
        amount: priceText(saved),
        percent: formatNumber(percent),
        ltr: (chunks) => <bdi dir="ltr">{chunks}</bdi>,
      })}
    </span>
  );
}
