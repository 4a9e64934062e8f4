'use client';
/**
 * The order-result view, fetched only on order-result visits. A server page cannot split a client component into its
 * own chunk (Turbopack bundles all of a page's client components together), so the split happens here, in the browser.
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import type { OrderResult as OrderResultView } from './order-result';

const OrderResult = lazy(() => import('./order-result').then((module) => ({ default: module.OrderResult })));

export function LazyOrderResult(props: ComponentProps<typeof OrderResultView>) {
  return (
    <Suspense>
      <OrderResult {...props} />
    </Suspense>
  );
}
