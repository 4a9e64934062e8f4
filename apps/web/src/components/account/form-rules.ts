/**
 * What the account forms show and read without zod: field labels and hints in the page's language, digits typed in
 * either script, mobile numbers. The validation rules themselves (zod) are in form-schemas.ts, which a form loads
 * the first time it validates, so zod is not part of any page's first load.
 */
import { CODE_LENGTH, egyptianMobileToE164, PASSWORD_MIN } from '@attar/contract/rules';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type accounts from '../../../messages/accounts/en.json';
import { formatNumber } from '@/i18n/locales';

export type AccountField = keyof (typeof accounts)['account']['fields'];

/** Arabic-Indic and Persian digits (what an Arabic keyboard types) as ASCII digits. */
export function toAsciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) & 0xf));
}

/** `+201001234567` → `01001234567`, the way Egyptians write their number; anything else unchanged. */
export function localMobile(e164: string | null): string {
  if (!e164) return '';
  return e164.startsWith('+20') ? `0${e164.slice(3)}` : e164;
}

/** An Egyptian mobile number as typed, in either digit script, as E.164; null when it is not one. */
export function readMobile(text: string): string | null {
  return egyptianMobileToE164(toAsciiDigits(text.trim()));
}

type Translate = ReturnType<typeof useTranslations<'common'>>;

/** Labels, hints and the shared messages of the account forms, in `locale`; `t` reads the `common` namespace. */
export function fieldTexts(t: Translate, locale: string) {
  const count = (value: number) => formatNumber(value, locale);
  return {
    label: (field: AccountField) => t(`account.fields.${field}`),
    hints: {
      phone: t('account.hints.phone'),
      password: t('account.hints.password', { min: count(PASSWORD_MIN) }),
      code: t('account.hints.code', { length: count(CODE_LENGTH) }),
    },
    passwordsDiffer: t('account.form.passwordsDiffer'),
  };
}

export type FieldTexts = ReturnType<typeof fieldTexts>;

export function useFieldTexts(): FieldTexts {
  const t = useTranslations('common');
  const locale = useLocale();
  return useMemo(() => fieldTexts(t, locale), [t, locale]);
}
