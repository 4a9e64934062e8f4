/**
 * The account forms' rules as zod schemas with messages in the page's language. The limits are the contract's, so a
 * form refuses what the API would refuse. A required field says '{label} is required' unless it has its
 * own message. Loaded by use-account-form.ts the first time a form validates: zod stays out of the first load.
 */
import { CODE_LENGTH, PASSWORD_MAX, PASSWORD_MIN } from '@attar/contract/rules';
import type { useTranslations } from 'next-intl';
import { z } from 'zod';
import { formatNumber } from '@/i18n/locales';
import type { Validation } from '@/lib/forms/form-store';
import { readMobile, toAsciiDigits } from '@/lib/mobile-number';
import { fieldTexts, type AccountField } from './form-rules';

export { z };

/** A form's values checked against its schema: the parsed values, or each field's first message. */
export async function parseForm<Output>(schema: z.ZodType<Output>, values: unknown): Promise<Validation<Output>> {
  const result = await schema.safeParseAsync(values);
  if (result.success) return { values: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return { errors };
}

const NAME_MAX = 150;
const EMAIL_MAX = 254;

/** The log-in field takes an e-mail or an Egyptian mobile number: which one the shopper typed. */
export function readIdentifier(value: string): { email: string } | { phone: string } | null {
  const text = toAsciiDigits(value.trim());
  if (text.includes('@')) return z.email().safeParse(text).success ? { email: text.toLowerCase() } : null;
  const phone = readMobile(text);
  return phone ? { phone } : null;
}

type Translate = ReturnType<typeof useTranslations<'common'>>;

/** The rules with their messages in `locale`; `t` reads the `common` namespace. */
export function fieldRules(t: Translate, locale: string) {
  const texts = fieldTexts(t, locale);
  const { label } = texts;
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
  /** The text as `read` reads it, or `message` as the field's error when it reads nothing. */
  const readWith = <T>(text: z.ZodType<string, string>, read: (value: string) => T | null, message: string) =>
    text.transform((value, ctx) => {
      const found = read(value);
      if (found !== null) return found;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });

  return {
    ...texts,
    required,
    name: (field: AccountField = 'name') => required(field).max(NAME_MAX, tooLong(NAME_MAX)),
    email: (field: AccountField = 'email') =>
      required(field)
        .max(EMAIL_MAX, tooLong(EMAIL_MAX))
        .pipe(z.email({ error: t('account.form.invalidEmail') }))
        .transform((value) => value.toLowerCase()),
    /** An Egyptian mobile number as typed (01xxxxxxxxx, +20…), sent as E.164. */
    phone: (field: AccountField = 'phone') => readWith(required(field), readMobile, t('account.form.invalidPhone')),
    identifier: (field: AccountField = 'identifier') => readWith(required(field), readIdentifier, t('account.form.invalidIdentifier')),
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
  };
}

export type FieldRules = ReturnType<typeof fieldRules>;
