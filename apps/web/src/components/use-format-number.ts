import { useLocale } from 'next-intl';
import { formatNumber } from '@/i18n/locales';

/** Numbers in the page's digits (Arabic-Indic in Arabic), for components of either kind. */
export function useFormatNumber(): (value: number) => string {
  const locale = useLocale();
  return (value) => formatNumber(value, locale);
}
