'use client';
/**
 * A six-digit code sent by SMS or e-mail (phone and e-mail verification, password reset): the code field, the step's
 * button, and "Send a new code".
 */
import { useState, type ReactNode } from 'react';
import type { Detail } from '@/lib/api/accounts';
import { useApp } from '../app/app-provider';
import { FormField, SubmitButton } from './form-field';
import { useFieldTexts } from './form-rules';
import { useAccountForm, useSubmit } from './use-account-form';

type CodeFormProps = {
  submitLabel: string;
  resendLabel: string;
  onCode: (code: string) => Promise<void>;
  /** Asks the server for a new code; its answer (`{detail}`) is shown. */
  resend: () => Promise<Detail>;
  children?: ReactNode;
};

export function CodeForm({ submitLabel, resendLabel, onCode, resend, children }: CodeFormProps) {
  const texts = useFieldTexts();
  const form = useAccountForm(({ z, rules }) => z.object({ code: rules.code() }), { code: '' });
  const submit = useSubmit(form, ({ code }) => onCode(code));

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {children}
      <FormField
        form={form}
        name="code"
        label={texts.label('code')}
        hint={texts.hints.code}
        autoComplete="one-time-code"
        inputMode="numeric"
        ltr
      />
      <SubmitButton busy={form.submitting}>{submitLabel}</SubmitButton>
      <ResendButton resend={resend}>{resendLabel}</ResendButton>
    </form>
  );
}

function ResendButton({ resend, children }: { resend: () => Promise<Detail>; children: ReactNode }) {
  const { showToast, handleError } = useApp();
  const [busy, setBusy] = useState(false);

  async function send() {
    setBusy(true);
    try {
      showToast('success', (await resend()).detail);
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" onClick={send} disabled={busy} className="btn-outline h-11 disabled:opacity-60">
      {children}
    </button>
  );
}
