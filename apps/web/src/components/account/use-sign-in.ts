/**
 * What happens once the API hands out a token (log-in, sign-up, Google, Facebook): the token is stored and the
 * shopper signed in (spec §4) and greeted; the guest cart of this browser joins the account's cart, and what could
 * not join as it was is listed in a toast.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useCallback } from 'react';
import type { AuthResponse } from '@attar/contract';
import { formatNumber } from '@/i18n/locales';
import { mergeGuestCart, type CartMergeAdjustment } from '@/lib/api/accounts';
import { useApp } from '../app/app-provider';

export function useSignIn() {
  const { login, showToast, handleError } = useApp();
  const t = useTranslations('common');
  const locale = useLocale();

  const describe = useCallback(
    (adjustments: CartMergeAdjustment[]) =>
      [
        t('account.cartMerge.intro'),
        ...adjustments.map((each) =>
          t(`account.cartMerge.${each.reason}`, {
            name: each.name ?? t('account.cartMerge.unnamedItem'),
            added: formatNumber(each.added, locale),
            requested: formatNumber(each.requested, locale),
          }),
        ),
      ].join(' '),
    [t, locale],
  );

  return useCallback(
    async ({ token, user }: AuthResponse, greeting: string) => {
      login(token, user);
      showToast('success', greeting);
      try {
        const adjustments = await mergeGuestCart(locale);
        if (adjustments.length > 0) showToast('error', describe(adjustments));
      } catch (error) {
        handleError(error);
      }
    },
    [login, showToast, handleError, describe, locale],
  );
}
