import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PayOrder } from '@/components/orders/pay-order';
import { SignedLinkFrame } from '@/components/orders/signed-link-frame';
import { asLocale } from '@/i18n/locales';
import { getPaymentLink } from '@/lib/api/payment-link';
import { followSignedLink, signedLinkMetadata, type SignedLinkPageProps } from '@/lib/orders/signed-link-page';

/** Only a signed link leads here: kept out of search results. */
export const generateMetadata = (props: SignedLinkPageProps) => signedLinkMetadata(props, '/pay-order', 'orders.payment');

/**
 * A phone order's payment link (decision 0060), opened without signing in: the order and, while it waits for its
 * payment, "Pay", a form's POST, so opening the page (as a link previewer does) changes nothing; a forged link, or one
 * paid, cancelled or run out, says what is the case.
 */
export default async function PayOrderPage(props: SignedLinkPageProps) {
  const locale = asLocale((await props.params).locale);
  setRequestLocale(locale);
  const t = await getTranslations('common.orders.payment');
  const link = await followSignedLink(props, (token) => getPaymentLink(token, locale));
  return (
    <SignedLinkFrame title={t('title')} problem={'problem' in link ? (link.problem ?? t('missingToken')) : null}>
      {'found' in link && <PayOrder link={link.found} token={link.token} />}
    </SignedLinkFrame>
  );
}
