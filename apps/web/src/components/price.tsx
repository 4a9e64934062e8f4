import { useTranslations } from 'next-intl';
import { useFormatNumber } from './use-format-number';

/** "1,250 LE" / "١٬٢٥٠ ج.م": digits per locale, currency label from the messages (spec §1: LE). */
export function usePriceText(): (amount: number) => string {
  const t = useTranslations('common.price');
  const formatNumber = useFormatNumber();
  return (amount) => t('amount', { amount: formatNumber(amount) });
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
