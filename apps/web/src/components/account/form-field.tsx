'use client';
/**
 * The generic form field: a label (upper-cased unless told otherwise), the input, an optional hint and the
 * field's error, linked for assistive technology (`aria-invalid`, `aria-describedby`). Required unless told
 * otherwise; the schema supplies the '{label} is required' message. Password fields can be shown while typing.
 */
import { useTranslations } from 'next-intl';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { FieldName, FormValues } from '@/lib/forms/form-store';
import type { AccountForm } from './use-account-form';
import { FIELD_INPUT, FieldFrame } from './field-frame';

/** What a field needs of its form (`values` lets TypeScript infer the form's field names from it). */
export type FieldForm<Input extends FormValues> = Pick<AccountForm<Input, unknown>, 'register' | 'errors' | 'values'>;

type FormFieldProps<Input extends FormValues> = Omit<InputHTMLAttributes<HTMLInputElement>, 'form' | 'name' | 'id' | 'defaultValue'> & {
  form: FieldForm<Input>;
  name: FieldName<Input>;
  label: string;
  upperCase?: boolean;
  required?: boolean;
  hint?: string;
  /** E-mail addresses, numbers and codes keep their Latin reading order in Arabic too (aligned with the Arabic label). */
  ltr?: boolean;
};

/** What every e-mail, mobile-number and new-password field of the account forms type and suggest. */
export const FIELD_KINDS = {
  email: { type: 'email', autoComplete: 'email', autoCapitalize: 'none', spellCheck: false, ltr: true },
  phone: { type: 'tel', autoComplete: 'tel-national', inputMode: 'tel', ltr: true },
  newPassword: { type: 'password', autoComplete: 'new-password' },
} as const;

export function FormField<Input extends FormValues>({
  form,
  name,
  label,
  upperCase = true,
  required = true,
  hint,
  ltr = false,
  type = 'text',
  className = '',
  ...input
}: FormFieldProps<Input>) {
  const t = useTranslations('common');
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const error = form.errors[name];
  const isPassword = type === 'password';

  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <FieldFrame id={id} label={label} upperCase={upperCase} hint={hint} error={error}>
        {({ describedBy, invalid }) => (
          <div className="relative">
            <input
              id={id}
              type={isPassword && revealed ? 'text' : type}
              dir={ltr ? 'ltr' : undefined}
              aria-required={required || undefined}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              className={`${FIELD_INPUT} ${ltr ? 'rtl:text-end' : ''} ${isPassword ? 'pe-12' : ''}`}
              {...input}
              {...form.register(name)}
            />
            {isPassword && (
              <button
                type="button"
                onClick={() => setRevealed((shown) => !shown)}
                aria-pressed={revealed}
                aria-controls={id}
                aria-label={t(revealed ? 'account.form.hidePassword' : 'account.form.showPassword')}
                className="absolute inset-y-0 end-0 grid w-12 place-items-center rounded-e-xl text-mist hover:text-gold"
              >
                <EyeIcon crossed={revealed} />
              </button>
            )}
          </div>
        )}
      </FieldFrame>
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={20}
      height={20}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      aria-hidden="true"
      focusable="false"
    >
      <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="m4 4 16 16" />}
    </svg>
  );
}

/** The form's main button: disabled while the form is being sent. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  const t = useTranslations('common');
  return (
    <button type="submit" disabled={busy} aria-busy={busy || undefined} className="btn-gold h-12 w-full text-base">
      {busy ? t('account.form.wait') : children}
    </button>
  );
}
