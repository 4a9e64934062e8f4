/** E-mail and password; then the authenticator's 6-digit code when the API says the account has two-step sign-in on. */
import { zodResolver } from '@hookform/resolvers/zod';
import { getRouteApi, Navigate, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { StaffSignIn } from '@attar/contract';
import { ApiFailure } from '../api/client';
import { sessionHasExpired, useSession, useSignIn } from '../api/session';
import { StandalonePage } from '../components/page-parts';
import { Button, CodeField, ErrorNotice, Field, Notice } from '../components/ui';
import { useI18n } from '../lib/i18n';

const signInRoute = getRouteApi('/sign-in');

/** The API's answer that asks for the code rather than refusing. */
const isCodeRequired = (error: unknown) => error instanceof ApiFailure && error.code === 'totp_required';

export function SignIn() {
  const { t } = useI18n();
  const { done } = signInRoute.useSearch();
  const session = useSession();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const [needsCode, setNeedsCode] = useState(false);
  const form = useForm({ resolver: zodResolver(StaffSignIn), defaultValues: { email: '', password: '', totp: undefined } });
  const { errors } = form.formState;
  if (session.data) return <Navigate to={session.data.must_enrol_totp ? '/account/two-step' : '/orders'} replace />;

  const submit = form.handleSubmit(async (values) => {
    try {
      const signedIn = await signIn.mutateAsync(values);
      await navigate({ to: signedIn.must_enrol_totp ? '/account/two-step' : '/orders', replace: true });
    } catch (error) {
      if (isCodeRequired(error)) {
        setNeedsCode(true);
        // The field appears with this render: focus it once it is there.
        setTimeout(() => form.setFocus('totp'));
      } else if (error instanceof ApiFailure && error.code === 'totp_invalid') form.setValue('totp', undefined);
    }
  });
  return (
    <StandalonePage title={t('signInTitle')}>
      {done === 'password-set' && <Notice tone="success">{t('passwordSet')}</Notice>}
      {sessionHasExpired() && !signIn.isSuccess && <Notice>{t('sessionEnded')}</Notice>}
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Field
          label={t('email')}
          type="email"
          autoComplete="username"
          ltr
          required
          error={errors.email && t('errorEmail')}
          {...form.register('email')}
        />
        <Field
          label={t('password')}
          type="password"
          autoComplete="current-password"
          ltr
          required
          error={errors.password && t('errorRequired')}
          {...form.register('password')}
        />
        {needsCode && (
          <CodeField
            error={errors.totp && t('errorTotp')}
            {...form.register('totp', { setValueAs: (value: string | undefined) => value?.trim() || undefined })}
          />
        )}
        {!isCodeRequired(signIn.error) && <ErrorNotice error={signIn.error} />}
        <Button variant="primary" type="submit" disabled={signIn.isPending}>
          {t('signIn')}
        </Button>
      </form>
    </StandalonePage>
  );
}
