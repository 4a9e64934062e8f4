import type { Metadata } from 'next';
import { permanentRedirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { cache, Suspense } from 'react';
import { REVIEW_RATING_MAX, type Locale, type ProductDetail, type ReviewOrdering, type ReviewPage } from '@attar/contract';
import { ProductRail } from '@/components/home/product-rail';
import { productItem, productItemFor } from '@/components/product/catalogue-item';
import { askedMl } from '@/components/product/opening-size';
import { SIZE_PARAM } from '@/components/product/size-option';
import { DetailFacts } from '@/components/product/detail-facts';
import { DetailLayout } from '@/components/product/detail-layout';
import { JsonLd } from '@/components/product/json-ld';
import { RatingSummary } from '@/components/reviews/rating-summary';
import { REVIEW_PARAMS, ReviewsSection } from '@/components/reviews/reviews-section';
import { Link } from '@/i18n/navigation';
import { formatList } from '@/i18n/formats';
import { asLocale } from '@/i18n/locales';
import { getProduct, getSimilarProducts } from '@/lib/api/catalog';
import { getSiteConfig } from '@/lib/api/content';
import { readReviews } from '@/lib/api/reviews';
import { mediaSrc } from '@/lib/media';
import { orNotFound } from '@/lib/api/or-not-found';
import { visitorInEgypt } from '@/lib/country.server';
import { absoluteUrl, localizedHref, metaDescription, pageMetadata } from '@/lib/seo';
import { siteOrigin } from '@/lib/site-origin';
import { ANALYTICS_CURRENCY } from '@attar/contract';

type Props = PageProps<'/[locale]/fragrances/[slug]'>;

/** One fetch per request for both the metadata and the page; an unknown slug is a 404. */
const loadProduct = cache((slug: string, locale: string): Promise<ProductDetail> => orNotFound(getProduct(slug, locale)));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug, locale: segment } = await params;
  const locale = asLocale(segment);
  const product = await loadProduct(slug, locale);
  const t = await getTranslations({ locale, namespace: 'common.meta' });
  return pageMetadata({
    locale,
    href: `/fragrances/${product.slug}`,
    title: product.name,
    description: metaDescription(product.description),
    keywords: [product.name, product.category.name, product.family?.name, t('keywords')].filter(Boolean).join(', '),
    image: product.image,
  });
}

/**
 * The product for search engines; its page and pictures at the shop's public address (`origin`): one schema.org Offer
 * per size, each with its SKU, price and availability, and with reviews their AggregateRating and the ones shown.
 */
function productJsonLd(product: ProductDetail, reviews: ReviewPage | null, origin: string, locale: Locale) {
  const url = absoluteUrl(origin, locale, `/fragrances/${product.slug}`);
  const inStock = (availability: string) => (availability === 'available' ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock');
  const fallback = product.variants.find((variant) => variant.is_default);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    url,
    description: metaDescription(product.description, 500),
    sku: fallback?.sku ?? String(product.id),
    image: [product.image, ...product.productimages.map((each) => each.image)].map((src) => new URL(mediaSrc(src), origin).href),
    category: product.category.name,
    offers: product.variants.map((variant) => ({
      '@type': 'Offer',
      url,
      sku: variant.sku,
      price: variant.price,
      priceCurrency: ANALYTICS_CURRENCY,
      availability: inStock(variant.availability),
    })),
    ...(product.rating && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: product.rating.average,
        reviewCount: product.rating.count,
        bestRating: REVIEW_RATING_MAX,
        worstRating: 1,
      },
    }),
    ...(reviews?.results.length && {
      review: reviews.results.map((review) => ({
        '@type': 'Review',
        reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: REVIEW_RATING_MAX, worstRating: 1 },
        author: { '@type': 'Person', name: review.author },
        datePublished: review.created_at.slice(0, 10),
        reviewBody: review.text,
        inLanguage: review.language,
      })),
    }),
  };
}

/** The reviews the shopper chose to see (`?reviews=helpful&reviews_page=2`); anything unreadable is the first page, newest first. */
function reviewChoice(query: Record<string, string | string[] | undefined>): { ordering: ReviewOrdering; page: number } {
  const ordering: ReviewOrdering = query[REVIEW_PARAMS.ordering] === 'helpful' ? 'helpful' : 'newest';
  const page = Number(query[REVIEW_PARAMS.page]);
  return { ordering, page: Number.isInteger(page) && page > 1 && page <= 10_000 ? page : 1 };
}

export default async function ProductPage({ params, searchParams }: Props) {
  const { slug, locale: segment } = await params;
  const locale = asLocale(segment);
  setRequestLocale(locale);
  const query = await searchParams;
  const choice = reviewChoice(query);
  const [product, showPrice, config, t, tCrumbs] = await Promise.all([
    loadProduct(slug, locale),
    visitorInEgypt(),
    // The points rate for "Earn N points": without it the page says nothing about points.
    getSiteConfig(locale).catch(() => null),
    getTranslations('common.product'),
    getTranslations('common.breadcrumbs'),
  ]);
  // A renamed product's former address (the API followed its 301): the browser and search engines move on too.
  if (product.slug !== slug) permanentRedirect(localizedHref(locale, `/fragrances/${product.slug}`));
  const categoryHref = `/fragrances?category_slug=${product.category.slug}`;
  const notes: [string, string[]][] = [
    [t('topNotes'), product.notes.top],
    [t('heartNotes'), product.notes.heart],
    [t('baseNotes'), product.notes.base],
  ];
  const hasNotes = notes.some(([, list]) => list.length > 0);

  return (
    <>
      <DetailLayout
        // A shared link opens on the size it names; an unknown size on the default.
        item={productItemFor(product, { ml: askedMl(query[SIZE_PARAM]) })}
        trail={[
          { name: tCrumbs('fragrances'), href: '/fragrances' },
          { name: product.category.name, href: categoryHref },
          { name: product.name, href: `/fragrances/${product.slug}` },
        ]}
        eyebrow={product.category.name}
        mainAlt={product.image_alt}
        extraImages={product.productimages.map((each) => ({ src: each.image, alt: each.alt }))}
        showPrice={showPrice}
        rating={product.rating && <RatingSummary rating={product.rating} />}
        spendPerPoint={config?.spend_per_point ?? null}
      >
        {product.description && (
          <section aria-labelledby="description" className="flex flex-col gap-2">
            <h2 id="description" className="eyebrow">
              {t('description')}
            </h2>
            <p className="leading-relaxed whitespace-pre-line text-cream/90">{product.description}</p>
          </section>
        )}
        {hasNotes && (
          <section aria-labelledby="notes" className="flex flex-col gap-3">
            <h2 id="notes" className="eyebrow">
              {t('notes')}
            </h2>
            <ul className="grid gap-3 sm:grid-cols-3">
              {notes.map(([label, list]) => (
                <li key={label} className="rounded-2xl border border-line bg-night p-4">
                  <p className="mb-1 text-xs font-semibold text-gold">{label}</p>
                  <p className="text-sm text-cream/90">{formatList(list, locale)}</p>
                </li>
              ))}
            </ul>
          </section>
        )}
        <DetailFacts
          rows={[
            [
              t('category'),
              <Link key="category" href={categoryHref} className="text-link">
                {product.category.name}
              </Link>,
            ],
            [t('family'), product.family?.name ?? null],
            [t('concentration'), product.concentration],
            [
              t('occasions'),
              product.occasions.length > 0
                ? formatList(
                    product.occasions.map((each) => each.name),
                    locale,
                  )
                : null,
            ],
            [t('gender'), t(`genders.${product.gender}`)],
          ]}
        />
      </DetailLayout>
      {/* The product paints first; its reviews and similar products stream in behind it, each on its own. */}
      <Suspense>
        <ReviewsAndStructuredData product={product} choice={choice} locale={locale} />
      </Suspense>
      <Suspense>
        <SimilarProducts
          product={product}
          locale={locale}
          showPrice={showPrice}
          moreHref={product.family ? `/fragrances?family=${product.family.slug}` : categoryHref}
        />
      </Suspense>
    </>
  );
}

/** The reviews the shopper chose, and the product's structured data, which quotes them. */
async function ReviewsAndStructuredData({
  product,
  choice,
  locale,
}: {
  product: ProductDetail;
  choice: { ordering: ReviewOrdering; page: number };
  locale: Locale;
}) {
  // The reviews are a help: without them the page still sells, and search engines still read the product.
  const reviews = await readReviews(product.slug, locale, choice.ordering, choice.page).catch(() => null);
  return (
    <>
      <JsonLd data={productJsonLd(product, reviews, await siteOrigin(), locale)} />
      {reviews && <ReviewsSection slug={product.slug} reviews={reviews} ordering={choice.ordering} page={choice.page} />}
    </>
  );
}

/** Products closest to this one (`moreHref` lists more of their kind); a help the page stands without. */
async function SimilarProducts(props: { product: ProductDetail; locale: Locale; showPrice: boolean; moreHref: string }) {
  const [similar, t] = await Promise.all([
    getSimilarProducts(props.product.slug, props.locale).catch(() => []),
    getTranslations('common.product'),
  ]);
  return (
    <ProductRail id="similar" title={t('similar')} href={props.moreHref} items={similar.map(productItem)} showPrice={props.showPrice} />
  );
}
