'use client';
/** Password reset in three steps: send the code to the e-mail, check the code, choose the new password. */
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { formatNumber } from '@/i18n/locales';
import { checkResetCode, resetPassword, sendResetEmail } from '@/lib/api/accounts';
import { useApp } from '../app/app-provider';
import { CodeForm } from './code-form';
import { FIELD_KINDS, FormField, SubmitButton } from './form-field';
import { useFieldTexts } from './form-rules';
import { useAccountForm, useSubmit } from './use-account-form';

const STEP_COUNT = 3;

type Step = { step: 1 } | { step: 2; email: string } | { step: 3; email: string; code: string };

type PasswordResetProps = {
  /** The e-mail typed so far, if any. */
  email: string;
  /** The password is changed: back to log-in with this e-mail. */
  onDone: (email: string) => void;
  onBack: () => void;
};

export function PasswordReset({ email, onDone, onBack }: PasswordResetProps) {
  const t = useTranslations('common');
  const locale = useLocale();
  const { showToast } = useApp();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [state, setState] = useState<Step>({ step: 1 });

  // Each step replaces the form: a screen reader starts again at the heading, which names the step.
  useEffect(() => heading.current?.focus(), [state.step]);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <p className="eyebrow">
          {t('account.reset.step', { step: formatNumber(state.step, locale), count: formatNumber(STEP_COUNT, locale) })}
        </p>
        <h2 ref={heading} id={headingId} tabIndex={-1} className="text-2xl font-semibold text-cream focus:outline-none">
          {t('account.reset.heading')}
        </h2>
      </div>
      {state.step === 1 && <EmailStep email={email} onSent={(sent) => setState({ step: 2, email: sent })} />}
      {state.step === 2 && (
        <CodeForm
          submitLabel={t('account.reset.check')}
          resendLabel={t('account.reset.resend')}
          resend={() => sendResetEmail(state.email, locale)}
          onCode={async (code) => {
            await checkResetCode(state.email, code, locale);
            setState({ step: 3, email: state.email, code });
          }}
        >
          <p className="text-mist">{t('account.reset.codeStep', { email: state.email })}</p>
        </CodeForm>
      )}
      {state.step === 3 && (
        <NewPasswordStep
          email={state.email}
          code={state.code}
          onSaved={(detail) => {
            showToast('success', detail);
            onDone(state.email);
          }}
        />
      )}
      <button type="button" onClick={onBack} className="self-center text-sm text-link">
        {t('account.reset.back')}
      </button>
    </section>
  );
}

function EmailStep({ email, onSent }: { email: string; onSent: (email: string) => void }) {
  const t = useTranslations('common');
  const locale = useLocale();
  const { showToast } = useApp();
  const texts = useFieldTexts();
  const form = useAccountForm(({ z, rules }) => z.object({ email: rules.email() }), { email });
  const submit = useSubmit(form, async (values) => {
    showToast('success', (await sendResetEmail(values.email, locale)).detail);
    onSent(values.email);
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-mist">{t('account.reset.emailStep')}</p>
      <FormField form={form} name="email" label={texts.label('email')} {...FIELD_KINDS.email} />
      <SubmitButton busy={form.submitting}>{t('account.reset.send')}</SubmitButton>
    </form>
  );
}

function NewPasswordStep({ email, code, onSaved }: { email: string; code: string; onSaved: (detail: string) => void }) {
  const t = useTranslations('common');
  const locale = useLocale();
  const texts = useFieldTexts();
  const form = useAccountForm(
    ({ z, rules }) =>
      z
        .object({ password: rules.newPassword('newPassword'), confirm: rules.currentPassword('confirmPassword') })
        .refine((values) => values.password === values.confirm, { path: ['confirm'], error: rules.passwordsDiffer }),
    { password: '', confirm: '' },
  );
  const submit = useSubmit(form, async (values) => onSaved((await resetPassword(email, code, values.password, locale)).detail));

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-mist">{t('account.reset.passwordStep', { email })}</p>
      {/* Lets a password manager file the new password under its account. */}
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <FormField form={form} name="password" label={texts.label('newPassword')} hint={texts.hints.password} {...FIELD_KINDS.newPassword} />
      <FormField form={form} name="confirm" label={texts.label('confirmPassword')} {...FIELD_KINDS.newPassword} />
      <SubmitButton busy={form.submitting}>{t('account.reset.save')}</SubmitButton>
    </form>
  );
}
