'use client';
import { usePathname } from '@/i18n/navigation-hooks';
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
  // The badge counts units, as the API's cart `count` does: two bottles of one scent are two items.
  const cartCount = useCart().cart.lines.reduce((sum, line) => sum + line.quantity, 0);
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
