/** How the storefront words a size, alone ("100 ml") or with its product ("Oud Royal, 100 ml"), in the page's digits. */
import { useTranslations } from 'next-intl';
import { useFormatNumber } from './use-format-number';

export function useSizeText(): (ml: number) => string {
  const t = useTranslations('common.product');
  const formatNumber = useFormatNumber();
  return (ml) => t('sizeMl', { size: formatNumber(ml) });
}

/** A product in a size, as bag lines, buttons and notices name it; an offer (no size) is its name alone. */
export function useSizedName(): (name: string, ml: number | null) => string {
  const t = useTranslations('common.bag');
  const sizeText = useSizeText();
  return (name, ml) => (ml === null ? name : t('sizedName', { name, size: sizeText(ml) }));
}
