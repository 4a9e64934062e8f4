'use client';
import type { AnalyticsItem } from '@attar/contract';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useFavourites } from '../favourites/favourites-provider';
import { HeartIcon } from '../icons';

type FavouriteButtonProps = {
  productId: number;
  name: string;
  /** As the page was rendered (for a guest); a signed-in shopper's favourites come from the favourites provider. */
  initial: boolean;
  /** For `add_to_wishlist`. */
  analytics: AnalyticsItem;
  className: string;
};

/**
 * A guest gets 'Login First'; a signed-in shopper toggles through the server, and the heart changes only
 * after the call succeeds. Its name says what a press does (add, or remove): the state is in the words, not in a
 * pressed state read out beside them.
 */
export function FavouriteButton({ productId, name, initial, analytics, className }: FavouriteButtonProps) {
  const t = useTranslations('common.product');
  const favourites = useFavourites();
  const [busy, setBusy] = useState(false);
  const favourite = favourites.isFavourite(productId) ?? initial;

  async function toggle() {
    setBusy(true);
    try {
      await favourites.toggle(productId, analytics);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      onClick={toggle}
      disabled={busy}
      aria-label={t(favourite ? 'removeFavourite' : 'addFavourite', { name })}
      className={`grid size-10 place-items-center rounded-full bg-ink/75 text-gold transition-colors hover:bg-ink ${className}`}
    >
      <HeartIcon filled={favourite} size={20} />
    </button>
  );
}
