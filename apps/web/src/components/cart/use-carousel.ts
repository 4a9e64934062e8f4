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
};

/**
 * An Embla carousel over the viewport's first child, right-to-left when `dir` is rtl. Embla is loaded after the
 * component mounts (the slides render without it), and set up again when `slideCount` changes.
 */
export function useCarousel(dir: 'ltr' | 'rtl', slideCount: number): Carousel {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [edges, setEdges] = useState({ previous: false, next: false });

  useEffect(() => {
    if (slideCount === 0) return;
    let carousel: EmblaCarouselType | null = null;
    let cancelled = false;
    void import('embla-carousel').then(({ default: EmblaCarousel }) => {
      if (cancelled || !viewportRef.current) return;
      carousel = EmblaCarousel(viewportRef.current, { direction: dir, align: 'start', containScroll: 'trimSnaps' });
      setEmbla(carousel);
    });
    return () => {
      cancelled = true;
      carousel?.destroy();
      setEmbla(null);
    };
  }, [dir, slideCount]);

  const updateEdges = useCallback((carousel: EmblaCarouselType) => {
    setEdges({ previous: carousel.canScrollPrev(), next: carousel.canScrollNext() });
  }, []);

  useEffect(() => {
    if (!embla) return;
    updateEdges(embla);
    embla.on('select', updateEdges).on('reInit', updateEdges);
    return () => {
      embla.off('select', updateEdges).off('reInit', updateEdges);
    };
  }, [embla, updateEdges]);

  return {
    viewportRef,
    canScrollPrevious: Boolean(embla) && edges.previous,
    canScrollNext: Boolean(embla) && edges.next,
    scrollPrevious: () => embla?.scrollPrev(),
    scrollNext: () => embla?.scrollNext(),
  };
}
