import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { StaffSignIn } from '@attar/contract';
import { ApiFailure } from '../api/client';
import { useSession, useSignIn } from '../api/queries';
import { LanguageToggle } from '../components/frame';
import { Button, Field, Notice } from '../components/ui';
import { useI18n } from '../lib/i18n';

/** E-mail and password; the authenticator's code when the API says the account has it on. */
export function SignIn() {
  const { t } = useI18n();
  const session = useSession();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const [needsCode, setNeedsCode] = useState(false);
  const form = useForm({ resolver: zodResolver(StaffSignIn), defaultValues: { email: '', password: '', totp: undefined } });
  if (session.data) return <Navigate to="/orders" />;

  const submit = form.handleSubmit(async (values) => {
    try {
      const signedIn = await signIn.mutateAsync(values);
      await navigate({ to: signedIn.must_enrol_totp ? '/account/two-step' : '/orders' });
    } catch (error) {
      if (error instanceof ApiFailure && error.code === 'totp_required') {
        setNeedsCode(true);
        setTimeout(() => form.setFocus('totp'));
      }
      if (error instanceof ApiFailure && error.code === 'totp_invalid') form.setValue('totp', '');
    }
  });
  const failure = signIn.error instanceof ApiFailure && signIn.error.code !== 'totp_required' ? signIn.error.message : null;
  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center gap-6 p-6">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-xl font-semibold text-gold">{t('signInTitle')}</h1>
        <LanguageToggle />
      </div>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Field
          label={t('email')}
          type="email"
          autoComplete="username"
          ltr
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <Field
          label={t('password')}
          type="password"
          autoComplete="current-password"
          ltr
          error={form.formState.errors.password?.message}
          {...form.register('password')}
        />
        {needsCode && (
          <Field
            label={t('totpCode')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            ltr
            error={form.formState.errors.totp?.message}
            {...form.register('totp', { setValueAs: (v: string) => (v ? v : undefined) })}
          />
        )}
        {failure && <Notice tone="error">{failure}</Notice>}
        <Button variant="primary" type="submit" disabled={signIn.isPending}>
          {t('signIn')}
        </Button>
      </form>
    </main>
  );
}
