/** The frame and metadata the two account pages (/login, /profile) share. Server-side only. */
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { Locale } from '@attar/contract';
import { pageMetadata } from '@/lib/seo';

/** Title, description and keywords in the page's language; account pages stay out of search results. */
export async function accountPageMetadata(locale: Locale, page: 'login' | 'profile'): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'common' });
  return {
    ...pageMetadata({
      locale,
      href: `/${page}`,
      title: t(`account.meta.${page}Title`),
      description: t(`account.meta.${page}Description`),
      keywords: t('meta.keywords'),
    }),
    robots: { index: false, follow: true },
  };
}

type AccountPageProps = { title: string; intro?: string; width: 'narrow' | 'wide'; children: ReactNode };

export function AccountPage({ title, intro, width, children }: AccountPageProps) {
  return (
    <div className={`mx-auto px-4 py-10 md:py-14 ${width === 'narrow' ? 'max-w-md' : 'max-w-5xl'}`}>
      <h1 className="text-3xl font-semibold text-cream">{title}</h1>
      {intro && <p className="mt-2 text-mist">{intro}</p>}
      <div className="mt-8">{children}</div>
    </div>
  );
}
