/**
 * After a sign-in, this browser's guest cart joins the account's cart (`POST /api/cart/merge/`). Loaded by
 * use-sign-in.ts once a sign-in has succeeded.
 */
import type { useTranslations } from 'next-intl';
import { formatNumber } from '@/i18n/locales';
import { mergeGuestCart } from '@/lib/api/accounts';

type Translate = ReturnType<typeof useTranslations<'common'>>;

/** Merges the guest cart; says what could not join as it was, or null when everything did. */
export async function mergeGuestCartNote(t: Translate, locale: string): Promise<string | null> {
  const adjustments = await mergeGuestCart(locale);
  if (adjustments.length === 0) return null;
  return [
    t('account.cartMerge.intro'),
    ...adjustments.map((each) =>
      t(`account.cartMerge.${each.reason}`, {
        name: each.name ?? t('account.cartMerge.unnamedItem'),
        added: formatNumber(each.added, locale),
        requested: formatNumber(each.requested, locale),
      }),
    ),
  ].join(' ');
}
