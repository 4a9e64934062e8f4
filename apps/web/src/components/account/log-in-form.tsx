'use client';
import { useLocale, useTranslations } from 'next-intl';
import { FormField, SubmitButton } from './form-field';
import { useFieldTexts } from './form-rules';
import { useAccountForm, useSubmit } from './use-account-form';
import { useSignIn } from './use-sign-in';

type LogInFormProps = {
  identifier: string;
  /** Gets what the shopper typed so far, so the reset can start with that e-mail. */
  onForgotPassword: (typed: string) => void;
};

/** Log-in with an e-mail or an Egyptian mobile number and the password. */
export function LogInForm({ identifier, onForgotPassword }: LogInFormProps) {
  const t = useTranslations('common');
  const locale = useLocale();
  const texts = useFieldTexts();
  const signIn = useSignIn();
  const form = useAccountForm(({ z, rules }) => z.object({ identifier: rules.identifier(), password: rules.currentPassword() }), {
    identifier,
    password: '',
  });
  const submit = useSubmit(
    form,
    async (values) => {
      // The account calls load with the first log-in (the page is about the form, not the calls).
      const { logIn } = await import('@/lib/api/accounts');
      const answer = await logIn({ ...values.identifier, password: values.password }, locale);
      await signIn(answer, t('account.login.welcomeBack', { name: answer.user.name }));
    },
    { email: 'identifier', phone: 'identifier' },
  );

  return (
    // POST: a form sent before the page is interactive must not put the password in the address.
    <form onSubmit={submit} method="post" noValidate className="flex flex-col gap-4">
      <FormField
        form={form}
        name="identifier"
        label={texts.label('identifier')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        ltr
      />
      <FormField form={form} name="password" type="password" label={texts.label('password')} autoComplete="current-password" />
      <button type="button" onClick={() => onForgotPassword(form.getValues().identifier)} className="self-end text-sm text-link">
        {t('account.login.forgot')}
      </button>
      <SubmitButton busy={form.submitting}>{t('account.login.submit')}</SubmitButton>
    </form>
  );
}
