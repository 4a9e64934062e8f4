'use client';
/**
 * The reviews' one piece of first-load JavaScript: it loads their interactive parts (review-extras.tsx) once the page
 * has loaded and the browser is idle, which keeps the product page's first JavaScript within its budget and their
 * code out of its blocking time. The server renders nothing in their place (it does not know the shopper), so
 * nothing moves when they come.
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import { useIdleOrReach } from '@/lib/use-idle-or-reach';

const ReviewExtras = lazy(() => import('./review-extras').then((module) => ({ default: module.ReviewExtras })));

export function ReviewsIsland(props: ComponentProps<typeof ReviewExtras>) {
  return useIdleOrReach().ready ? (
    <Suspense>
      <ReviewExtras {...props} />
    </Suspense>
  ) : null;
}
