/** The frame and metadata of the pages the newsletter's e-mails link to. Server-side only. */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AccountPage } from '@/components/account/account-page';
import { PageTexts } from '@/components/app/page-texts';
import { asLocale } from '@/i18n/locales';
import { pageMetadata } from '@/lib/seo';
import { NewsletterLink } from './newsletter-link';

export type NewsletterPageProps = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ token?: string | string[] }>;
};
type Action = 'confirm' | 'unsubscribe';

/** Pages only e-mailed links lead to: kept out of search results. */
export async function newsletterPageMetadata(action: Action, { params }: NewsletterPageProps): Promise<Metadata> {
  const locale = asLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'common' });
  return {
    ...pageMetadata({
      locale,
      href: `/newsletter/${action}`,
      title: t(`newsletter.meta.${action}Title`),
      description: t('newsletter.meta.description'),
      keywords: t('meta.keywords'),
    }),
    robots: { index: false, follow: false },
  };
}

export async function NewsletterPage({ action, params, searchParams }: NewsletterPageProps & { action: Action }) {
  const locale = asLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations('common');
  const { token } = await searchParams;
  return (
    <AccountPage title={t(action === 'confirm' ? 'newsletter.confirm.heading' : 'newsletter.unsubscribe.heading')} width="narrow">
      <PageTexts areas={['newsletter']}>
        <NewsletterLink action={action} token={typeof token === 'string' && token ? token : null} />
      </PageTexts>
    </AccountPage>
  );
}
