'use client';
/**
 * Toasts (spec §2, §9): top-right corner (in Arabic too), green for success, red for error, hidden after 3 seconds.
 * sonner is loaded with the first toast instead of with every page; toasts wait until its Toaster listens.
 */
import { useEffect, useState, type ComponentType } from 'react';
import type { ToasterProps } from 'sonner';

export type ToastType = 'success' | 'error';
type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | null = null;
let announceMounted: () => void = () => {};
const toasterMounted = new Promise<void>((resolve) => {
  announceMounted = resolve;
});
const REQUEST_EVENT = 'attar:toaster-requested';

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    window.dispatchEvent(new Event(REQUEST_EVENT));
  }
  return sonner;
}

export async function showSonnerToast(type: ToastType, message: string): Promise<void> {
  const { toast } = await loadSonner();
  await toasterMounted;
  if (type === 'success') toast.success(message);
  else toast.error(message);
}

export function Toaster({ dir }: { dir: 'ltr' | 'rtl' }) {
  const [SonnerToaster, setSonnerToaster] = useState<ComponentType<ToasterProps> | null>(null);

  useEffect(() => {
    const mount = () => void loadSonner().then((module) => setSonnerToaster(() => module.Toaster));
    if (sonner) mount();
    window.addEventListener(REQUEST_EVENT, mount);
    return () => window.removeEventListener(REQUEST_EVENT, mount);
  }, []);

  // Runs after sonner's own Toaster has subscribed (children's effects run first).
  useEffect(() => {
    if (SonnerToaster) announceMounted();
  }, [SonnerToaster]);

  if (!SonnerToaster) return null;
  return <SonnerToaster position="top-right" dir={dir} duration={3000} richColors toastOptions={{ className: 'font-[inherit] text-sm' }} />;
}
