import { getTranslations, setRequestLocale } from 'next-intl/server';
import { OrderTracking } from '@/components/orders/order-tracking';
import { SignedLinkFrame } from '@/components/orders/signed-link-frame';
import { asLocale } from '@/i18n/locales';
import { getOrderTracking } from '@/lib/api/tracking';
import { followSignedLink, signedLinkMetadata, type SignedLinkPageProps } from '@/lib/orders/signed-link-page';

/** Only a signed link leads here: kept out of search results (decision 0038). */
export const generateMetadata = (props: SignedLinkPageProps) => signedLinkMetadata(props, '/track', 'orders.tracking');

/** The public tracking page of one order, opened from its signed link without signing in. */
export default async function TrackPage(props: SignedLinkPageProps) {
  const locale = asLocale((await props.params).locale);
  setRequestLocale(locale);
  const t = await getTranslations('common.orders.tracking');
  const link = await followSignedLink(props, (token) => getOrderTracking(token, locale));
  return (
    <SignedLinkFrame title={t('title')} problem={'problem' in link ? (link.problem ?? t('missingToken')) : null}>
      {'found' in link && <OrderTracking tracking={link.found} />}
    </SignedLinkFrame>
  );
}
