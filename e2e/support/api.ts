/** Reads what the seeded API serves, so tests pick real products instead of hard-coding the catalogue. */
import type { APIRequestContext } from '@playwright/test';
import { API_URL } from './urls';
import type { Category, Paginated, Product, ProductVariant, PromotionData, SiteConfig, Slider } from '@attar/contract';

export type Catalogue = {
  products: Product[];
  categories: Category[];
  siteConfig: SiteConfig;
  promotion: PromotionData;
  sliders: Slider[];
};

async function getJson<T>(api: APIRequestContext, url: string): Promise<T> {
  const response = await api.get(url);
  if (!response.ok()) throw new Error(`GET ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The start of the slugs of products the browser tests create (back-office/catalogue.spec.ts). */
export const E2E_SLUG_PREFIX = 'e2e-';

export async function loadCatalogue(api: APIRequestContext): Promise<Catalogue> {
  const [page, categories, siteConfig, promotion, sliders] = await Promise.all([
    getJson<Paginated<Product>>(api, `${API_URL}/api/products/?page_size=100`),
    getJson<Category[]>(api, `${API_URL}/api/categories/`),
    getJson<SiteConfig>(api, `${API_URL}/api/siteconfigb/`),
    getJson<PromotionData>(api, `${API_URL}/api/promotion-data/`),
    getJson<Slider[]>(api, `${API_URL}/api/sliders/`),
  ]);
  // Products the back-office spec creates while the run goes on (slugs `e2e-…`) are not the seed's: tests that pick
  // "a product with notes" must not get one whose notes nothing else shares.
  const products = page.results.filter((product) => !product.slug.startsWith(E2E_SLUG_PREFIX));
  if (page.count > page.results.length) throw new Error('The seed catalogue outgrew one page: page through it');
  return { products, categories, siteConfig, promotion, sliders };
}

/** The first product that satisfies `accept`, or a failure naming what the seed lacks. */
export function findProduct(catalogue: Catalogue, what: string, accept: (product: Product) => boolean): Product {
  const product = catalogue.products.find(accept);
  if (!product) throw new Error(`The seed catalogue has no ${what}`);
  return product;
}

/** A product's name as the storefront shows it in a language. */
export function productName(product: Product, locale: 'en' | 'ar'): string {
  return locale === 'ar' ? product.name_ar : product.name_en;
}

/** The size `{product, quantity}` means: the product's default size. */
export function defaultSize(product: Product): ProductVariant {
  const size = product.variants.find((variant) => variant.is_default);
  if (!size) throw new Error(`Product ${product.id} has no default size`);
  return size;
}

/** `GET /api/products/` with `query`, in a language: what a listing page of the storefront should show. */
export async function listProducts(
  api: APIRequestContext,
  query: Record<string, string>,
  locale: 'en' | 'ar',
): Promise<Paginated<Product>> {
  const params = new URLSearchParams({ ...query, lang: locale });
  return getJson<Paginated<Product>>(api, `${API_URL}/api/products/?${params}`);
}

export async function listCategories(api: APIRequestContext, locale: 'en' | 'ar'): Promise<Category[]> {
  return getJson<Category[]>(api, `${API_URL}/api/categories/?lang=${locale}`);
}

export async function getProduct(api: APIRequestContext, slug: string, locale: 'en' | 'ar'): Promise<Product> {
  return getJson<Product>(api, `${API_URL}/api/products/${slug}/?lang=${locale}`);
}
