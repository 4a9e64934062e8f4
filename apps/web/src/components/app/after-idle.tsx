'use client';
/**
 * What every page does only once it is up — the promotion popup (promo-popup.tsx) and the country check
 * (country-sync.tsx) — mounted once the page has loaded and the browser is idle, with their code loaded then rather
 * than in every page's first JavaScript: both waited for the page already.
 */
import { lazy, Suspense } from 'react';
import { useIdleOrReach } from '@/lib/use-idle-or-reach';

const AfterIdleParts = lazy(() => import('./after-idle-parts').then((module) => ({ default: module.AfterIdleParts })));

export function AfterIdle() {
  return useIdleOrReach().ready ? (
    <Suspense>
      <AfterIdleParts />
    </Suspense>
  ) : null;
}
