'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import { usePathname } from '@/i18n/navigation-hooks';
import { CloseIcon, MenuIcon } from '../icons';

const PANEL_ID = 'mobile-category-nav';

/** Small screens: a button that opens and closes the category nav. Closes again after navigating. */
export function MobileMenu({ children }: { children: ReactNode }) {
  const t = useTranslations('common');
  const [open, setOpen] = useState(false);
  const pathname = usePathname();

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  return (
    <div className="lg:hidden">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        onClick={() => setOpen((value) => !value)}
        className="grid size-11 place-items-center rounded-full text-cream hover:text-gold"
      >
        {open ? <CloseIcon /> : <MenuIcon />}
        <span className="sr-only">{open ? t('nav.closeMenu') : t('nav.openMenu')}</span>
      </button>
      <nav
        id={PANEL_ID}
        aria-label={t('a11y.mainNav')}
        hidden={!open}
        className="absolute inset-x-0 top-full z-40 border-b border-line bg-night/98 px-4 shadow-2xl shadow-black/60"
      >
        {children}
      </nav>
    </div>
  );
}
