import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ShopperMessages } from '@/components/app/shopper-messages';
import { AccountPage, accountPageMetadata } from '@/components/account/account-page';
import { LoginScreen } from '@/components/account/login-screen';
import { asLocale } from '@/i18n/locales';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return accountPageMetadata(asLocale((await params).locale), 'login');
}

/** Log-in, sign-up, password reset and social sign-in. */
export default async function LoginPage({ params }: Props) {
  const locale = asLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations('common');
  return (
    <AccountPage title={t('account.login.heading')} intro={t('account.login.intro')} width="narrow">
      <ShopperMessages>
        <LoginScreen />
      </ShopperMessages>
    </AccountPage>
  );
}
