'use client';
/**
 * The home slider (spec §9): 1 slide from 320 px, 2 from 768 px, 3 from 1024 px, right-to-left in Arabic.
 * The first image is the page's largest paint: eager and high priority; the others load lazily. Embla is loaded
 * just after the page becomes interactive rather than with it: the slides are server-rendered and visible first.
 */
import type { EmblaCarouselType } from 'embla-carousel';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Slider } from '@attar/contract';
import { mediaSrc } from '@/lib/media';
import { Link } from '@/i18n/navigation';
import { ChevronEndIcon, ChevronStartIcon } from '../icons';
import { useFormatNumber } from '../use-format-number';

const ARROW =
  'absolute top-1/2 z-10 grid size-11 -translate-y-1/2 place-items-center rounded-full border border-gold/50 bg-ink/85 text-gold transition-colors hover:bg-ink disabled:opacity-40';

/** Shop paths stay in the visitor's language; anything else is an ordinary link. */
function SlideLink({ href, className, children }: { href: string; className: string; children: ReactNode }) {
  return href.startsWith('/') ? (
    <Link href={href} className={className}>
      {children}
    </Link>
  ) : (
    <a href={href} className={className}>
      {children}
    </a>
  );
}

export function HeroSlider({ slides, dir }: { slides: Slider[]; dir: 'ltr' | 'rtl' }) {
  const t = useTranslations('common.home');
  const formatNumber = useFormatNumber();
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
    import('embla-carousel').then(({ default: EmblaCarousel }) => {
      if (cancelled || !viewport.current) return;
      carousel = EmblaCarousel(viewport.current, { direction: dir, align: 'start', loop: false, containScroll: 'trimSnaps' });
      setEmbla(carousel);
    });
    return () => {
      cancelled = true;
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
    <section aria-roledescription="carousel" aria-label={t('slider')} className="relative mx-auto max-w-7xl px-4 pt-4 md:px-6 md:pt-6">
      <div ref={viewport} className="overflow-hidden rounded-3xl">
        <ul className="-ms-3 flex touch-pan-y">
          {slides.map((slide, index) => (
            <li
              key={slide.id}
              aria-roledescription="slide"
              aria-label={t('slide', { index: formatNumber(index + 1), count: formatNumber(slides.length) })}
              className="min-w-0 shrink-0 grow-0 basis-full ps-3 md:basis-1/2 lg:basis-1/3"
            >
              <SlideLink href={slide.link} className="group relative block overflow-hidden rounded-3xl bg-smoke">
                {/* Slides are at most ~700 px wide (1, 2 or 3 per view), so the square 800 px rendition fits every width. */}
                <img
                  src={mediaSrc(slide.image_mobile)}
                  alt=""
                  width={800}
                  height={800}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : 'auto'}
                  decoding={index === 0 ? 'sync' : 'async'}
                  className="aspect-square w-full object-cover transition-transform duration-700 group-hover:scale-105"
                />
                <span className="absolute inset-x-0 bottom-0 flex flex-col gap-1 bg-gradient-to-t from-black/90 via-black/60 to-transparent p-5 pt-16">
                  <span className="text-xl font-semibold text-cream">{slide.title}</span>
                  {slide.subtitle && <span className="text-sm text-cream/85">{slide.subtitle}</span>}
                </span>
              </SlideLink>
            </li>
          ))}
        </ul>
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
