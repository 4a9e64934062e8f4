import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AccountPage } from '@/components/account/account-page';
import { OrderTracking } from '@/components/orders/order-tracking';
import { asLocale } from '@/i18n/locales';
import { getOrderTracking } from '@/lib/api/tracking';
import { errorMessage } from '@/lib/errors';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ token?: string | string[] }> };

/** Only a signed link leads here: kept out of search results (decision 0038). */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = asLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'common' });
  return {
    ...pageMetadata({
      locale,
      href: '/track',
      title: t('orders.tracking.title'),
      description: t('orders.tracking.description'),
      keywords: t('meta.keywords'),
    }),
    robots: { index: false, follow: false },
  };
}

/** The public tracking page of one order, opened from its signed link without signing in. */
export default async function TrackPage({ params, searchParams }: Props) {
  const locale = asLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations('common.orders.tracking');
  const { token } = await searchParams;
  const found =
    typeof token === 'string' && token ? await getOrderTracking(token, locale).catch((error: unknown) => errorMessage(error)) : null;
  return (
    <AccountPage title={t('title')} width="narrow">
      {found === null || typeof found === 'string' ? (
        <p role="alert" className="text-danger">
          {found ?? t('missingToken')}
        </p>
      ) : (
        <OrderTracking tracking={found} />
      )}
    </AccountPage>
  );
}
