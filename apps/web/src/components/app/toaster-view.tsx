'use client';
/**
 * The toasts' look and place, loaded with sonner on the first toast (toaster.tsx): in the shop's typefaces, cream on
 * deep green (success) or red (error), both AA, top right just below the sticky header so they never cover its cart;
 * a toast can carry a link (after "Login First", to log in).
 */
import { useEffect, useState } from 'react';
import { Toaster, toast } from 'sonner';
import { Link } from '@/i18n/navigation';

export type ToastType = 'success' | 'error';
/** A link shown in the toast; `href` without the language prefix. */
export type ToastLink = { label: string; href: string };

export function showToast(type: ToastType, message: string, link?: ToastLink): void {
  const action = link && (
    <Link href={link.href} className="ms-auto shrink-0 font-semibold underline underline-offset-4 hover:text-gold-bright">
      {link.label}
    </Link>
  );
  if (type === 'success') toast.success(message, { action });
  else toast.error(message, { action });
}

/** The sticky header's height (it changes with the free-shipping banner and the screen's width). */
function useHeaderHeight(): number {
  const [height, setHeight] = useState(() => document.querySelector<HTMLElement>('[data-site-header]')?.offsetHeight ?? 0);
  useEffect(() => {
    const header = document.querySelector<HTMLElement>('[data-site-header]');
    if (!header) return;
    const observer = new ResizeObserver(() => setHeight(header.offsetHeight));
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return height;
}

const TOAST_CLASSES = {
  toast: 'flex w-full items-center gap-3 rounded-xl border px-4 py-3 text-sm text-cream shadow-xl shadow-ink/60',
  success: 'border-success bg-success-deep',
  error: 'border-danger bg-danger-deep',
  title: 'font-medium',
  icon: 'shrink-0',
};

export function ShopToaster({ dir }: { dir: 'ltr' | 'rtl' }) {
  const headerHeight = useHeaderHeight();
  return (
    <Toaster
      position="top-right"
      dir={dir}
      duration={3000}
      offset={{ top: headerHeight + 12, right: 16 }}
      mobileOffset={{ top: headerHeight + 8, right: 8, left: 8 }}
      // sonner sets a system font on its list; the toasts take the page's (Latin or Cairo).
      style={{ fontFamily: 'inherit' }}
      toastOptions={{ unstyled: true, classNames: TOAST_CLASSES }}
    />
  );
}
