import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ShopperMessages } from '@/components/app/shopper-messages';
import { ShopperPage, shopperPageMetadata } from '@/components/cart/shopper-page';
import { CheckoutScreen } from '@/components/checkout/checkout-screen';
import { asLocale } from '@/i18n/locales';
import { getSiteConfig, listRegions } from '@/lib/api/content';

type Props = PageProps<'/[locale]/checkout'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = asLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'common' });
  return shopperPageMetadata(locale, '/checkout', t('checkout.title'), t('checkout.metaDescription'), t('meta.keywords'));
}

/**
 * Checkout: governorates, the loyalty and shipping rates and the ways to pay come from the server; the bag and the form
 * live in the browser.
 */
export default async function CheckoutPage({ params }: Props) {
  const locale = asLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations('common.checkout');
  const [regions, config] = await Promise.all([listRegions(locale), getSiteConfig(locale)]);
  return (
    <ShopperPage title={t('title')} wide>
      <ShopperMessages>
        <CheckoutScreen
          regions={regions}
          rates={{
            pointValue: config.point_value,
            spendPerPoint: config.spend_per_point,
            freeShippingAfter: config.free_shipping_after,
            giftWrapFee: config.gift_wrap_fee,
          }}
          payments={{ methods: config.payment_methods, valuMin: config.valu_min_order }}
        />
      </ShopperMessages>
    </ShopperPage>
  );
}
