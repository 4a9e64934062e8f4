/**
 * The pages only an order's signed link leads to (tracking, decision 0038; a cash order's confirmation, decision
 * 0048; a phone order's payment link, decision 0060): kept out of search results, and the order the link names read
 * on the server, or the shop's words for why it cannot be (a bad, expired or missing link). Server-side only.
 */
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { asLocale } from '@/i18n/locales';
import { errorMessage } from '@/lib/errors';
import { pageMetadata } from '@/lib/seo';

export type SignedLinkPageProps = { params: Promise<{ locale: string }>; searchParams: Promise<{ token?: string | string[] }> };

/** The page's metadata from its texts (`common.<texts>.title` and `.description`), never indexed. */
export async function signedLinkMetadata(
  { params }: SignedLinkPageProps,
  href: string,
  texts: 'orders.tracking' | 'orders.confirmation' | 'orders.payment',
) {
  const locale = asLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'common' });
  return {
    ...pageMetadata({ locale, href, title: t(`${texts}.title`), description: t(`${texts}.description`), keywords: t('meta.keywords') }),
    robots: { index: false, follow: false },
  } satisfies Metadata;
}

/** The link's token and what `read` found for it, or the API's refusal in words (null: no token at all). */
export async function followSignedLink<T>(
  { searchParams }: SignedLinkPageProps,
  read: (token: string) => Promise<T>,
): Promise<{ token: string; found: T } | { problem: string | null }> {
  const { token } = await searchParams;
  if (typeof token !== 'string' || !token) return { problem: null };
  try {
    return { token, found: await read(token) };
  } catch (error) {
    return { problem: errorMessage(error) };
  }
}
