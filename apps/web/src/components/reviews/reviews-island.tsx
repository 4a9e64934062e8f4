'use client';
/**
 * The reviews' one piece of first-load JavaScript: it only loads their interactive parts (review-extras.tsx) once the
 * page is shown, which keeps the product page's first JavaScript within its budget.
 */
import { lazy, Suspense, type ComponentProps } from 'react';

const ReviewExtras = lazy(() => import('./review-extras').then((module) => ({ default: module.ReviewExtras })));

export function ReviewsIsland(props: ComponentProps<typeof ReviewExtras>) {
  return (
    <Suspense>
      <ReviewExtras {...props} />
    </Suspense>
  );
}
