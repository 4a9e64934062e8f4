'use client';
import { useSearchParams } from 'next/navigation';
import type { ReactNode } from 'react';
import { Link } from '@/i18n/navigation';
import { usePathname } from '@/i18n/navigation-hooks';
import { navHref, type NavItem } from './nav-items';

/** A category link that knows whether it is the page being shown (path and category both match). */
export function NavLink({ item, className, children }: { item: NavItem; className: string; children: ReactNode }) {
  const pathname = usePathname();
  const category = useSearchParams().get('category_slug');
  const current = pathname === item.pathname && (item.categorySlug ?? null)?.toLowerCase() === (category ?? null)?.toLowerCase();
  return (
    <Link href={navHref(item)} aria-current={current ? 'page' : undefined} className={className}>
      {children}
    </Link>
  );
}
