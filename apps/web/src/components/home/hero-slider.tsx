/**
 * The home slider. Slides are rendered here on the server; only the carousel's controls are client code.
 * The first image is the page's largest paint: eager and high priority; the others load lazily, at low priority.
 */
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { preload } from 'react-dom';
import type { Slider } from '@attar/contract';
import { Link } from '@/i18n/navigation';
import { mediaSrc } from '@/lib/media';
import { useFormatNumber } from '../use-format-number';
import { HeroCarousel } from './hero-carousel';

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
  // The first slide is the page's largest paint: its request starts from the document's head, before the scripts'.
  if (slides[0]) preload(mediaSrc(slides[0].image_mobile), { as: 'image', fetchPriority: 'high' });
  return (
    <HeroCarousel dir={dir} label={t('slider')}>
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
              // The title below names the slide; the alt text, when staff wrote one, says what the picture shows.
              alt={slide.alt}
              width={800}
              height={800}
              loading={index === 0 ? 'eager' : 'lazy'}
              // The next slide starts 4 px inside a phone's screen (clipped by the carousel): without `low`, Chromium
              // raises it to high priority alongside the first.
              fetchPriority={index === 0 ? 'high' : 'low'}
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
    </HeroCarousel>
  );
}
