'use client';
/**
 * Toasts: top right (in Arabic too), green for success, red for error, hidden after 3 seconds. Their look
 * and sonner (toaster-view.tsx) load with the first toast instead of with every page; toasts wait until it listens.
 */
import { useEffect, useState, type ComponentType } from 'react';
import type { ToastLink, ToastType } from './toaster-view';

export type { ToastLink, ToastType };
type View = typeof import('./toaster-view');

let view: Promise<View> | null = null;
let announceMounted: () => void = () => {};
const toasterMounted = new Promise<void>((resolve) => {
  announceMounted = resolve;
});
const REQUEST_EVENT = 'attar:toaster-requested';

function loadView(): Promise<View> {
  if (!view) {
    view = import('./toaster-view');
    window.dispatchEvent(new Event(REQUEST_EVENT));
  }
  return view;
}

export async function showSonnerToast(type: ToastType, message: string, link?: ToastLink): Promise<void> {
  const { showToast } = await loadView();
  await toasterMounted;
  showToast(type, message, link);
}

export function Toaster({ dir }: { dir: 'ltr' | 'rtl' }) {
  const [ShopToaster, setShopToaster] = useState<ComponentType<{ dir: 'ltr' | 'rtl' }> | null>(null);

  useEffect(() => {
    const mount = () => void loadView().then((module) => setShopToaster(() => module.ShopToaster));
    if (view) mount();
    window.addEventListener(REQUEST_EVENT, mount);
    return () => window.removeEventListener(REQUEST_EVENT, mount);
  }, []);

  // Runs after sonner's own Toaster has subscribed (children's effects run first).
  useEffect(() => {
    if (ShopToaster) announceMounted();
  }, [ShopToaster]);

  return ShopToaster ? <ShopToaster dir={dir} /> : null;
}
