'use client';
import { usePathname } from '@/i18n/navigation-hooks';
import { countedUnits } from '@/lib/cart/cart-lines';
import { useCart } from '../cart/cart-provider';
import { useApp } from './app-provider';

/**
 * Where the account, favourites and cart shortcuts lead, and which one is the current page (signed in goes
 * to /profile and /favourite, a guest to /login).
 */
export function useSessionLinks() {
  const { userToken } = useApp();
  const pathname = usePathname();
  const signedIn = Boolean(userToken);
  // The badge counts units of what the total counts (as the panel and the bag do): two bottles of one scent are two
  // items, a sold-out line none.
  const cartCount = countedUnits(useCart().cart.lines);
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
