import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ShopperMessages } from '@/components/app/shopper-messages';
import { ConfirmOrder } from '@/components/orders/confirm-order';
import { SignedLinkFrame } from '@/components/orders/signed-link-frame';
import { asLocale } from '@/i18n/locales';
import { getOrderConfirmation } from '@/lib/api/order-confirmation-page';
import { followSignedLink, signedLinkMetadata, type SignedLinkPageProps } from '@/lib/orders/signed-link-page';

/** Only a signed link leads here: kept out of search results. */
export const generateMetadata = (props: SignedLinkPageProps) => signedLinkMetadata(props, '/confirm-order', 'orders.confirmation');

/**
 * A cash order's confirmation link (decision 0048), opened without signing in: the order and two buttons, each a POST,
 * so opening the page (as a link previewer does) changes nothing; a bad, expired or used link says what is the case.
 */
export default async function ConfirmOrderPage(props: SignedLinkPageProps) {
  const locale = asLocale((await props.params).locale);
  setRequestLocale(locale);
  const t = await getTranslations('common.orders.confirmation');
  const link = await followSignedLink(props, (token) => getOrderConfirmation(token, locale));
  return (
    <SignedLinkFrame title={t('title')} problem={'problem' in link ? (link.problem ?? t('missingToken')) : null}>
      {'found' in link && (
        <ShopperMessages>
          <ConfirmOrder confirmation={link.found} token={link.token} />
        </ShopperMessages>
      )}
    </SignedLinkFrame>
  );
}
