import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PageTexts } from '@/components/app/page-texts';
import { ShopperPage, shopperPageMetadata } from '@/components/cart/shopper-page';
import { NotificationsView } from '@/components/notifications/notifications-view';
import { asLocale } from '@/i18n/locales';

type Props = PageProps<'/[locale]/notifications'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = asLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'common' });
  return shopperPageMetadata(locale, '/notifications', t('alerts.listTitle'), t('alerts.listDescription'), t('meta.keywords'));
}

/** The bell's list: the token lives in the browser, so the list is read there. */
export default async function NotificationsPage({ params }: Props) {
  setRequestLocale(asLocale((await params).locale));
  const t = await getTranslations('common.alerts');
  return (
    <ShopperPage title={t('listTitle')} wide={false}>
      <PageTexts areas={['alerts']}>
        <NotificationsView />
      </PageTexts>
    </ShopperPage>
  );
}
