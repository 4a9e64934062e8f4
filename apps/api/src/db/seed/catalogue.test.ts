import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  IMAGE_SIZES,
  SLIDER_SIZES,
  offerImagePaths,
  productImagePaths,
  renderOfferImages,
  renderProductImages,
  renderSliderImages,
  sliderImagePaths,
} from './artwork';
import * as data from './catalogue';
import { syntheticProducts } from './synthetic';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ARABIC = /[\u0600-\u06FF]/;
const { PRODUCTS, OFFERS, SLIDERS } = data;

const slugsOf = (items: readonly { slug: string }[]) => new Set(items.map((i) => i.slug));
const nonBullets = PRODUCTS.filter((p) => p.type !== 'bullet');
const inCategory = (slug: string) => nonBullets.filter((p) => p.categorySlug === slug);

describe('seed catalogue', () => {
  it('has at least 48 products, 8 or more in each category, besides at least 8 pocket sprays', () => {
    expect(nonBullets.length).toBeGreaterThanOrEqual(48);
    for (const category of data.CATEGORIES) expect(inCategory(category.slug).length, category.slug).toBeGreaterThanOrEqual(8);
    const bullets = PRODUCTS.filter((p) => p.type === 'bullet');
    expect(bullets.length).toBeGreaterThanOrEqual(8);
    expect(bullets.every((p) => p.sizesMl.length === 1 && p.sizesMl[0] === 10)).toBe(true);
  });

  it('gives each category its product type', () => {
    for (const p of nonBullets) expect(p.type, p.slug).toBe(p.categorySlug === 'deodorants' ? 'deodorant' : 'perfume');
  });

  it('has the four categories of the storefront nav, in order', () => {
    expect(data.CATEGORIES.map((c) => c.slug)).toEqual(['eau-de-parfum', 'eau-de-toilette', 'energy-boosting-fragrances', 'deodorants']);
    expect(data.CATEGORIES.map((c) => c.position)).toEqual([1, 2, 3, 4]);
  });

  it('has sold-out, nearly sold-out and new products', () => {
    expect(PRODUCTS.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(5);
    expect(PRODUCTS.filter((p) => p.stock >= 1 && p.stock <= 3).length).toBeGreaterThanOrEqual(3);
    const fresh = PRODUCTS.filter((p) => p.isNew).length;
    expect(fresh).toBeGreaterThanOrEqual(10);
    expect(fresh).toBeLessThanOrEqual(14);
  });

  it('uses valid, unique slugs in every list', () => {
    const lists = {
      categories: data.CATEGORIES,
      families: data.FAMILIES,
      occasions: data.OCCASIONS,
      notes: data.NOTES,
      products: PRODUCTS,
      offers: OFFERS,
      sliders: SLIDERS,
    };
    for (const [name, list] of Object.entries(lists)) {
      for (const item of list) expect(item.slug, name).toMatch(SLUG);
      expect(slugsOf(list).size, name).toBe(list.length);
    }
    expect(new Set(data.SIZE_ML).size).toBe(data.SIZE_ML.length);
  });

  it('only refers to things that exist', () => {
    const categories = slugsOf(data.CATEGORIES);
    const families = slugsOf(data.FAMILIES);
    const occasions = slugsOf(data.OCCASIONS);
    const notes = slugsOf(data.NOTES);
    const products = slugsOf(PRODUCTS);
    for (const p of PRODUCTS) {
      expect(categories.has(p.categorySlug), p.slug).toBe(true);
      expect(families.has(p.familySlug), p.slug).toBe(true);
      expect(p.occasionSlugs.length, p.slug).toBeGreaterThan(0);
      for (const o of p.occasionSlugs) expect(occasions.has(o), `${p.slug}: ${o}`).toBe(true);
      for (const ml of p.sizesMl) expect(data.SIZE_ML, p.slug).toContain(ml);
      for (const layer of ['top', 'heart', 'base'] as const) {
        expect(p.notes[layer].length, `${p.slug} ${layer}`).toBeGreaterThan(0);
        for (const n of p.notes[layer]) expect(notes.has(n), `${p.slug}: ${n}`).toBe(true);
      }
    }
    for (const offer of OFFERS) for (const item of offer.items) expect(products.has(item.productSlug), offer.slug).toBe(true);
    for (const slide of SLIDERS) for (const slug of slide.productSlugs) expect(products.has(slug), slide.slug).toBe(true);
    expect(Object.values(data.NOTE_SLUGS_BY_LAYER).flat().sort()).toEqual([...notes].sort());
  });

  it('writes every Arabic field in Arabic script and every English one without it', () => {
    const named = [...data.CATEGORIES, ...data.FAMILIES, ...data.OCCASIONS, ...data.NOTES];
    for (const item of named) {
      expect(item.nameAr, item.slug).toMatch(ARABIC);
      expect(item.nameEn, item.slug).not.toMatch(ARABIC);
    }
    for (const p of [...PRODUCTS, ...OFFERS]) {
      for (const text of [p.nameAr, p.descriptionAr]) expect(text, p.slug).toMatch(ARABIC);
      for (const text of [p.nameEn, p.descriptionEn]) expect(text, p.slug).not.toMatch(ARABIC);
      for (const description of [p.descriptionEn, p.descriptionAr]) {
        const sentences = description.split(/[.!؟]\s*/).filter(Boolean).length;
        expect(sentences, p.slug).toBeGreaterThanOrEqual(2);
        expect(sentences, p.slug).toBeLessThanOrEqual(3);
      }
    }
    for (const p of PRODUCTS) expect(p.concentrationAr, p.slug).toMatch(ARABIC);
    for (const slide of SLIDERS) for (const text of [slide.titleAr, slide.subtitleAr]) expect(text).toMatch(ARABIC);
    expect(data.SITE_CONFIG.storeNameAr).toMatch(ARABIC);
    expect(data.SITE_CONFIG.storeAddressAr).toMatch(ARABIC);
  });

  it('has the letter variants that Arabic-aware search must fold, and a Latin diacritic', () => {
    expect(PRODUCTS.some((p) => /[أإآ]/.test(p.nameAr))).toBe(true);
    expect(PRODUCTS.some((p) => /إ/.test(p.nameAr))).toBe(true);
    expect(PRODUCTS.some((p) => /آ/.test(p.nameAr))).toBe(true);
    expect(PRODUCTS.some((p) => /ة/.test(p.nameAr))).toBe(true);
    expect(PRODUCTS.some((p) => /ى/.test(p.nameAr))).toBe(true);
    expect(PRODUCTS.some((p) => /[\u00C0-\u017F]/.test(p.nameEn))).toBe(true);
  });

  it('prices every product in whole piastres, within its shelf band, some at half a pound', () => {
    for (const p of PRODUCTS) {
      expect(Number.isInteger(p.pricePiastres), p.slug).toBe(true);
      const [low, high] = data.priceBand(p);
      expect(p.pricePiastres, p.slug).toBeGreaterThanOrEqual(low);
      expect(p.pricePiastres, p.slug).toBeLessThanOrEqual(high);
      expect(Number.isInteger(p.stock) && p.stock >= 0, p.slug).toBe(true);
    }
    expect(PRODUCTS.filter((p) => p.pricePiastres % 100 === 50).length).toBeGreaterThanOrEqual(3);
  });

  it('prices each offer below the sum of its items, which is its original price', () => {
    expect(OFFERS.length).toBeGreaterThanOrEqual(5);
    for (const offer of OFFERS) {
      const sum = offer.items.reduce((total, item) => {
        const product = PRODUCTS.find((p) => p.slug === item.productSlug)!;
        return total + product.pricePiastres * item.quantity;
      }, 0);
      expect(data.offerOriginalPricePiastres(offer), offer.slug).toBe(sum);
      expect(Number.isInteger(offer.pricePiastres)).toBe(true);
      expect(offer.pricePiastres, offer.slug).toBeGreaterThan(0);
      expect(offer.pricePiastres, offer.slug).toBeLessThan(sum);
      for (const item of offer.items) expect(Number.isInteger(item.quantity) && item.quantity > 0).toBe(true);
      expect(slugsOf(offer.items.map((i) => ({ slug: i.productSlug }))).size, offer.slug).toBe(offer.items.length);
    }
    expect(OFFERS.filter((o) => o.stock === 0)).toHaveLength(1);
    const soldOut = slugsOf(PRODUCTS.filter((p) => p.stock === 0));
    for (const offer of OFFERS.filter((o) => o.stock > 0)) {
      expect(
        offer.items.some((item) => soldOut.has(item.productSlug)),
        offer.slug,
      ).toBe(false);
    }
    expect(() => data.offerOriginalPricePiastres({ ...OFFERS[0]!, items: [{ productSlug: 'no-such-thing', quantity: 1 }] })).toThrow(
      /no-such-thing/,
    );
  });

  it('has four home slides linking to storefront pages', () => {
    expect(SLIDERS.map((s) => s.link)).toEqual(['/fragrances?category_slug=eau-de-parfum', '/new', '/bullet', '/offers']);
  });

  it('configures the shop: free shipping from 1,500 LE, contacts and links', () => {
    const config = data.SITE_CONFIG;
    expect(config.freeShippingAfterPiastres).toBe(150000);
    expect(config.storeNameEn).toBe('Attar');
    expect(config.phone).toMatch(/^\+20\d{9,10}$/);
    expect(config.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    expect(config.storeMapsUrl.startsWith('https://www.google.com/maps/search/?api=1&query=')).toBe(true);
    expect(config.messengerUrl).toBe('https://m.me/attar.eg');
    for (const url of [config.facebookUrl, config.instagramUrl, config.tiktokUrl]) expect(() => new URL(url)).not.toThrow();
  });

  it('has the welcome popup code, one expired code and one active code', () => {
    const now = new Date();
    const popups = data.PROMOTIONS.filter((p) => p.isPopup);
    expect(popups).toEqual([
      expect.objectContaining({ code: 'WELCOME10', percentDiscount: 10, firstOrderOnly: true, perCustomerLimit: 1, isActive: true }),
    ]);
    const ordinary = data.PROMOTIONS.filter((p) => !p.isPopup);
    expect(ordinary.filter((p) => p.endsAt !== null && p.endsAt < now)).toHaveLength(1);
    expect(ordinary.filter((p) => p.isActive && p.startsAt < now && (p.endsAt === null || p.endsAt > now))).toHaveLength(1);
    for (const p of data.PROMOTIONS) {
      expect(p.code).toBe(p.code.toUpperCase());
      if (p.endsAt) expect(p.endsAt > p.startsAt).toBe(true);
    }
  });
});

describe('image paths', () => {
  it('are relative WebP paths that depend on the slug only, and synthetic products share their model’s', () => {
    const paths = productImagePaths(PRODUCTS[0]!);
    for (const file of [paths.image, paths.imageDesktop, paths.imageMobile, ...paths.gallery]) {
      expect(file).toMatch(/^products\/[a-z0-9-]+\.webp$/);
    }
    expect(new Set([paths.image, paths.imageDesktop, paths.imageMobile, ...paths.gallery]).size).toBe(5);
    expect(productImagePaths({ slug: 'copy-1', artworkSlug: PRODUCTS[0]!.slug })).toEqual(paths);
    expect(offerImagePaths(OFFERS[0]!).image).toMatch(/^offers\/[a-z0-9-]+\.webp$/);
    const slides = SLIDERS.map((slide, position) => sliderImagePaths(slide, position));
    expect(new Set(slides.flatMap((s) => [s.imageDesktop, s.imageMobile])).size).toBe(SLIDERS.length * 2);
  });
});

describe('syntheticProducts', () => {
  const count = 1500;
  const first = syntheticProducts(count, PRODUCTS);

  it('is deterministic, and a shorter run is a prefix of a longer one', () => {
    expect(syntheticProducts(count, PRODUCTS)).toEqual(first);
    expect(syntheticProducts(100, PRODUCTS)).toEqual(first.slice(0, 100));
    expect(first).toHaveLength(count);
  });

  it('gives unique valid slugs that do not clash with the seed products', () => {
    const slugs = new Set([...first.map((p) => p.slug), ...PRODUCTS.map((p) => p.slug)]);
    expect(slugs.size).toBe(count + PRODUCTS.length);
    for (const p of first) expect(p.slug).toMatch(SLUG);
  });

  it('makes believable products from the reference lists, reusing the models’ images', () => {
    const notes = slugsOf(data.NOTES);
    const occasions = slugsOf(data.OCCASIONS);
    for (const p of first) {
      const model = PRODUCTS.find((m) => p.slug.startsWith(`${m.slug}-`) && /^\d+$/.test(p.slug.slice(m.slug.length + 1)))!;
      expect(model, p.slug).toBeDefined();
      expect(productImagePaths(p)).toEqual(productImagePaths(model));
      expect([p.type, p.categorySlug, p.familySlug]).toEqual([model.type, model.categorySlug, model.familySlug]);
      expect(p.nameAr).toMatch(ARABIC);
      expect(p.descriptionAr).toMatch(ARABIC);
      expect(p.nameEn).not.toMatch(ARABIC);
      const [low, high] = data.priceBand(p);
      expect(Number.isInteger(p.pricePiastres) && p.pricePiastres >= low && p.pricePiastres <= high, p.slug).toBe(true);
      expect(Number.isInteger(p.stock) && p.stock >= 0).toBe(true);
      for (const layer of ['top', 'heart', 'base'] as const) {
        expect(p.notes[layer].length).toBeGreaterThan(0);
        for (const n of p.notes[layer]) expect(notes.has(n)).toBe(true);
      }
      for (const o of p.occasionSlugs) expect(occasions.has(o)).toBe(true);
    }
    const soldOut = first.filter((p) => p.stock === 0).length;
    expect(soldOut).toBeGreaterThan(count * 0.03);
    expect(soldOut).toBeLessThan(count * 0.15);
    expect(new Set(first.map((p) => p.nameEn)).size).toBeGreaterThan(count * 0.5);
  });
});

describe('artwork rendering', () => {
  let outDir = '';
  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  const dimensions = async (file: string) => {
    const meta = await sharp(path.join(outDir, file)).metadata();
    return { format: meta.format, width: meta.width, height: meta.height };
  };

  it('renders a product’s five WebP images at their sizes, small, and skips them when up to date', async () => {
    outDir = await mkdtemp(path.join(tmpdir(), 'attar-artwork-'));
    const product = PRODUCTS.find((p) => p.type === 'perfume')!;
    const paths = await renderProductImages(product, outDir);
    expect(paths).toEqual(productImagePaths(product));
    const square = (size: number) => ({ format: 'webp', width: size, height: size });
    expect(await dimensions(paths.image)).toEqual(square(IMAGE_SIZES.image));
    expect(await dimensions(paths.imageDesktop)).toEqual(square(IMAGE_SIZES.imageDesktop));
    expect(await dimensions(paths.imageMobile)).toEqual(square(IMAGE_SIZES.imageMobile));
    for (const file of paths.gallery) expect(await dimensions(file)).toEqual(square(IMAGE_SIZES.gallery));
    expect((await stat(path.join(outDir, paths.image))).size).toBeLessThan(40_000);

    const before = (await stat(path.join(outDir, paths.imageDesktop))).mtimeMs;
    await renderProductImages(product, outDir);
    expect((await stat(path.join(outDir, paths.imageDesktop))).mtimeMs).toBe(before);
  });

  it('renders offer and slider images at their sizes', async () => {
    const offer = await renderOfferImages(OFFERS[0]!, outDir);
    expect(await dimensions(offer.image)).toEqual({ format: 'webp', width: IMAGE_SIZES.image, height: IMAGE_SIZES.image });
    const slide = await renderSliderImages(SLIDERS[0]!, 0, outDir);
    expect(await dimensions(slide.imageDesktop)).toEqual({ format: 'webp', ...SLIDER_SIZES.desktop });
    expect(await dimensions(slide.imageMobile)).toEqual({ format: 'webp', ...SLIDER_SIZES.mobile });
  });
});
