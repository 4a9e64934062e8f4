'use client';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useSessionLinks } from '../app/session-links';
import { CartBadge } from '../cart-badge';
import { BagIcon, HeartIcon, UserIcon } from '../icons';
import { NotificationBellSlot } from './notification-bell-slot';

const ITEM =
  'relative flex items-center gap-2 rounded-full px-2.5 py-2 text-xs font-semibold tracking-wider text-cream rtl:tracking-normal transition-colors hover:text-gold aria-[current=page]:text-gold';

/**
 * Header shortcuts: Login/Register or PROFILE, FAVORITES, the bell (signed in), CART with its badge; the current page's
 * icon is filled.
 */
export function AccountLinks() {
  const t = useTranslations('common.header');
  const links = useSessionLinks();
  const current = (isCurrent: boolean) => (isCurrent ? ('page' as const) : undefined);

  return (
    <>
      <Link href={links.accountHref} aria-current={current(links.isAccountPage)} className={`${ITEM} max-md:hidden`}>
        <UserIcon filled={links.isAccountPage} />
        <span className="max-lg:sr-only">{links.signedIn ? t('profile') : t('login')}</span>
      </Link>
      <Link href={links.favouritesHref} aria-current={current(links.isFavouritesPage)} className={`${ITEM} max-md:hidden`}>
        <HeartIcon filled={links.isFavouritesPage} />
        <span className="max-lg:sr-only">{t('favorites')}</span>
      </Link>
      <NotificationBellSlot className={`${ITEM} max-md:hidden`} sync />
      <Link href="/bag" aria-current={current(links.isBagPage)} className={ITEM}>
        <span className="relative">
          <BagIcon filled={links.isBagPage} />
          <CartBadge count={links.cartCount} onGold={links.isBagPage} />
        </span>
        <span className="max-lg:sr-only">{t('cart')}</span>
      </Link>
    </>
  );
}
