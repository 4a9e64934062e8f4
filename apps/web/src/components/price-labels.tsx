/**
 * What the server draws around a price on cards and an offer's page: "From 450 LE" and what an offer saves. Apart from
 * price.tsx, which client components use: Turbopack ships a module whole, and no client component draws these.
 */
import { useTranslations } from 'next-intl';
import { usePriceText } from './price';
import { useFormatNumber } from './use-format-number';

/** "From 450 LE": the lowest price of a product sold in sizes at different prices. */
export function useFromPrice(): (amount: number) => string {
  const t = useTranslations('common.price');
  const priceText = usePriceText();
  return (amount) => t('from', { price: priceText(amount) });
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
