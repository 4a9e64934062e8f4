import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import type { Locale } from '@attar/contract';
import { pageMetadata } from '@/lib/seo';

/** The shopper's own pages (/bag, /favourite): described, but kept out of search indexes. */
export function shopperPageMetadata(locale: Locale, href: string, title: string, description: string, keywords: string): Metadata {
  return { ...pageMetadata({ locale, href, title, description, keywords }), robots: { index: false, follow: true } };
}

/** Their frame: the heading, then what the browser fills in (the cart or the favourites live there). */
export function ShopperPage({ title, wide, children }: { title: string; wide: boolean; children: ReactNode }) {
  return (
    <div className={`mx-auto px-4 py-8 md:px-6 md:py-12 ${wide ? 'max-w-7xl' : 'max-w-6xl'}`}>
      <h1 className="mb-8 text-3xl font-semibold text-cream">{title}</h1>
      {children}
    </div>
  );
}
