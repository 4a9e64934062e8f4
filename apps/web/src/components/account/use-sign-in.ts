/**
 * What happens once the API hands out a token (log-in, sign-up, Google, Facebook): the token is stored and the
 * shopper signed in and greeted; the guest cart of this browser joins the account's cart, and what could
 * not join as it was is listed in a toast (cart-merge.ts, loaded then).
 */
import { useLocale, useTranslations } from 'next-intl';
import { useCallback } from 'react';
import type { AuthResponse } from '@attar/contract';
import { useApp } from '../app/app-provider';

export function useSignIn() {
  const { login, showToast, handleError } = useApp();
  const t = useTranslations('common');
  const locale = useLocale();

  return useCallback(
    async ({ token, user }: AuthResponse, greeting: string) => {
      login(token, user);
      showToast('success', greeting);
      try {
        const { mergeGuestCartNote } = await import('./cart-merge');
        const note = await mergeGuestCartNote(t, locale);
        if (note) showToast('error', note);
      } catch (error) {
        handleError(error);
      }
    },
    [login, showToast, handleError, t, locale],
  );
}
