'use client';
/**
 * The home slider's carousel, loaded by hero-carousel.tsx: Embla over the server-rendered slides (1 slide
 * from 320 px, 2 from 768 px, 3 from 1024 px, right-to-left in Arabic), the arrows and the dots.
 */
import EmblaCarousel, { type EmblaCarouselType } from 'embla-carousel';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState, type RefObject } from 'react';
import { ChevronEndIcon, ChevronStartIcon } from '../icons';
import { useFormatNumber } from '../use-format-number';

const ARROW =
  'absolute top-1/2 z-10 grid size-11 -translate-y-1/2 place-items-center rounded-full border border-gold/50 bg-ink/85 text-gold transition-colors hover:bg-ink disabled:opacity-40';

type HeroControlsProps = {
  /** The slides' frame, which Embla moves. */
  viewport: RefObject<HTMLDivElement | null>;
  dir: 'ltr' | 'rtl';
};

export function HeroControls({ viewport, dir }: HeroControlsProps) {
  const t = useTranslations('common.home');
  const formatNumber = useFormatNumber();
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
    if (!viewport.current) return;
    const carousel = EmblaCarousel(viewport.current, { direction: dir, align: 'start', loop: false, containScroll: 'trimSnaps' });
    setEmbla(carousel);
    return () => carousel.destroy();
  }, [viewport, dir]);

  useEffect(() => {
    if (!embla) return;
    sync();
    embla.on('select', sync).on('reInit', sync);
    return () => {
      embla.off('select', sync).off('reInit', sync);
    };
  }, [embla, sync]);

  return (
    <>
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
    </>
  );
}
