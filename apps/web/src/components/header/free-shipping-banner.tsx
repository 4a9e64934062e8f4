import { useTranslations } from 'next-intl';
import { usePriceText } from '../price';
import { TruckIcon } from '../icons';

/** Only when the threshold is known and the visitor is in Egypt. */
export function FreeShippingBanner({ threshold }: { threshold: number }) {
  const t = useTranslations('common.header');
  const priceText = usePriceText();
  return (
    <p className="flex items-center justify-center gap-2 bg-gold px-4 py-1.5 text-center text-xs font-semibold text-ink">
      <TruckIcon size={16} />
      <span>{t('freeShipping')}</span>
      <span aria-hidden="true">·</span>
      <span>{t('ordersAbove', { amount: priceText(threshold) })}</span>
    </p>
  );
}
