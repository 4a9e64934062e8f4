/**
 * The account forms' rules as zod schemas with messages in the page's language. The limits are the contract's, so a
 * form refuses what the API would refuse. Spec §5: a required field says '{label} is required' unless it has its
 * own message.
 */
import { CODE_LENGTH, egyptianMobileToE164, PASSWORD_MAX, PASSWORD_MIN } from '@attar/contract';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { z } from 'zod';
import type accounts from '../../../messages/accounts/en.json';
import { formatNumber } from '@/i18n/locales';

export type AccountField = keyof (typeof accounts)['account']['fields'];

const NAME_MAX = 150;
const EMAIL_MAX = 254;

/** Arabic-Indic and Persian digits (what an Arabic keyboard types) as ASCII digits. */
export function toAsciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) & 0xf));
}

/** `+201001234567` → `01001234567`, the way Egyptians write their number; anything else unchanged. */
export function localMobile(e164: string | null): string {
  if (!e164) return '';
  return e164.startsWith('+20') ? `0${e164.slice(3)}` : e164;
}

/** The log-in field takes an e-mail or an Egyptian mobile number: which one the shopper typed. */
export function readIdentifier(value: string): { email: string } | { phone: string } | null {
  const text = toAsciiDigits(value.trim());
  if (text.includes('@')) return z.email().safeParse(text).success ? { email: text.toLowerCase() } : null;
  const phone = egyptianMobileToE164(text);
  return phone ? { phone } : null;
}

type Translate = ReturnType<typeof useTranslations<'common'>>;

/** The rules with their messages in `locale`; `t` reads the `common` namespace. */
export function fieldRules(t: Translate, locale: string) {
  const label = (field: AccountField) => t(`account.fields.${field}`);
  const count = (value: number) => formatNumber(value, locale);
  const tooLong = (max: number) => ({ error: t('account.form.tooLong', { max: count(max) }) });
  const requiredMessage = (field: AccountField, message?: string) => ({
    error: message ?? t('account.form.required', { label: label(field) }),
    abort: true,
  });
  /** Trimmed text that must not be empty. */
  const required = (field: AccountField, message?: string) => z.string().trim().min(1, requiredMessage(field, message));
  /** Typed digits in either script, checked after conversion. */
  const digits = (field: AccountField) => required(field).transform(toAsciiDigits);

  return {
    label,
    required,
    name: (field: AccountField = 'name') => required(field).max(NAME_MAX, tooLong(NAME_MAX)),
    email: (field: AccountField = 'email') =>
      required(field)
        .max(EMAIL_MAX, tooLong(EMAIL_MAX))
        .pipe(z.email({ error: t('account.form.invalidEmail') }))
        .transform((value) => value.toLowerCase()),
    /** An Egyptian mobile number as typed (01xxxxxxxxx, +20…), sent as E.164. */
    phone: (field: AccountField = 'phone') =>
      digits(field).transform((value, ctx) => {
        const e164 = egyptianMobileToE164(value);
        if (e164) return e164;
        ctx.addIssue({ code: 'custom', message: t('account.form.invalidPhone') });
        return z.NEVER;
      }),
    identifier: (field: AccountField = 'identifier') =>
      required(field).transform((value, ctx) => {
        const identity = readIdentifier(value);
        if (identity) return identity;
        ctx.addIssue({ code: 'custom', message: t('account.form.invalidIdentifier') });
        return z.NEVER;
      }),
    /** The password of an existing account, as typed (passwords are never trimmed). */
    currentPassword: (field: AccountField = 'password') =>
      z.string().min(1, requiredMessage(field)).max(PASSWORD_MAX, tooLong(PASSWORD_MAX)),
    /** A new password: the API's length rules. */
    newPassword: (field: AccountField = 'password') =>
      z
        .string()
        .min(1, requiredMessage(field))
        .min(PASSWORD_MIN, { error: t('account.form.tooShort', { min: count(PASSWORD_MIN) }) })
        .max(PASSWORD_MAX, tooLong(PASSWORD_MAX)),
    code: (field: AccountField = 'code') =>
      digits(field).pipe(
        z.string().regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), { error: t('account.form.invalidCode', { length: count(CODE_LENGTH) }) }),
      ),
    hints: {
      phone: t('account.hints.phone'),
      password: t('account.hints.password', { min: count(PASSWORD_MIN) }),
      code: t('account.hints.code', { length: count(CODE_LENGTH) }),
    },
    passwordsDiffer: t('account.form.passwordsDiffer'),
  };
}

export type FieldRules = ReturnType<typeof fieldRules>;

export function useFieldRules(): FieldRules {
  const t = useTranslations('common');
  const locale = useLocale();
  return useMemo(() => fieldRules(t, locale), [t, locale]);
}
