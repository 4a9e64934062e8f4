import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { ContactCards } from '@/components/info/contact-cards';
import { asLocale } from '@/i18n/locales';
import { getSiteConfig } from '@/lib/api/content';
import { loadInfoPage } from '@/lib/info-pages';
import { pageMetadata } from '@/lib/seo';

type Props = PageProps<'/[locale]/[infoPage]'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { infoPage, locale: segment } = await params;
  const locale = asLocale(segment);
  const content = await loadInfoPage(infoPage, locale);
  if (!content) return {};
  return pageMetadata({ locale, href: `/${infoPage}`, title: content.title, description: content.description, keywords: content.keywords });
}

/** /about, /privacy-policy, /terms-conditions, /returns-policy and /contactUs; any other single segment is a 404. */
export default async function InfoPage({ params }: Props) {
  const { infoPage, locale: segment } = await params;
  const locale = asLocale(segment);
  setRequestLocale(locale);
  const content = await loadInfoPage(infoPage, locale);
  if (!content) notFound();
  const config = infoPage === 'contactUs' ? await getSiteConfig(locale).catch(() => null) : null;

  return (
    <article className="mx-auto max-w-3xl px-4 py-10 md:py-16">
      <h1 className="mb-4 text-3xl font-semibold text-cream md:text-4xl">{content.title}</h1>
      <p className="mb-10 text-lg leading-relaxed text-mist">{content.description}</p>
      {config && <ContactCards config={config} />}
      {content.sections.map((section, index) => (
        <section key={index} aria-labelledby={`section-${index}`} className="mb-8">
          <h2 id={`section-${index}`} className="mb-3 text-xl font-semibold text-gold">
            {section.heading}
          </h2>
          {section.paragraphs.map((paragraph, line) => (
            <p key={line} className="mb-3 leading-relaxed text-cream/90">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
