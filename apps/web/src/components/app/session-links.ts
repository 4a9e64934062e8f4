'use client';
import { usePathname } from '@/i18n/navigation';
import { useCart } from '../cart/cart-provider';
import { useApp } from './app-provider';

/**
 * Where the account, favourites and cart shortcuts lead, and which one is the current page (spec §2: signed in goes
 * to /profile and /favourite, a guest to /login).
 */
export function useSessionLinks() {
  const { userToken } = useApp();
  const pathname = usePathname();
  const signedIn = Boolean(userToken);
  // The badge counts lines (products and offers), for the guest cart and the server cart alike.
  const cartCount = useCart().cart.lines.length;
  return {
    signedIn,
    pathname,
    cartCount,
    accountHref: signedIn ? '/profile' : '/login',
    favouritesHref: signedIn ? '/favourite' : '/login',
    isAccountPage: pathname === '/profile' || pathname === '/login',
    isFavouritesPage: pathname === '/favourite',
    isBagPage: pathname === '/bag',
  };
}
