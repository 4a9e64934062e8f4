import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { FavouritesList } from '@/components/favourites/favourites-list';
import { asLocale } from '@/i18n/locales';
import { pageMetadata } from '@/lib/seo';

type Props = PageProps<'/[locale]/favourite'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = asLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'common' });
  return {
    ...pageMetadata({
      locale,
      href: '/favourite',
      title: t('cart.favourites.title'),
      description: t('cart.favourites.description'),
      keywords: t('meta.keywords'),
    }),
    robots: { index: false, follow: true },
  };
}

/** The signed-in shopper's favourites (spec §2 /favourite); the token lives in the browser, so the list is read there. */
export default async function FavouritePage({ params }: Props) {
  const locale = asLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations('common.cart.favourites');
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:px-6 md:py-12">
      <h1 className="mb-8 text-3xl font-semibold text-cream">{t('title')}</h1>
      <FavouritesList />
    </div>
  );
}
