import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { StaffPassword } from '@attar/contract';
import { ApiFailure } from '../api/client';
import { useSetPassword } from '../api/queries';
import { LanguageToggle } from '../components/frame';
import { Button, Field, Notice } from '../components/ui';
import { useI18n } from '../lib/i18n';
import { setPasswordRoute } from '../router';

/** Where a one-time link leads: the member chooses a password, then signs in. */
export function SetPassword() {
  const { t } = useI18n();
  const { token } = setPasswordRoute.useSearch();
  const setPassword = useSetPassword();
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    const checked = StaffPassword.safeParse(password);
    if (!checked.success) return setError(checked.error.issues[0]!.message);
    if (password !== data.get('repeat')) return setError(t('passwordsDiffer'));
    setError(null);
    setPassword.mutate({ token: token!, password });
  };
  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center gap-6 p-6">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-xl font-semibold text-gold">{t('setPasswordTitle')}</h1>
        <LanguageToggle />
      </div>
      {!token ? (
        <Notice tone="error">{t('linkMissing')}</Notice>
      ) : setPassword.isSuccess ? (
        <>
          <Notice tone="success">{t('passwordSet')}</Notice>
          <Link to="/sign-in" className="text-gold underline">
            {t('signIn')}
          </Link>
        </>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <Field label={t('newPassword')} name="password" type="password" autoComplete="new-password" ltr minLength={12} required />
          <Field
            label={t('repeatPassword')}
            name="repeat"
            type="password"
            autoComplete="new-password"
            ltr
            required
            error={error ?? undefined}
          />
          {setPassword.error instanceof ApiFailure && <Notice tone="error">{setPassword.error.message}</Notice>}
          <Button variant="primary" type="submit" disabled={setPassword.isPending}>
            {t('setPassword')}
          </Button>
        </form>
      )}
    </main>
  );
}
