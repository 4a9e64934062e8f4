/**
 * What the account forms show without zod: field labels and hints in the page's language. The validation rules
 * themselves (zod) are in form-schemas.ts, which a form loads the first time it validates, so zod is not part of any
 * page's first load; reading typed mobile numbers is lib/mobile-number.ts.
 */
import { CODE_LENGTH, PASSWORD_MIN } from '@attar/contract/rules';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type accounts from '../../../messages/accounts/en.json';
import { formatNumber } from '@/i18n/locales';

export type AccountField = keyof (typeof accounts)['account']['fields'];

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
