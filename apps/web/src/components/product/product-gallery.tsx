import { useLocale, useTranslations } from 'next-intl';
import { preload } from 'react-dom';
import { localeConfig } from '@/i18n/locales';
import { mediaSrc, renditionSrcSet, type Renditions } from '@/lib/media';
import { useFormatNumber } from '../use-format-number';
import { GalleryCarousel } from './gallery-carousel';
import type { GalleryImage } from './gallery-image';

const MAIN_SIZES = '(min-width: 1280px) 600px, (min-width: 768px) 48vw, 100vw';

/** `alt`: staff's description of a picture, '' for none (then it is named by the product and its place). */
type ProductGalleryProps = { name: string; main: Renditions & { alt: string }; extra: { src: string; alt: string }[] };

/**
 * The product's pictures: the main one first (the page's largest paint, its request started from the document's head),
 * the others after it in a carousel with thumbnails.
 */
export function ProductGallery({ name, main, extra }: ProductGalleryProps) {
  const t = useTranslations('common.product');
  const formatNumber = useFormatNumber();
  const srcSet = renditionSrcSet(main);
  preload(mediaSrc(main.image), { as: 'image', fetchPriority: 'high', imageSrcSet: srcSet, imageSizes: MAIN_SIZES });
  const alt = (index: number, given: string) => given || t('image', { name, index: formatNumber(index + 1) });
  const images: GalleryImage[] = [
    { src: mediaSrc(main.image), srcSet, sizes: MAIN_SIZES, thumbnail: mediaSrc(main.image_mobile), alt: alt(0, main.alt) },
    ...extra.map((image, index) => ({
      src: mediaSrc(image.src),
      srcSet: null,
      sizes: null,
      thumbnail: mediaSrc(image.src),
      alt: alt(index + 1, image.alt),
    })),
  ];
  return (
    <GalleryCarousel
      label={t('gallery', { name })}
      images={images}
      dir={localeConfig(useLocale()).dir}
      thumbnailLabels={images.map((_, index) => t('showImage', { index: formatNumber(index + 1) }))}
      openLabel={t('viewer.open')}
    />
  );
}
