'use client';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Link } from '@/i18n/navigation';
import { usePathname } from '@/i18n/navigation-hooks';
import { useSessionLinks } from '../app/session-links';
import { CartBadge } from '../cart-badge';
import { LanguageToggle } from '../header/language-toggle';
import { NotificationBellSlot } from '../header/notification-bell-slot';
import { BagIcon, GlobeIcon, HeartIcon, HomeIcon, UserIcon } from '../icons';

const ITEM =
  'relative flex flex-1 flex-col items-center gap-0.5 py-2 text-[11px] font-medium text-cream/90 aria-[current=page]:font-bold aria-[current=page]:text-gold';

/** Mobile bottom bar: language, home, favourites, cart with badge, the bell (signed in), profile. */
export function BottomBar() {
  const t = useTranslations('common');
  const links = useSessionLinks();
  const isHome = usePathname() === '/';

  const item = (href: string, current: boolean, icon: ReactNode, label: string) => (
    <Link href={href} aria-current={current ? 'page' : undefined} className={ITEM}>
      {icon}
      <span>{label}</span>
    </Link>
  );

  return (
    <nav
      aria-label={t('a11y.bottomNav')}
      className="fixed inset-x-0 bottom-0 z-40 box-content flex h-bottom-bar border-t border-line bg-night pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <LanguageToggle className={ITEM}>
        <GlobeIcon />
        <span>{t('bottomBar.language')}</span>
      </LanguageToggle>
      {item('/', isHome, <HomeIcon filled={isHome} />, t('bottomBar.home'))}
      {item(links.favouritesHref, links.isFavouritesPage, <HeartIcon filled={links.isFavouritesPage} />, t('bottomBar.favourites'))}
      {item(
        '/bag',
        links.isBagPage,
        <span className="relative">
          <BagIcon filled={links.isBagPage} />
          <CartBadge count={links.cartCount} onGold={links.isBagPage} />
        </span>,
        t('bottomBar.cart'),
      )}
      <NotificationBellSlot className={ITEM} label={t('alerts.bellShort')} />
      {item(links.accountHref, links.isAccountPage, <UserIcon filled={links.isAccountPage} />, t('bottomBar.profile'))}
    </nav>
  );
}
