'use client';
/**
 * The footer's newsletter form, on every page and below the fold: its code loads once the page is shown, not with the
 * page's first JavaScript. Until then the form the server rendered stands in, disabled, so nothing typed is lost and
 * nothing is sent without it.
 */
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';

const NewsletterForm = lazy(() => import('./newsletter-form').then((module) => ({ default: module.NewsletterForm })));
const noUpdates = () => () => {};

export function NewsletterSignup({ placeholder }: { placeholder: ReactNode }) {
  // False on the server and while hydrating (the server's copy stays), true once the page runs.
  const shown = useSyncExternalStore(
    noUpdates,
    () => true,
    () => false,
  );
  return shown ? (
    <Suspense fallback={placeholder}>
      <NewsletterForm />
    </Suspense>
  ) : (
    placeholder
  );
}
