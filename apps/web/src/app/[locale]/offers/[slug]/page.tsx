import type { Metadata } from 'next';
import { permanentRedirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { cache } from 'react';
import type { Offer } from '@attar/contract';
import { offerItem } from '@/components/product/catalogue-item';
import { DetailLayout } from '@/components/product/detail-layout';
import { Link } from '@/i18n/navigation';
import { asLocale, formatNumber } from '@/i18n/locales';
import { getOffer } from '@/lib/api/catalog';
import { orNotFound } from '@/lib/api/or-not-found';
import { visitorInEgypt } from '@/lib/country.server';
import { mediaSrc } from '@/lib/media';
import { localizedHref, metaDescription, pageMetadata } from '@/lib/seo';

type Props = PageProps<'/[locale]/offers/[slug]'>;

const loadOffer = cache((slug: string, locale: string): Promise<Offer> => orNotFound(getOffer(slug, locale)));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug, locale: segment } = await params;
  const locale = asLocale(segment);
  const offer = await loadOffer(slug, locale);
  const t = await getTranslations({ locale, namespace: 'common.meta' });
  return pageMetadata({
    locale,
    href: `/offers/${offer.slug}`,
    title: offer.name,
    description: metaDescription(offer.description) || t('offersDescription'),
    keywords: [offer.name, ...offer.products.map((line) => line.product.name), t('keywords')].join(', '),
    image: offer.image,
  });
}

/** An offer (a bundle at its own price); the button here adds the offer itself. */
export default async function OfferPage({ params }: Props) {
  const { slug, locale: segment } = await params;
  const locale = asLocale(segment);
  setRequestLocale(locale);
  const [offer, showPrice, t, tCrumbs] = await Promise.all([
    loadOffer(slug, locale),
    visitorInEgypt(),
    getTranslations('common.product'),
    getTranslations('common.breadcrumbs'),
  ]);
  // A renamed offer's former address (the API followed its 301): the browser and search engines move on too.
  if (offer.slug !== slug) permanentRedirect(localizedHref(locale, `/offers/${offer.slug}`));
  const trail = [
    { name: tCrumbs('offers'), href: '/offers' },
    { name: offer.name, href: `/offers/${offer.slug}` },
  ];

  return (
    <DetailLayout
      item={offerItem(offer)}
      trail={trail}
      eyebrow={t('offerBadge')}
      mainAlt={offer.image_alt}
      extraImages={[]}
      showPrice={showPrice}
    >
      {offer.description && <p className="leading-relaxed whitespace-pre-line text-cream/90">{offer.description}</p>}
      <section aria-labelledby="offer-includes" className="flex flex-col gap-3">
        <h2 id="offer-includes" className="eyebrow">
          {t('offerIncludes')}
        </h2>
        <ul className="flex flex-col gap-3">
          {offer.products.map(({ product, variant, ml, quantity }) => (
            <li key={variant}>
              <Link
                href={`/fragrances/${product.slug}`}
                className="flex items-center gap-4 rounded-2xl border border-line bg-night p-3 transition-colors hover:border-gold/60"
              >
                <img
                  src={mediaSrc(product.image_mobile)}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  className="size-16 rounded-xl object-cover"
                />
                <span className="flex flex-col text-sm text-cream">
                  {t('includedQuantity', { quantity: formatNumber(quantity, locale), name: product.name })}
                  <span className="text-xs text-mist tabular">{t('sizeMl', { size: formatNumber(ml, locale) })}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </DetailLayout>
  );
}
