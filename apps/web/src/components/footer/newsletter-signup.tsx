'use client';
/**
 * The footer's newsletter form, on every page and below the fold: its code loads once the page has loaded and the
 * browser is idle, or as soon as a pointer or a finger reaches the form, not with the page's first JavaScript. Until
 * then the form the server rendered stands in, disabled, so nothing typed is lost and nothing is sent without it.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { useIdleOrReach } from '@/lib/use-idle-or-reach';

const NewsletterForm = lazy(() => import('./newsletter-form').then((module) => ({ default: module.NewsletterForm })));

export function NewsletterSignup({ placeholder }: { placeholder: ReactNode }) {
  const { ready, reachProps } = useIdleOrReach();
  return (
    <div {...reachProps}>
      {ready ? (
        <Suspense fallback={placeholder}>
          <NewsletterForm />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
