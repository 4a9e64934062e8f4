import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ShopperMessages } from '@/components/app/shopper-messages';
import { BagContents } from '@/components/bag/bag-contents';
import { ShopperPage, shopperPageMetadata } from '@/components/cart/shopper-page';
import { asLocale } from '@/i18n/locales';

type Props = PageProps<'/[locale]/bag'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = asLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'common.meta' });
  return shopperPageMetadata(locale, '/bag', t('bagTitle'), t('bagDescription'), t('keywords'));
}

/** The cart page: the guest cart kept in this browser or the signed-in shopper's cart (rendered in the browser). */
export default async function BagPage({ params }: Props) {
  setRequestLocale(asLocale((await params).locale));
  const t = await getTranslations('common.bag');
  return (
    <ShopperPage title={t('title')} wide={false}>
      <ShopperMessages>
        <BagContents />
      </ShopperMessages>
    </ShopperPage>
  );
}
