'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { apiRequest } from '@/lib/api/client';
import { useApp } from '../app/app-provider';
import { HeartIcon } from '../icons';

type WishListToggle = { product: number; favorited: boolean };

/**
 * Spec §4/§5: a guest gets 'Login First'; a signed-in shopper toggles through the server, and the heart changes only
 * after the call succeeds.
 */
export function FavouriteButton({ productId, name, initial, className }: { productId: number; name: string; initial: boolean; className: string }) {
  const t = useTranslations('common.product');
  const { userToken, showToast, handleError } = useApp();
  const [favourite, setFavourite] = useState(initial);
  const [busy, setBusy] = useState(false);

  async function toggle() {
    if (!userToken) {
      showToast('error', t('loginFirst'));
      return;
    }
    setBusy(true);
    try {
      const answer = await apiRequest<WishListToggle>('/api/user_wish_lists/', { method: 'POST', body: { product_write: productId } });
      if (answer) setFavourite(answer.favorited);
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      onClick={toggle}
      disabled={busy}
      aria-pressed={favourite}
      aria-label={t('addFavourite', { name })}
      className={`grid size-10 place-items-center rounded-full bg-ink/70 text-gold backdrop-blur transition-colors hover:bg-ink ${className}`}
    >
      <HeartIcon filled={favourite} size={20} />
    </button>
  );
}
