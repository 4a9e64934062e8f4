'use client';
/**
 * The cart side panels: one for a signed-in shopper and one for a guest, each with its own open state in
 * the app store. The panel's code (lines, suggestions carousel) loads the first time one opens, not with every page.
 */
import { lazy, Suspense, useEffect, useRef } from 'react';
import { usePathname } from '@/i18n/navigation-hooks';
import { useApp } from '../app/app-provider';

// Never rendered on the server: a panel opens only in the browser.
const CartPanel = lazy(() => import('./cart-panel').then((module) => ({ default: module.CartPanel })));

export function CartPanels() {
  const { userToken, cartPanelVisible, guestCartPanelVisible, setCartPanelVisible, setGuestCartPanelVisible } = useApp();
  // Going to another page closes an open panel, even one whose code is still loading.
  const pathname = usePathname();
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (pathname === shownOn.current) return;
    shownOn.current = pathname;
    setCartPanelVisible(false);
    setGuestCartPanelVisible(false);
  }, [pathname, setCartPanelVisible, setGuestCartPanelVisible]);

  const panel = userToken
    ? cartPanelVisible && <CartPanel onClose={() => setCartPanelVisible(false)} />
    : guestCartPanelVisible && <CartPanel onClose={() => setGuestCartPanelVisible(false)} />;
  return panel ? <Suspense fallback={null}>{panel}</Suspense> : null;
}
