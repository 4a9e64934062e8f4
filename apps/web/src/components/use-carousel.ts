'use client';
import type { EmblaCarouselType } from 'embla-carousel';
import { useCallback, useEffect, useRef, useState } from 'react';

export type Carousel = {
  /** For the element that clips the slides (Embla's viewport). */
  viewportRef: React.RefObject<HTMLDivElement | null>;
  canScrollPrevious: boolean;
  canScrollNext: boolean;
  scrollPrevious: () => void;
  scrollNext: () => void;
  /** The slide in view (the first one until Embla has loaded). */
  selected: number;
  scrollTo: (index: number) => void;
};

export type CarouselOptions = {
  /** The slide shown first. */
  startIndex?: number;
  /** Asked at each press whether a drag may move the slides (a zoomed picture pans instead). */
  canDrag?: () => boolean;
};

/**
 * An Embla carousel over the viewport's first child, right-to-left when `dir` is rtl. Embla is loaded after the
 * component mounts (the slides render without it), and set up again when `slideCount` changes.
 */
export function useCarousel(dir: 'ltr' | 'rtl', slideCount: number, options: CarouselOptions = {}): Carousel {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  /** A slide chosen before Embla had loaded: shown as soon as it has. */
  const wanted = useRef<number | null>(options.startIndex ?? null);
  const [position, setPosition] = useState({ previous: false, next: false, selected: options.startIndex ?? 0 });
  const canDrag = useRef(options.canDrag);
  useEffect(() => {
    canDrag.current = options.canDrag;
  });

  useEffect(() => {
    if (slideCount === 0) return;
    let carousel: EmblaCarouselType | null = null;
    let cancelled = false;
    void import('embla-carousel').then(({ default: EmblaCarousel }) => {
      if (cancelled || !viewportRef.current) return;
      carousel = EmblaCarousel(viewportRef.current, {
        direction: dir,
        align: 'start',
        containScroll: 'trimSnaps',
        watchDrag: () => canDrag.current?.() ?? true,
      });
      if (wanted.current !== null) carousel.scrollTo(wanted.current, true);
      setEmbla(carousel);
    });
    return () => {
      cancelled = true;
      carousel?.destroy();
      setEmbla(null);
    };
  }, [dir, slideCount]);

  const updatePosition = useCallback((carousel: EmblaCarouselType) => {
    setPosition({ previous: carousel.canScrollPrev(), next: carousel.canScrollNext(), selected: carousel.selectedScrollSnap() });
  }, []);

  useEffect(() => {
    if (!embla) return;
    updatePosition(embla);
    embla.on('select', updatePosition).on('reInit', updatePosition);
    return () => {
      embla.off('select', updatePosition).off('reInit', updatePosition);
    };
  }, [embla, updatePosition]);

  return {
    viewportRef,
    canScrollPrevious: Boolean(embla) && position.previous,
    canScrollNext: Boolean(embla) && position.next,
    scrollPrevious: () => embla?.scrollPrev(),
    scrollNext: () => embla?.scrollNext(),
    selected: position.selected,
    scrollTo(index) {
      if (embla) embla.scrollTo(index);
      else wanted.current = index;
    },
  };
}
