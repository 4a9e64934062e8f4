import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
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

const PHONE_LINE = /^\+\d[\d ]{7,}$/;
const EMAIL_LINE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * One paragraph of an information page, in the direction of its own words. A line that is only a phone number is a
 * WhatsApp click-to-chat link, one that is only an e-mail address a mail link; both read left to right.
 */
async function InfoParagraph({ text }: { text: string }) {
  const className = 'mb-3 leading-relaxed text-cream/90';
  if (PHONE_LINE.test(text) || EMAIL_LINE.test(text)) {
    const t = await getTranslations('common.contact');
    const phone = PHONE_LINE.test(text);
    return (
      <p className={className}>
        <a
          href={phone ? `https://wa.me/${text.replace(/\D/g, '')}` : `mailto:${text}`}
          {...(phone ? { target: '_blank', rel: 'noopener noreferrer', 'aria-label': t('whatsapp', { phone: text }) } : {})}
          dir="ltr"
          className="text-link"
        >
          {text}
        </a>
      </p>
    );
  }
  return (
    <p dir="auto" className={className}>
      {text}
    </p>
  );
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
            <InfoParagraph key={line} text={paragraph} />
          ))}
        </section>
      ))}
    </article>
  );
}
