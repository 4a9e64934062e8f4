import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ContactCards } from '@/components/info/contact-cards';
import { InfoMarkup, type MarkupLinks } from '@/components/info/info-markup';
import { asLocale } from '@/i18n/locales';
import { getSiteConfig } from '@/lib/api/content';
import { loadInfoPage } from '@/lib/info-pages';
import { localizedHref, pageMetadata } from '@/lib/seo';

type Props = PageProps<'/[locale]/[infoPage]'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { infoPage, locale: segment } = await params;
  const locale = asLocale(segment);
  const content = await loadInfoPage(infoPage, locale);
  if (!content) return {};
  const t = await getTranslations({ locale, namespace: 'common.meta' });
  return pageMetadata({
    locale,
    href: `/${infoPage}`,
    title: content.title,
    description: content.description,
    keywords: `${content.title}, ${t('keywords')}`,
  });
}

/**
 * /about, /privacy-policy, /terms-conditions, /returns-policy and /contactUs, as the back office last saved them (the
 * API's markup, rendered here on the server); any other single segment is a 404.
 */
export default async function InfoPage({ params }: Props) {
  const { infoPage, locale: segment } = await params;
  const locale = asLocale(segment);
  setRequestLocale(locale);
  const content = await loadInfoPage(infoPage, locale);
  if (!content) notFound();
  const config = infoPage === 'contactUs' ? await getSiteConfig(locale).catch(() => null) : null;
  const t = await getTranslations('common.contact');
  const links: MarkupLinks = {
    localHref: (href) => localizedHref(locale, href),
    whatsappLabel: (phone) => t('whatsapp', { phone }),
  };

  return (
    <article className="mx-auto max-w-3xl px-4 py-10 md:py-16">
      <h1 className="mb-4 text-3xl font-semibold text-cream md:text-4xl">{content.title}</h1>
      {content.lead && <InfoMarkup blocks={[content.lead]} links={links} paragraphClass="mb-10 text-lg leading-relaxed text-mist" />}
      {config && <ContactCards config={config} />}
      <InfoMarkup blocks={content.blocks} links={links} />
    </article>
  );
}
