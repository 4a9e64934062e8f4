'use client';
/**
 * Where the bell goes: nothing for a guest; for a signed-in shopper, the bell, whose code loads only then, once the
 * page has loaded and the browser is idle. Until it comes its place is kept, unseen, so the links beside it do not
 * move.
 */
import { lazy, Suspense } from 'react';
import { useIdleOrReach } from '@/lib/use-idle-or-reach';
import { useApp } from '../app/app-provider';
import type { BellProps } from './notification-bell';

const NotificationBell = lazy(() => import('./notification-bell').then((module) => ({ default: module.NotificationBell })));

export function NotificationBellSlot(props: BellProps) {
  const { ready } = useIdleOrReach();
  if (!useApp().userToken) return null;
  // The bell's box: its icon's size and its label.
  const kept = (
    <span aria-hidden="true" className={`invisible ${props.className}`}>
      <span className="size-6" />
      {props.label && <span>{props.label}</span>}
    </span>
  );
  return ready ? (
    <Suspense fallback={kept}>
      <NotificationBell {...props} />
    </Suspense>
  ) : (
    kept
  );
}
