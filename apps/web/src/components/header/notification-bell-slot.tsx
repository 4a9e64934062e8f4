'use client';
/** Where the bell goes: nothing for a guest; for a signed-in shopper, the bell, whose code loads only then. */
import { lazy, Suspense } from 'react';
import { useApp } from '../app/app-provider';
import type { BellProps } from './notification-bell';

const NotificationBell = lazy(() => import('./notification-bell').then((module) => ({ default: module.NotificationBell })));

export function NotificationBellSlot(props: BellProps) {
  return useApp().userToken ? (
    <Suspense>
      <NotificationBell {...props} />
    </Suspense>
  ) : null;
}
