'use client';
/**
 * The home slider's controls around server-rendered slides (spec §9): 1 slide from 320 px, 2 from 768 px, 3 from
 * 1024 px, right-to-left in Arabic. Embla is fetched once the page has loaded and the browser is idle, or at once
 * when the shopper reaches for the slider: it is not part of the page's first load, and the slides show without it.
 */
import type { EmblaCarouselType } from 'embla-carousel';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ChevronEndIcon, ChevronStartIcon } from '../icons';
import { useFormatNumber } from '../use-format-number';

const ARROW =
  'absolute top-1/2 z-10 grid size-11 -translate-y-1/2 place-items-center rounded-full border border-gold/50 bg-ink/85 text-gold transition-colors hover:bg-ink disabled:opacity-40';

/** Runs `callback` once: when the page has loaded and the main thread is idle, or at the shopper's first gesture. */
function whenIdleOrReached(section: HTMLElement, callback: () => void): () => void {
  let done = false;
  let cancelIdle: (() => void) | undefined;
  const run = () => {
    if (done) return;
    done = true;
    cancel();
    callback();
  };
  const gestures = ['pointerenter', 'touchstart', 'focusin'] as const;
  const onLoad = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(run, { timeout: 3000 });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(run, 1000);
      cancelIdle = () => window.clearTimeout(handle);
    }
  };
  function cancel() {
    for (const gesture of gestures) section.removeEventListener(gesture, run);
    window.removeEventListener('load', onLoad);
    cancelIdle?.();
  }
  for (const gesture of gestures) section.addEventListener(gesture, run, { passive: true });
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad, { once: true });
  return cancel;
}

type HeroCarouselProps = {
  dir: 'ltr' | 'rtl';
  /** The slides: `<li>` elements rendered on the server. */
  children: ReactNode;
};

export function HeroCarousel({ dir, children }: HeroCarouselProps) {
  const t = useTranslations('common.home');
  const formatNumber = useFormatNumber();
  const section = useRef<HTMLElement>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [snaps, setSnaps] = useState<number[]>([]);
  const [selected, setSelected] = useState(0);
  const [edges, setEdges] = useState({ previous: false, next: true });

  const sync = useCallback(() => {
    if (!embla) return;
    setSnaps(embla.scrollSnapList());
    setSelected(embla.selectedScrollSnap());
    setEdges({ previous: embla.canScrollPrev(), next: embla.canScrollNext() });
  }, [embla]);

  useEffect(() => {
    let carousel: EmblaCarouselType | null = null;
    let cancelled = false;
    const cancelWait = whenIdleOrReached(section.current!, () => {
      import('embla-carousel').then(({ default: EmblaCarousel }) => {
        if (cancelled || !viewport.current) return;
        carousel = EmblaCarousel(viewport.current, { direction: dir, align: 'start', loop: false, containScroll: 'trimSnaps' });
        setEmbla(carousel);
      });
    });
    return () => {
      cancelled = true;
      cancelWait();
      carousel?.destroy();
    };
  }, [dir]);

  useEffect(() => {
    if (!embla) return;
    sync();
    embla.on('select', sync).on('reInit', sync);
    return () => {
      embla.off('select', sync).off('reInit', sync);
    };
  }, [embla, sync]);

  return (
    <section ref={section} aria-roledescription="carousel" aria-label={t('slider')} className="relative mx-auto max-w-7xl px-4 pt-4 md:px-6 md:pt-6">
      <div ref={viewport} className="overflow-hidden rounded-3xl">
        <ul className="-ms-3 flex touch-pan-y">{children}</ul>
      </div>
      {snaps.length > 1 && (
        <>
          <button type="button" onClick={() => embla?.scrollPrev()} disabled={!edges.previous} className={`${ARROW} start-6 md:start-8`}>
            <ChevronStartIcon size={20} className="rtl:-scale-x-100" />
            <span className="sr-only">{t('previousSlide')}</span>
          </button>
          <button type="button" onClick={() => embla?.scrollNext()} disabled={!edges.next} className={`${ARROW} end-6 md:end-8`}>
            <ChevronEndIcon size={20} className="rtl:-scale-x-100" />
            <span className="sr-only">{t('nextSlide')}</span>
          </button>
        </>
      )}
      {/* Always takes its height, so the dots appearing once Embla has loaded do not move the page. */}
      <div className="mt-4 flex h-6 justify-center gap-2">
        {snaps.length > 1 &&
          snaps.map((_, index) => (
            <button
              key={index}
              type="button"
              onClick={() => embla?.scrollTo(index)}
              aria-current={index === selected ? 'true' : undefined}
              aria-label={t('goToSlide', { index: formatNumber(index + 1) })}
              className="grid size-6 place-items-center"
            >
              <span className={`block h-1.5 rounded-full transition-all ${index === selected ? 'w-6 bg-gold' : 'w-1.5 bg-mist/50'}`} />
            </button>
          ))}
      </div>
    </section>
  );
}
