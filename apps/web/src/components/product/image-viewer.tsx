'use client';
/**
 * The product's pictures full screen, loaded on first use by gallery-carousel.tsx: a modal dialog (focus kept inside,
 * Escape closes) over a history entry of its own, so the phone's back button closes it rather than leaving the page.
 * Swipe between pictures (Embla), pinch to zoom and drag a zoomed picture, swipe down to close.
 */
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { CloseIcon, ChevronEndIcon, ChevronStartIcon } from '../icons';
import { useCarousel } from '../use-carousel';
import { useFormatNumber } from '../use-format-number';
import type { GalleryImage } from './gallery-image';

type ImageViewerProps = { label: string; images: GalleryImage[]; start: number; dir: 'ltr' | 'rtl'; onClosed: () => void };

/** The mark on the history entry the viewer adds. */
const ENTRY = 'attarImageViewer';

const ARROW =
  'absolute top-1/2 z-10 grid size-11 -translate-y-1/2 place-items-center rounded-full border border-gold/50 bg-ink/85 text-gold disabled:opacity-40';

export function ImageViewer({ label, images, start, dir, onClosed }: ImageViewerProps) {
  const t = useTranslations('common.product.viewer');
  const formatNumber = useFormatNumber();
  const dialog = useRef<HTMLDialogElement>(null);
  /** A zoomed picture pans under the finger instead of swiping to the next one. */
  const zoomed = useRef(false);
  const carousel = useCarousel(dir, images.length, { startIndex: start, canDrag: () => !zoomed.current });
  const setZoomed = useCallback((isZoomed: boolean) => {
    zoomed.current = isZoomed;
  }, []);

  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    element.showModal();
    window.history.pushState({ ...window.history.state, [ENTRY]: true }, '');
    const closeOnBack = () => element.close();
    window.addEventListener('popstate', closeOnBack);
    return () => window.removeEventListener('popstate', closeOnBack);
  }, []);

  function onClose() {
    // Closed by Escape, the button or a swipe: take the viewer's history entry away too (Back has already done it).
    if ((window.history.state as Record<string, unknown> | null)?.[ENTRY]) window.history.back();
    onClosed();
  }

  const close = () => dialog.current?.close();
  const position = t('position', { index: formatNumber(carousel.selected + 1), count: formatNumber(images.length) });

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-label={label}
      className="fixed inset-0 m-0 h-dvh max-h-none w-screen max-w-none overflow-hidden bg-ink p-0 text-cream backdrop:bg-ink"
    >
      <section aria-roledescription={t('carousel')} aria-label={label} className="relative h-full">
        <div ref={carousel.viewportRef} className="h-full overflow-hidden">
          <ul className="flex h-full">
            {images.map((image, index) => (
              <li
                key={image.src}
                aria-roledescription={t('slide')}
                aria-label={t('position', { index: formatNumber(index + 1), count: formatNumber(images.length) })}
                className="h-full min-w-0 shrink-0 grow-0 basis-full"
              >
                <ZoomableSlide image={image} current={index === carousel.selected} onZoom={setZoomed} onSwipeDown={close} />
              </li>
            ))}
          </ul>
        </div>
        <p aria-live="polite" className="absolute start-4 top-5 rounded-full bg-ink/70 px-3 py-1 text-sm">
          {position}
        </p>
        <button
          type="button"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog takes focus when it opens; autofocus names the element (HTML's way for dialogs)
          autoFocus
          onClick={close}
          className="absolute end-3 top-3 grid size-11 place-items-center rounded-full bg-ink/70 text-cream hover:text-gold"
        >
          <CloseIcon size={22} />
          <span className="sr-only">{t('close')}</span>
        </button>
        {images.length > 1 && (
          <>
            <button type="button" onClick={carousel.scrollPrevious} disabled={!carousel.canScrollPrevious} className={`${ARROW} start-3`}>
              <ChevronStartIcon size={20} className="rtl:-scale-x-100" />
              <span className="sr-only">{t('previous')}</span>
            </button>
            <button type="button" onClick={carousel.scrollNext} disabled={!carousel.canScrollNext} className={`${ARROW} end-3`}>
              <ChevronEndIcon size={20} className="rtl:-scale-x-100" />
              <span className="sr-only">{t('next')}</span>
            </button>
          </>
        )}
      </section>
    </dialog>
  );
}

const MAX_SCALE = 4;
/** How far down (px) a finger must travel, mostly straight, to close the viewer. */
const SWIPE_DOWN = 110;

type Point = { x: number; y: number };
type View = { scale: number; x: number; y: number };
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** One picture: two fingers zoom it (up to four times), one finger drags it once zoomed; it resets when swiped away. */
function ZoomableSlide({
  image,
  current,
  onZoom,
  onSwipeDown,
}: {
  image: GalleryImage;
  current: boolean;
  onZoom: (zoomed: boolean) => void;
  onSwipeDown: () => void;
}) {
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{ start: Point; middle: Point; centre: Point; view: View; spread: number | null; pinched: boolean } | null>(null);

  useEffect(() => {
    if (!current) setView({ scale: 1, x: 0, y: 0 });
  }, [current]);
  useEffect(() => {
    if (current) onZoom(view.scale > 1);
  }, [current, view.scale, onZoom]);

  const begin = (element: HTMLElement) => {
    const [first, second] = [...pointers.current.values()];
    const box = element.getBoundingClientRect();
    gesture.current = {
      start: first!,
      middle: second ? { x: (first!.x + second.x) / 2, y: (first!.y + second.y) / 2 } : first!,
      centre: { x: box.left + box.width / 2, y: box.top + box.height / 2 },
      view,
      spread: second ? distance(first!, second) : null,
      pinched: Boolean(second) || Boolean(gesture.current?.pinched),
    };
  };

  function down(event: ReactPointerEvent<HTMLDivElement>) {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    begin(event.currentTarget);
  }

  function move(event: ReactPointerEvent<HTMLDivElement>) {
    if (!pointers.current.has(event.pointerId) || !gesture.current) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const [first, second] = [...pointers.current.values()];
    const { start, middle, centre, view: from, spread } = gesture.current;
    if (second && spread) {
      const scale = Math.min(MAX_SCALE, Math.max(1, (from.scale * distance(first!, second)) / spread));
      if (scale === 1) return setView({ scale, x: 0, y: 0 });
      // The spot that was between the fingers stays between them.
      const now = { x: (first!.x + second.x) / 2, y: (first!.y + second.y) / 2 };
      const ratio = scale / from.scale;
      setView({
        scale,
        x: now.x - centre.x - (middle.x - centre.x - from.x) * ratio,
        y: now.y - centre.y - (middle.y - centre.y - from.y) * ratio,
      });
    } else if (from.scale > 1) {
      setView({ scale: from.scale, x: from.x + first!.x - start.x, y: from.y + first!.y - start.y });
    }
  }

  function up(event: ReactPointerEvent<HTMLDivElement>) {
    const last = pointers.current.get(event.pointerId);
    pointers.current.delete(event.pointerId);
    const started = gesture.current;
    if (pointers.current.size) return begin(event.currentTarget);
    gesture.current = null;
    if (!started || !last || started.pinched || started.view.scale > 1) return;
    const [dx, dy] = [last.x - started.start.x, last.y - started.start.y];
    if (dy > SWIPE_DOWN && dy > Math.abs(dx) * 2) onSwipeDown();
  }

  return (
    <div
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      className="grid h-full touch-none place-items-center overflow-hidden select-none"
    >
      <img
        src={image.src}
        srcSet={image.srcSet ?? undefined}
        sizes={image.srcSet ? '100vw' : undefined}
        alt={image.alt}
        width={1200}
        height={1200}
        draggable={false}
        decoding="async"
        style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
        className="max-h-full w-full max-w-[min(100vw,100dvh)] object-contain"
      />
    </div>
  );
}
