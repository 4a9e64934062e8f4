'use client';
/**
 * /notifications: the signed-in shopper's list (notification-list.tsx, whose code loads while the list is read, which
 * the page waits for anyway); a guest is asked to log in.
 */
import { useTranslations } from 'next-intl';
import { lazy, Suspense, useEffect } from 'react';
import { useApp } from '../app/app-provider';
import { ShopNotice } from '../cart/shop-notice';

const loadList = () => import('./notification-list');
const NotificationList = lazy(() => loadList().then((module) => ({ default: module.NotificationList })));

export function NotificationsView() {
  const t = useTranslations('common');
  const { userToken, sessionChecked } = useApp();

  useEffect(() => {
    if (userToken) void loadList();
  }, [userToken]);

  // The session is known once the startup token check is over (never on the server): until then, loading.
  if (sessionChecked && !userToken) return <ShopNotice text={t('alerts.logInFirst')} href="/login" action={t('header.login')} />;
  const loading = <p className="py-10 text-center text-mist">{t('alerts.loading')}</p>;
  if (!userToken) return loading;
  return (
    <Suspense fallback={loading}>
      <NotificationList loading={loading} />
    </Suspense>
  );
}
