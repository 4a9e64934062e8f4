'use client';
/**
 * The home slider's frame around server-rendered slides. The carousel itself (Embla with its arrows and
 * dots, hero-controls.tsx) is fetched once the page has loaded and the browser is idle, or at once when the shopper
 * reaches for the slider: it is not part of the page's first load, and the slides show without it.
 */
import { lazy, Suspense, useRef, type ReactNode } from 'react';
import { useIdleOrReach } from '@/lib/use-idle-or-reach';

const HeroControls = lazy(() => import('./hero-controls').then((module) => ({ default: module.HeroControls })));

type HeroCarouselProps = {
  dir: 'ltr' | 'rtl';
  /** The carousel's name for assistive technology. */
  label: string;
  /** The slides: `<li>` elements rendered on the server. */
  children: ReactNode;
};

export function HeroCarousel({ dir, label, children }: HeroCarouselProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const { ready, reachProps } = useIdleOrReach();
  // The dots' row keeps its height until the controls arrive, so they do not move the page.
  const dotsRow = <div className="mt-4 h-6" />;

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      {...reachProps}
      className="relative mx-auto max-w-7xl px-4 pt-4 md:px-6 md:pt-6"
    >
      <div ref={viewport} className="overflow-hidden rounded-3xl">
        <ul className="-ms-3 flex touch-pan-y">{children}</ul>
      </div>
      {ready ? (
        <Suspense fallback={dotsRow}>
          <HeroControls viewport={viewport} dir={dir} />
        </Suspense>
      ) : (
        dotsRow
      )}
    </section>
  );
}
