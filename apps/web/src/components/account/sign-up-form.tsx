'use client';
import { useLocale, useTranslations } from 'next-intl';
import { signUp } from '@/lib/api/accounts';
import { FIELD_KINDS, FormField, SubmitButton } from './form-field';
import { signUpGreeting } from './sign-up-greeting';
import { useFieldTexts } from './form-rules';
import { useAccountForm, useSubmit } from './use-account-form';
import { useSignIn } from './use-sign-in';

/**
 * Sign-up: name, e-mail, Egyptian mobile number, password. The API then sends codes to verify phone and e-mail, and
 * says which it could not send: the greeting tells the truth about them.
 */
export function SignUpForm() {
  const t = useTranslations('common');
  const locale = useLocale();
  const texts = useFieldTexts();
  const signIn = useSignIn();
  const form = useAccountForm(
    ({ z, rules }) => z.object({ name: rules.name(), email: rules.email(), phone: rules.phone(), password: rules.newPassword() }),
    { name: '', email: '', phone: '', password: '' },
  );
  const submit = useSubmit(form, async (values) => {
    const answer = await signUp(values, locale);
    const { key, values: words } = signUpGreeting(answer);
    await signIn(answer, t(key, words));
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField form={form} name="name" label={texts.label('name')} autoComplete="name" />
      <FormField form={form} name="email" label={texts.label('email')} {...FIELD_KINDS.email} />
      <FormField form={form} name="phone" label={texts.label('phone')} hint={texts.hints.phone} {...FIELD_KINDS.phone} />
      <FormField form={form} name="password" label={texts.label('password')} hint={texts.hints.password} {...FIELD_KINDS.newPassword} />
      <SubmitButton busy={form.submitting}>{t('account.signUp.submit')}</SubmitButton>
    </form>
  );
}
