'use client';
/**
 * /profile for the signed-in shopper (profile-contents.tsx). A guest is sent to /login once the startup check has
 * settled who is visiting. The page's sections load while the shopper's profile is being read, which they wait for
 * anyway.
 */
import { useLocale, useTranslations } from 'next-intl';
import { lazy, Suspense, useCallback, useEffect } from 'react';
import { useRouter } from '@/i18n/navigation-hooks';
import { getMe } from '@/lib/api/accounts';
import { useApp } from '../app/app-provider';

const loadContents = () => import('./profile-contents');
const ProfileContents = lazy(() => loadContents().then((module) => ({ default: module.ProfileContents })));

export function ProfileScreen() {
  const t = useTranslations('common');
  const locale = useLocale();
  const router = useRouter();
  const { userToken, sessionChecked, user, setUser, handleError } = useApp();
  useEffect(() => {
    if (sessionChecked && !userToken) router.replace('/login');
  }, [sessionChecked, userToken, router]);

  const refreshUser = useCallback(() => {
    getMe(locale).then(setUser, handleError);
  }, [locale, setUser, handleError]);

  useEffect(() => {
    if (!userToken) return;
    refreshUser();
    void loadContents();
  }, [userToken, refreshUser]);

  const loading = (
    <p role="status" className="text-mist">
      {t('account.profile.loading')}
    </p>
  );
  if (!userToken || !user) return loading;
  return (
    <Suspense fallback={loading}>
      <ProfileContents user={user} refreshUser={refreshUser} />
    </Suspense>
  );
}
