import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { BagContents } from '@/components/bag/bag-contents';
import { asLocale } from '@/i18n/locales';
import { pageMetadata } from '@/lib/seo';

type Props = PageProps<'/[locale]/bag'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = asLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'common.meta' });
  return {
    ...pageMetadata({ locale, href: '/bag', title: t('bagTitle'), description: t('bagDescription'), keywords: t('keywords') }),
    robots: { index: false, follow: true },
  };
}

/** The cart page: the guest cart kept in this browser or the signed-in shopper's cart (rendered in the browser). */
export default async function BagPage({ params }: Props) {
  const locale = asLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations('common.bag');
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:px-6 md:py-12">
      <h1 className="mb-8 text-3xl font-semibold text-cream">{t('title')}</h1>
      <BagContents />
    </div>
  );
}
