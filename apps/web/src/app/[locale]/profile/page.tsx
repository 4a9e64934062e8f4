import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PageTexts } from '@/components/app/page-texts';
import { SHOPPER_AREAS } from '@/i18n/client-messages';
import { AccountPage, accountPageMetadata } from '@/components/account/account-page';
import { ProfileScreen } from '@/components/account/profile-screen';
import { asLocale } from '@/i18n/locales';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return accountPageMetadata(asLocale((await params).locale), 'profile');
}

/** The signed-in shopper's account: details, phone and e-mail verification, points, log-out. */
export default async function ProfilePage({ params }: Props) {
  const locale = asLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations('common');
  return (
    <AccountPage title={t('account.profile.heading')} width="wide">
      <PageTexts areas={[...SHOPPER_AREAS, 'newsletter']}>
        <ProfileScreen />
      </PageTexts>
    </AccountPage>
  );
}
