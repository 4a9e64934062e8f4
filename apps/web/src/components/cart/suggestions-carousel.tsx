'use client';
/**
 * "You may also like" in the cart panels and on the cart page: a signed-in shopper's come from the server's
 * view of their favourites and cart, a guest's from the products in the bag kept in this browser (decision 0043). In
 * an Embla carousel of 1, 2 or 3 slides (320, 768, 1024 px), right-to-left in Arabic. Read again when the
 * cart's items change (once stored), since an item in the cart is never suggested.
 */
import type { Product } from '@attar/contract';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import { localeConfig } from '@/i18n/locales';
import { Link } from '@/i18n/navigation';
import { getCartSuggestions, getSuggestionsLike } from '@/lib/api/cart';
import { defaultSizeItem } from '@/lib/cart/cart-item';
import { lineKey } from '@/lib/cart/cart-lines';
import { mediaSrc } from '@/lib/media';
import { useApp } from '../app/app-provider';
import { BagIcon, ChevronEndIcon, ChevronStartIcon } from '../icons';
import { Price } from '../price';
import { useCart } from './cart-provider';
import { useCarousel } from '../use-carousel';

const ARROW =
  'grid size-9 place-items-center rounded-full border border-line text-cream transition-colors hover:border-gold hover:text-gold disabled:cursor-not-allowed disabled:opacity-40';

/** `heading`: an h3 under the cart panel's title, an h2 beside the cart page's sections (headings go down one step). */
export function SuggestionsCarousel({ heading: Heading = 'h3' }: { heading?: 'h2' | 'h3' }) {
  const t = useTranslations('common.cart');
  const locale = useLocale();
  const headingId = useId();
  const { userToken, isEgypt, handleError } = useApp();
  const { cart, addToCart } = useCart();
  const [suggestions, setSuggestions] = useState<Product[]>([]);
  const carousel = useCarousel(localeConfig(locale).dir, suggestions.length);
  // Asked again once the server has the cart's items (not while a change is still on its way).
  const storedItems = cart.saving ? null : cart.lines.map(lineKey).join(',');
  // A guest's bag names its perfumes itself (offers hold several, so they are left out); in order, for the API's cache.
  const guestProducts = userToken
    ? null
    : [...new Set(cart.lines.filter((line) => line.kind === 'product').map((line) => line.id))].sort((a, b) => a - b).join(',');

  useEffect(() => {
    if (storedItems === null) return;
    let cancelled = false;
    const asked =
      guestProducts === null
        ? getCartSuggestions(locale)
        : guestProducts === ''
          ? Promise.resolve([])
          : getSuggestionsLike(guestProducts.split(',').map(Number), locale);
    asked.then((products) => !cancelled && setSuggestions(products)).catch((error: unknown) => !cancelled && handleError(error));
    return () => {
      cancelled = true;
    };
  }, [locale, storedItems, guestProducts, handleError]);

  if (suggestions.length === 0) return null;
  return (
    <section aria-roledescription="carousel" aria-labelledby={headingId} className="flex flex-col gap-3 border-t border-line pt-4">
      <div className="flex items-center justify-between gap-2">
        <Heading id={headingId} className="text-sm font-semibold text-cream">
          {t('suggestions')}
        </Heading>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={carousel.scrollPrevious}
            disabled={!carousel.canScrollPrevious}
            aria-label={t('previousSuggestion')}
            className={ARROW}
          >
            <ChevronStartIcon size={16} className="rtl:-scale-x-100" />
          </button>
          <button
            type="button"
            onClick={carousel.scrollNext}
            disabled={!carousel.canScrollNext}
            aria-label={t('nextSuggestion')}
            className={ARROW}
          >
            <ChevronEndIcon size={16} className="rtl:-scale-x-100" />
          </button>
        </div>
      </div>
      <div ref={carousel.viewportRef} className="overflow-hidden">
        <ul className="-ms-3 flex touch-pan-y">
          {suggestions.map((product) => {
            const item = defaultSizeItem(product);
            if (!item) return null;
            return (
              <li
                key={product.id}
                aria-roledescription="slide"
                className="min-w-0 shrink-0 grow-0 basis-full ps-3 md:basis-1/2 lg:basis-1/3"
              >
                {/* One slide per view on phones: the picture beside the name there, above it from 768 px. */}
                <article className="flex h-full items-center overflow-hidden rounded-xl border border-line bg-ink md:flex-col md:items-stretch">
                  <Link href={item.href} className="group flex min-w-0 flex-1 items-center gap-3 md:flex-col md:items-stretch md:gap-0">
                    <img
                      src={mediaSrc(product.image_mobile)}
                      alt=""
                      width={240}
                      height={240}
                      loading="lazy"
                      decoding="async"
                      className="aspect-square w-20 shrink-0 bg-smoke object-cover md:w-full"
                    />
                    <span className="line-clamp-2 text-xs leading-snug font-medium text-cream group-hover:text-gold md:px-2 md:pt-2">
                      {product.name}
                    </span>
                  </Link>
                  <div className="flex shrink-0 flex-col items-end gap-1 p-2 md:flex-row md:items-center md:justify-between">
                    {isEgypt && <Price amount={item.price} className="text-xs font-semibold text-gold" />}
                    <button
                      type="button"
                      onClick={() => addToCart(item, 1)}
                      disabled={!isEgypt}
                      aria-label={t('addSuggestion', { name: product.name })}
                      className="ms-auto grid size-8 shrink-0 place-items-center rounded-full bg-gold text-ink transition-colors hover:bg-gold-bright disabled:bg-smoke disabled:text-mist"
                    >
                      <BagIcon size={16} />
                    </button>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
