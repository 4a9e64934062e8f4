/** Where a one-time link leads: the new member chooses a password (twice), then signs in. */
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { StaffPassword } from '@attar/contract';
import { useSetPassword } from './api';
import { StandalonePage } from '../components/page-parts';
import { Button, ErrorNotice, Field, Notice } from '../components/ui';
import { useI18n } from '../lib/i18n';

const setPasswordRoute = getRouteApi('/set-password');

type Problem = { field: 'password' | 'repeat'; message: string };

export function SetPassword() {
  const { t } = useI18n();
  const { token } = setPasswordRoute.useSearch();
  const setPassword = useSetPassword();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<Problem | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!token) return;
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    if (!StaffPassword.safeParse(password).success) return setProblem({ field: 'password', message: t('errorPasswordLength') });
    if (password !== data.get('repeat')) return setProblem({ field: 'repeat', message: t('passwordsDiffer') });
    setProblem(null);
    setPassword.mutate({ token, password }, { onSuccess: () => void navigate({ to: '/sign-in', search: { done: 'password-set' } }) });
  };
  const problemFor = (field: Problem['field']) => (problem?.field === field ? problem.message : undefined);
  return (
    <StandalonePage title={t('setPasswordTitle')}>
      {!token ? (
        <Notice tone="error">{t('linkMissing')}</Notice>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <Field
            label={t('newPassword')}
            name="password"
            type="password"
            autoComplete="new-password"
            ltr
            minLength={12}
            maxLength={128}
            required
            error={problemFor('password')}
          />
          <Field
            label={t('repeatPassword')}
            name="repeat"
            type="password"
            autoComplete="new-password"
            ltr
            required
            error={problemFor('repeat')}
          />
          <ErrorNotice error={setPassword.error} />
          <Button variant="primary" type="submit" disabled={setPassword.isPending}>
            {t('setPassword')}
          </Button>
        </form>
      )}
    </StandalonePage>
  );
}
