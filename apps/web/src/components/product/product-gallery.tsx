import { preload } from 'react-dom';
import { mediaSrc, renditionSrcSet, type Renditions } from '@/lib/media';

const MAIN_SIZES = '(min-width: 1280px) 600px, (min-width: 768px) 48vw, 100vw';

type ProductGalleryProps = { label: string; main: Renditions; extra: string[]; altFor: (index: number) => string };

/**
 * The main picture (the page's largest paint, loaded at once) and the other pictures below it, loaded lazily and at low
 * priority: on a phone they are in the first screen, and Chromium raised them to high beside the main picture.
 */
export function ProductGallery({ label, main, extra, altFor }: ProductGalleryProps) {
  const srcSet = renditionSrcSet(main);
  // Its request starts from the document's head, before the scripts'.
  preload(mediaSrc(main.image), { as: 'image', fetchPriority: 'high', imageSrcSet: srcSet, imageSizes: MAIN_SIZES });
  return (
    <section aria-label={label} className="flex flex-col gap-3">
      <img
        src={mediaSrc(main.image)}
        srcSet={srcSet}
        sizes={MAIN_SIZES}
        alt={altFor(0)}
        width={600}
        height={600}
        fetchPriority="high"
        className="aspect-square w-full rounded-3xl border border-line bg-smoke object-cover"
      />
      {extra.length > 0 && (
        <ul className="grid grid-cols-3 gap-3">
          {extra.map((src, index) => (
            <li key={src}>
              <img
                src={mediaSrc(src)}
                alt={altFor(index + 1)}
                width={400}
                height={400}
                loading="lazy"
                decoding="async"
                fetchPriority="low"
                className="aspect-square w-full rounded-xl border border-line bg-smoke object-cover"
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
