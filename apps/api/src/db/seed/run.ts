/**
 * Inserts the seed catalogue (catalogue.ts) in one transaction, with its artwork rendered into the media folder
 * when one is given (tests skip rendering: the image paths are the same either way).
 */
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../client';
import * as t from '../schema';
import { refreshSearchIndex } from '../../catalog/search';
import * as data from './catalogue';
import { offerImagePaths, productImagePaths, renderCatalogueArtwork, sliderImagePaths } from './artwork';

type SeedOptions = { mediaDir?: string };

export async function seedIfEmpty(database: Database, options: SeedOptions): Promise<boolean> {
  const [row] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM products`);
  if (options.mediaDir) await renderCatalogueArtwork(options.mediaDir);
  if (row && row.n > 0) return false;
  await database.db.transaction((tx) => insertCatalogue(tx as unknown as Db));
  await refreshSearchIndex(database);
  return true;
}

async function insertCatalogue(db: Db) {
  const idBySlug = async <T extends { id: number; slug: string }>(rows: Promise<T[]>) =>
    new Map((await rows).map((r) => [r.slug, r.id]));

  const categoryIds = await idBySlug(
    db.insert(t.categories).values([...data.CATEGORIES]).returning({ id: t.categories.id, slug: t.categories.slug }),
  );
  const familyIds = await idBySlug(
    db.insert(t.families).values([...data.FAMILIES]).returning({ id: t.families.id, slug: t.families.slug }),
  );
  const occasionIds = await idBySlug(
    db.insert(t.occasions).values([...data.OCCASIONS]).returning({ id: t.occasions.id, slug: t.occasions.slug }),
  );
  const noteIds = await idBySlug(db.insert(t.notes).values([...data.NOTES]).returning({ id: t.notes.id, slug: t.notes.slug }));
  const sizeRows = await db
    .insert(t.sizes)
    .values(data.SIZE_ML.map((ml) => ({ ml })))
    .returning({ id: t.sizes.id, ml: t.sizes.ml });
  const sizeIds = new Map(sizeRows.map((r) => [r.ml, r.id]));

  const need = <K, V>(map: Map<K, V>, key: K, what: string): V => {
    const value = map.get(key);
    if (value === undefined) throw new Error(`Seed data names an unknown ${what}: ${String(key)}`);
    return value;
  };

  // Oldest first, so "newest" ordering shows the new arrivals on top.
  const now = Date.now();
  const productIds = new Map<string, number>();
  for (const [index, p] of data.PRODUCTS.entries()) {
    const images = productImagePaths(p);
    const [inserted] = await db
      .insert(t.products)
      .values({
        slug: p.slug,
        type: p.type,
        categoryId: need(categoryIds, p.categorySlug, 'category'),
        familyId: p.familySlug ? need(familyIds, p.familySlug, 'family') : null,
        nameEn: p.nameEn,
        nameAr: p.nameAr,
        descriptionEn: p.descriptionEn,
        descriptionAr: p.descriptionAr,
        concentrationEn: p.concentrationEn,
        concentrationAr: p.concentrationAr,
        gender: p.gender,
        pricePiastres: p.pricePiastres,
        stock: p.stock,
        isNew: p.isNew,
        image: images.image,
        imageDesktop: images.imageDesktop,
        imageMobile: images.imageMobile,
        createdAt: new Date(now - (data.PRODUCTS.length - index) * 3_600_000 * (p.isNew ? 1 : 24)),
      })
      .returning({ id: t.products.id });
    const id = inserted!.id;
    productIds.set(p.slug, id);
    if (images.gallery.length) {
      await db.insert(t.productImages).values(images.gallery.map((image, position) => ({ productId: id, image, position })));
    }
    if (p.sizesMl.length) {
      await db.insert(t.productSizes).values(p.sizesMl.map((ml) => ({ productId: id, sizeId: need(sizeIds, ml, 'size') })));
    }
    if (p.occasionSlugs.length) {
      await db
        .insert(t.productOccasions)
        .values(p.occasionSlugs.map((slug) => ({ productId: id, occasionId: need(occasionIds, slug, 'occasion') })));
    }
    const noteRows = (['top', 'heart', 'base'] as const).flatMap((layer) =>
      p.notes[layer].map((slug, position) => ({ productId: id, noteId: need(noteIds, slug, 'note'), layer, position })),
    );
    if (noteRows.length) await db.insert(t.productNotes).values(noteRows);
  }

  for (const offer of data.OFFERS) {
    const images = offerImagePaths(offer);
    const [inserted] = await db
      .insert(t.offers)
      .values({
        slug: offer.slug,
        nameEn: offer.nameEn,
        nameAr: offer.nameAr,
        descriptionEn: offer.descriptionEn,
        descriptionAr: offer.descriptionAr,
        pricePiastres: offer.pricePiastres,
        originalPricePiastres: data.offerOriginalPricePiastres(offer),
        stock: offer.stock,
        image: images.image,
        imageDesktop: images.imageDesktop,
        imageMobile: images.imageMobile,
      })
      .returning({ id: t.offers.id });
    await db.insert(t.offerItems).values(
      offer.items.map((item) => ({
        offerId: inserted!.id,
        productId: need(productIds, item.productSlug, 'product'),
        quantity: item.quantity,
      })),
    );
  }

  await db.insert(t.sliders).values(
    data.SLIDERS.map((slide, position) => {
      const images = sliderImagePaths(slide, position);
      return {
        titleEn: slide.titleEn,
        titleAr: slide.titleAr,
        subtitleEn: slide.subtitleEn,
        subtitleAr: slide.subtitleAr,
        link: slide.link,
        position,
        imageDesktop: images.imageDesktop,
        imageMobile: images.imageMobile,
      };
    }),
  );
  await db.insert(t.siteConfig).values({ id: 1, ...data.SITE_CONFIG });
  await db.insert(t.promotions).values(data.PROMOTIONS.map((promotion) => ({ ...promotion })));
}
