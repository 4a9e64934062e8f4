'use client';
/**
 * Opens the shop's links in-app: one listener for the whole page instead of a `Link` client component per link, so
 * links stay plain server-rendered anchors (about 2.6 kB less JavaScript on every page, decision 0005). Which clicks
 * qualify: lib/in-app-link.ts. It listens on `window`, after React's handlers on the document have run.
 */
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { inAppHref } from '@/lib/in-app-link';

export function InAppNavigation() {
  const router = useRouter();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement)) return;
      const href = inAppHref(event, link, window.location);
      if (!href) return;
      event.preventDefault();
      router.push(href);
    }
    window.addEventListener('click', onClick);
    return () => window.removeEventListener('click', onClick);
  }, [router]);
  return null;
}
