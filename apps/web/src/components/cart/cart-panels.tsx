'use client';
/**
 * The cart side panels (spec §2): one for a signed-in shopper and one for a guest, each with its own open state in
 * the app store. The panel's code (lines, suggestions carousel) loads the first time one opens, not with every page.
 */
import dynamic from 'next/dynamic';
import { useEffect, useRef } from 'react';
import { usePathname } from '@/i18n/navigation';
import { useApp } from '../app/app-provider';

const CartPanel = dynamic(() => import('./cart-panel').then((module) => module.CartPanel), { ssr: false });

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

  if (userToken) {
    return cartPanelVisible ? <CartPanel onClose={() => setCartPanelVisible(false)} withSuggestions /> : null;
  }
  return guestCartPanelVisible ? <CartPanel onClose={() => setGuestCartPanelVisible(false)} withSuggestions={false} /> : null;
}
