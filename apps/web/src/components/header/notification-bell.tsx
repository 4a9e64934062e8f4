'use client';
/**
 * The bell itself, loaded only once a shopper is signed in (notification-bell-slot.tsx): a link to
 * /notifications with the unread count, the app store's `notificationCount`. The header's bell keeps that count fresh
 * (`sync`: on sign-in and on each page); the bottom bar's shows the same count.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { Link } from '@/i18n/navigation';
import { usePathname } from '@/i18n/navigation-hooks';
import { unreadNotifications } from '@/lib/api/alerts';
import { useApp } from '../app/app-provider';
import { useFormatNumber } from '../use-format-number';
import { BellIcon } from './bell-icon';

export type BellProps = { className: string; label?: string; sync?: boolean };

export function NotificationBell({ className, label, sync = false }: BellProps) {
  const t = useTranslations('common.alerts');
  const locale = useLocale();
  const pathname = usePathname();
  const { notificationCount: count, setNotificationCount } = useApp();
  const shown = useFormatNumber()(count);
  const current = pathname === '/notifications';

  useEffect(() => {
    // On /notifications the list feeds the count (as it marks what it shows read).
    if (sync && !current) unreadNotifications(locale).then(setNotificationCount, () => undefined);
  }, [sync, locale, pathname, current, setNotificationCount]);

  return (
    <Link href="/notifications" aria-label={t('bell', { count, shown })} aria-current={current ? 'page' : undefined} className={className}>
      <span className="relative">
        <BellIcon filled={current} />
        {count > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="tabular absolute -end-1.5 -top-1.5 grid min-w-5 place-items-center rounded-full bg-danger px-1 text-[11px] leading-5 font-bold text-cream ring-2 ring-night"
          >
            {shown}
          </span>
        )}
      </span>
      {label && <span aria-hidden="true">{label}</span>}
    </Link>
  );
}
