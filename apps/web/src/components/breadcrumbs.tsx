import { getLocale, getTranslations } from 'next-intl/server';
import { asLocale } from '@/i18n/locales';
import { Link } from '@/i18n/navigation';
import { absoluteUrl } from '@/lib/seo';
import { siteOrigin } from '@/lib/site-origin';
import { ChevronEndIcon } from './icons';
import { JsonLd } from './product/json-ld';

/** One step of the trail; the last one is the page itself (no link). */
export type Crumb = { name: string; href: string };

/** Where the page sits (Home › Fragrances › Category › Product), with its BreadcrumbList for search engines. */
export async function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  const [t, locale, origin] = await Promise.all([getTranslations('common.breadcrumbs'), getLocale().then(asLocale), siteOrigin()]);
  const steps = [{ name: t('home'), href: '/' }, ...trail];
  return (
    <nav aria-label={t('label')} className="md:col-span-2">
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'BreadcrumbList',
          itemListElement: steps.map((step, index) => ({
            '@type': 'ListItem',
            position: index + 1,
            name: step.name,
            item: absoluteUrl(origin, locale, step.href),
          })),
        }}
      />
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-mist">
        {steps.map((step, index) => {
          const last = index === steps.length - 1;
          return (
            <li key={step.href} className="flex items-center gap-1.5">
              {last ? (
                <span aria-current="page" className="line-clamp-1 text-cream">
                  {step.name}
                </span>
              ) : (
                <>
                  <Link href={step.href} className="hover:text-gold">
                    {step.name}
                  </Link>
                  <ChevronEndIcon size={14} aria-hidden="true" className="rtl:-scale-x-100" />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
