import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ShopperPage, shopperPageMetadata } from '@/components/cart/shopper-page';
import { FavouritesList } from '@/components/favourites/favourites-list';
import { asLocale } from '@/i18n/locales';

type Props = PageProps<'/[locale]/favourite'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = asLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'common' });
  return shopperPageMetadata(locale, '/favourite', t('cart.favourites.title'), t('cart.favourites.description'), t('meta.keywords'));
}

/** The signed-in shopper's favourites (/favourite); the token lives in the browser, so the list is read there. */
export default async function FavouritePage({ params }: Props) {
  setRequestLocale(asLocale((await params).locale));
  const t = await getTranslations('common.cart.favourites');
  return (
    <ShopperPage title={t('title')} wide>
      <FavouritesList />
    </ShopperPage>
  );
}
