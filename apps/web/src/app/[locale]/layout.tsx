import { headers } from 'next/headers';
import '@/fonts/cairo.css';
import '../globals.css';
import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { SiteConfig } from '@attar/contract';
import { AnalyticsScripts } from '@/components/app/analytics-scripts';
import { AppProvider } from '@/components/app/app-provider';
import { AfterIdle } from '@/components/app/after-idle';
import { InAppNavigation } from '@/components/app/in-app-navigation';
import { Toaster } from '@/components/app/toaster';
import { CartPanels } from '@/components/cart/cart-panels';
import { ChallengeSlot } from '@/components/challenge/challenge-slot';
import { CartProvider } from '@/components/cart/cart-provider';
import { FavouritesProvider } from '@/components/favourites/favourites-provider';
import { Footer } from '@/components/footer/footer';
import { Header } from '@/components/header/header';
import { BottomBar } from '@/components/layout/bottom-bar';
import { storefrontClientMessages } from '@/i18n/client-messages';
import { asLocale, localeConfig } from '@/i18n/locales';
import { routing } from '@/i18n/routing';
import { getSiteConfig } from '@/lib/api/content';
import { isSellingCountry } from '@/lib/country';
import { getCountryName } from '@/lib/country.server';
import { siteOrigin } from '@/lib/site-origin';
import { latinFont } from '../latin-font';

export async function generateMetadata({ params }: LayoutProps<'/[locale]'>): Promise<Metadata> {
  const locale = asLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'common.meta' });
  return {
    metadataBase: new URL(await siteOrigin()),
    applicationName: t('siteName'),
    title: { template: `%s | ${t('siteName')}`, default: t('siteName') },
    description: t('homeDescription'),
    keywords: t('keywords'),
    openGraph: { siteName: t('siteName'), type: 'website', locale: localeConfig(locale).ogLocale },
    formatDetection: { telephone: false },
  };
}

export const viewport: Viewport = { themeColor: '#0d0b09', colorScheme: 'dark' };

/** Site settings feed the banner and footer; the shop still renders (without them) if the call fails. */
async function siteConfigOrNull(locale: string): Promise<SiteConfig | null> {
  try {
    return await getSiteConfig(locale);
  } catch (error) {
    console.error('Site config unavailable', error);
    return null;
  }
}

export default async function LocaleLayout({ children, params }: LayoutProps<'/[locale]'>) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);

  const { lang, dir, fontClass } = localeConfig(locale);
  const [countryName, config, messages, t, requestHeaders] = await Promise.all([
    getCountryName(),
    siteConfigOrNull(locale),
    getMessages(),
    getTranslations('common.a11y'),
    headers(),
  ]);
  // The page's Content-Security-Policy runs only scripts with this nonce (src/proxy.ts makes it per request).
  const nonce = requestHeaders.get('x-nonce') ?? undefined;
  const egypt = isSellingCountry(countryName);

  return (
    <html lang={lang} dir={dir} className={`${latinFont.variable} ${fontClass}`}>
      <body className="antialiased">
        <NextIntlClientProvider messages={storefrontClientMessages(messages)}>
          <AppProvider initialCountryName={countryName} nonce={nonce}>
            <CartProvider freeShippingAfter={config ? config.free_shipping_after : null}>
              <FavouritesProvider>
                <a
                  href="#main"
                  className="sr-only z-50 rounded-full bg-gold px-4 py-2 text-ink focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
                >
                  {t('skipToContent')}
                </a>
                <Header freeShippingThreshold={egypt && config ? config.free_shipping_after : null} />
                <main id="main" className="min-h-[60vh]">
                  {children}
                </main>
                <Footer config={config} />
                <BottomBar />
                <CartPanels />
                <AfterIdle />
                <InAppNavigation />
                <Toaster dir={dir} />
                <ChallengeSlot />
              </FavouritesProvider>
            </CartProvider>
          </AppProvider>
        </NextIntlClientProvider>
        <AnalyticsScripts nonce={nonce} />
      </body>
    </html>
  );
}
