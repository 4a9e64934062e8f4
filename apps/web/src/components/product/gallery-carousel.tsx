'use client';
/**
 * A product's pictures as a carousel: swiped on phones (Embla, right-to-left in Arabic), chosen with the thumbnails
 * below, and magnified under a mouse pointer on desktops (the spot pointed at stays under the pointer). A tap or click
 * on a picture opens them full screen (image-viewer.tsx, loaded then).
 */
import { lazy, Suspense, useState, type PointerEvent } from 'react';
import { useCarousel } from '../use-carousel';
import type { GalleryImage } from './gallery-image';

const loadViewer = () => import('./image-viewer');
const ImageViewer = lazy(() => loadViewer().then((module) => ({ default: module.ImageViewer })));

type GalleryCarouselProps = {
  label: string;
  images: GalleryImage[];
  dir: 'ltr' | 'rtl';
  thumbnailLabels: string[];
  /** Added to each picture's name: what a tap on it does. */
  openLabel: string;
};

export function GalleryCarousel({ label, images, dir, thumbnailLabels, openLabel }: GalleryCarouselProps) {
  const carousel = useCarousel(dir, images.length);
  const [viewerAt, setViewerAt] = useState<number | null>(null);
  return (
    <section aria-label={label} aria-roledescription="carousel" className="flex flex-col gap-3">
      <div ref={carousel.viewportRef} className="overflow-hidden rounded-3xl border border-line bg-smoke">
        <ul className="flex touch-pan-y">
          {images.map((image, index) => (
            <li key={image.src} aria-roledescription="slide" className="min-w-0 shrink-0 grow-0 basis-full">
              <ZoomableImage image={image} first={index === 0} openLabel={openLabel} onOpen={() => setViewerAt(index)} />
            </li>
          ))}
        </ul>
      </div>
      {images.length > 1 && (
        <ul className="grid grid-cols-4 gap-3 sm:grid-cols-5">
          {images.map((image, index) => (
            <li key={image.src}>
              <button
                type="button"
                onClick={() => carousel.scrollTo(index)}
                aria-label={thumbnailLabels[index]}
                aria-current={carousel.selected === index}
                className="block w-full overflow-hidden rounded-xl border border-line transition-colors hover:border-gold/60 aria-[current=true]:border-gold"
              >
                <img
                  src={image.thumbnail}
                  alt=""
                  width={120}
                  height={120}
                  loading="lazy"
                  decoding="async"
                  fetchPriority="low"
                  className="aspect-square w-full bg-smoke object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {viewerAt !== null && (
        <Suspense fallback={null}>
          <ImageViewer label={label} images={images} start={viewerAt} dir={dir} onClosed={() => setViewerAt(null)} />
        </Suspense>
      )}
    </section>
  );
}

/** Twice as large under a mouse, around the point under it; touch screens swipe instead. A tap or click opens the viewer. */
function ZoomableImage({
  image,
  first,
  openLabel,
  onOpen,
}: {
  image: GalleryImage;
  first: boolean;
  openLabel: string;
  onOpen: () => void;
}) {
  const [origin, setOrigin] = useState<string | null>(null);
  const follow = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.pointerType !== 'mouse') return;
    const box = event.currentTarget.getBoundingClientRect();
    setOrigin(`${((event.clientX - box.left) / box.width) * 100}% ${((event.clientY - box.top) / box.height) * 100}%`);
  };
  return (
    <button
      type="button"
      onClick={onOpen}
      // The viewer's code starts loading as the finger lands, before the tap ends.
      onPointerDown={() => void loadViewer()}
      onPointerMove={follow}
      onPointerLeave={() => setOrigin(null)}
      className="block w-full cursor-zoom-in overflow-hidden"
    >
      <img
        src={image.src}
        srcSet={image.srcSet ?? undefined}
        sizes={image.sizes ?? undefined}
        alt={image.alt}
        width={600}
        height={600}
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'low'}
        decoding={first ? undefined : 'async'}
        draggable={false}
        style={origin ? { transformOrigin: origin } : undefined}
        className={`aspect-square w-full object-cover transition-transform duration-200 ${origin ? 'scale-200' : ''}`}
      />
      <span className="sr-only">{openLabel}</span>
    </button>
  );
}
