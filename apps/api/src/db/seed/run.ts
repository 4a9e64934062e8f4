/**
 * Inserts the seed catalogue (catalogue.ts) in one transaction, with its artwork rendered into the media folder
 * when one is given (tests skip rendering: the image paths are the same either way).
 */
import { eq, sql } from 'drizzle-orm';
import { claimCodeHash } from '../../orders/receipts';
import { rowsOf } from '../transaction';
import { oneRow } from '../one-row';
import { loadingInBulk } from '../../catalog/documents';
import type { Database, Db } from '../client';
import * as t from '../schema';
import { refreshSearchIndex } from '../../catalog/search';
import * as data from './catalogue';
import { syntheticProducts } from './synthetic';
import { REGIONS } from '../../checkout/regions-data';
import { INFO_PAGES } from './info-pages';
import { offerImagePaths, productImagePaths, renderCatalogueArtwork, sliderImagePaths } from './artwork';

type SeedOptions = { mediaDir?: string };

/** Seeds each part still empty (catalogue, governorates, information pages); true when the catalogue was seeded. */
export async function seedIfEmpty(database: Database, options: SeedOptions): Promise<boolean> {
  const [counts] = await database.rows<{ products: number; regions: number; offline: number; pages: number }>(sql`
    SELECT (SELECT count(*) FROM products)::int AS products, (SELECT count(*) FROM regions)::int AS regions,
      (SELECT count(*) FROM offline_orders)::int AS offline, (SELECT count(*) FROM info_pages)::int AS pages`);
  if (options.mediaDir) await renderCatalogueArtwork(options.mediaDir);
  if (!counts?.regions) await database.db.transaction((tx) => insertRegions(tx as unknown as Db));
  if (!counts?.offline) {
    await database.db.insert(t.offlineOrders).values(
      data.OFFLINE_ORDERS.map(({ claimCode, ...receipt }) => ({
        ...receipt,
        claimCodeHash: claimCodeHash(receipt.orderNumber, claimCode),
      })),
    );
  }
  if (!counts?.pages) await database.db.insert(t.infoPages).values([...INFO_PAGES]);
  if (counts?.products) return false;
  await database.db.transaction((tx) => loadingInBulk(rowsOf(tx), () => insertCatalogue(tx as unknown as Db)));
  await refreshSearchIndex((query) => database.rows(query));
  return true;
}

async function insertRegions(db: Db) {
  for (const [position, region] of REGIONS.entries()) {
    const inserted = await db
      .insert(t.regions)
      .values({
        slug: region.slug,
        nameEn: region.nameEn,
        nameAr: region.nameAr,
        feePiastres: region.feePiastres,
        deliveryMinDays: region.days.min,
        deliveryMaxDays: region.days.max,
        position,
      })
      .returning({ id: t.regions.id });
    const regionId = oneRow(inserted).id;
    await db.insert(t.cities).values(region.cities.map(([nameEn, nameAr]) => ({ regionId, nameEn, nameAr })));
  }
}

type Refs = {
  categories: Map<string, number>;
  families: Map<string, number>;
  occasions: Map<string, number>;
  notes: Map<string, number>;
  sizes: Map<number, number>;
};

const need = <K, V>(map: Map<K, V>, key: K, what: string): V => {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seed data names an unknown ${what}: ${String(key)}`);
  return value;
};

async function loadRefs(db: Db): Promise<Refs> {
  const bySlug = (rows: { id: number; slug: string }[]) => new Map(rows.map((r) => [r.slug, r.id]));
  return {
    categories: bySlug(await db.select({ id: t.categories.id, slug: t.categories.slug }).from(t.categories)),
    families: bySlug(await db.select({ id: t.families.id, slug: t.families.slug }).from(t.families)),
    occasions: bySlug(await db.select({ id: t.occasions.id, slug: t.occasions.slug }).from(t.occasions)),
    notes: bySlug(await db.select({ id: t.notes.id, slug: t.notes.slug }).from(t.notes)),
    sizes: new Map((await db.select({ id: t.sizes.id, ml: t.sizes.ml }).from(t.sizes)).map((r) => [r.ml, r.id])),
  };
}

/** A size's stock-keeping unit: the product's number and the size, `AT00042-100`. */
export const sku = (productId: number, ml: number) => `AT${String(productId).padStart(5, '0')}-${ml}`;

/**
 * A believable ladder of sizes: the largest is the default, at the product's price and stock; a smaller bottle costs
 * less per bottle and more per millilitre (price × (ml ÷ largest)^0.75, to the nearest 5 LE) and is kept in smaller
 * numbers.
 */
export function sizeLadder(p: Pick<data.SeedProduct, 'sizesMl' | 'pricePiastres' | 'stock'>) {
  const largest = Math.max(...p.sizesMl);
  return p.sizesMl.map((ml) => {
    const share = ml / largest;
    const isDefault = ml === largest;
    return {
      ml,
      figures: {
        isDefault,
        pricePiastres: isDefault ? p.pricePiastres : Math.max(500, Math.round((p.pricePiastres * share ** 0.75) / 500) * 500),
        stock: isDefault ? p.stock : Math.round(p.stock * share),
      },
    };
  });
}

/** Rows per INSERT: large enough to be quick, small enough to stay under PostgreSQL's 65,535 parameters. */
const BATCH = 500;

/**
 * Inserts products with their images, sizes, occasions and notes, a batch at a time; slugs already present are
 * skipped, so running it again adds nothing. `createdAt` spreads them over the past so "newest" has an order.
 */
export async function insertProducts(db: Db, refs: Refs, products: readonly data.SeedProduct[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const now = Date.now();
  for (let start = 0; start < products.length; start += BATCH) {
    const batch = products.slice(start, start + BATCH);
    const inserted = await db
      .insert(t.products)
      .values(
        batch.map((p, i) => {
          const images = productImagePaths(p);
          const age = (products.length - start - i) * (p.isNew ? 3_600_000 : 86_400_000);
          return {
            slug: p.slug,
            type: p.type,
            categoryId: need(refs.categories, p.categorySlug, 'category'),
            familyId: need(refs.families, p.familySlug, 'family'),
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
            createdAt: new Date(now - age),
          };
        }),
      )
      .onConflictDoNothing({ target: t.products.slug })
      .returning({ id: t.products.id, slug: t.products.slug });
    const bySlug = new Map(batch.map((p) => [p.slug, p]));
    const gallery: (typeof t.productImages.$inferInsert)[] = [];
    const variants: (typeof t.productVariants.$inferInsert)[] = [];
    const occasions: (typeof t.productOccasions.$inferInsert)[] = [];
    const notes: (typeof t.productNotes.$inferInsert)[] = [];
    for (const { id, slug } of inserted) {
      ids.set(slug, id);
      const p = need(bySlug, slug, 'product');
      productImagePaths(p).gallery.forEach((image, position) => gallery.push({ productId: id, image, position }));
      for (const size of sizeLadder(p)) {
        variants.push({ productId: id, sizeId: need(refs.sizes, size.ml, 'size'), sku: sku(id, size.ml), ...size.figures });
      }
      for (const o of p.occasionSlugs) occasions.push({ productId: id, occasionId: need(refs.occasions, o, 'occasion') });
      for (const layer of ['top', 'heart', 'base'] as const) {
        p.notes[layer].forEach((n, position) => notes.push({ productId: id, noteId: need(refs.notes, n, 'note'), layer, position }));
      }
    }
    for (const [table, rows] of [
      [t.productImages, gallery],
      [t.productVariants, variants],
      [t.productOccasions, occasions],
      [t.productNotes, notes],
    ] as const) {
      for (let i = 0; i < rows.length; i += BATCH) await db.insert(table).values(rows.slice(i, i + BATCH) as never);
    }
  }
  return ids;
}

async function insertCatalogue(db: Db) {
  await db.insert(t.categories).values([...data.CATEGORIES]);
  await db.insert(t.families).values([...data.FAMILIES]);
  await db.insert(t.occasions).values([...data.OCCASIONS]);
  await db.insert(t.notes).values([...data.NOTES]);
  await db.insert(t.sizes).values(data.SIZE_ML.map((ml) => ({ ml })));
  const productIds = await insertProducts(db, await loadRefs(db), data.PRODUCTS);
  // Offers hold their products' default sizes.
  const defaults = await db
    .select({ slug: t.products.slug, id: t.productVariants.id })
    .from(t.productVariants)
    .innerJoin(t.products, eq(t.products.id, t.productVariants.productId))
    .where(eq(t.productVariants.isDefault, true));
  const defaultSizes = new Map(defaults.map((row) => [row.slug, row.id]));

  for (const offer of data.OFFERS) {
    const images = offerImagePaths(offer);
    const inserted = await db
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
    const offerId = oneRow(inserted).id;
    await db.insert(t.offerItems).values(
      offer.items.map((item) => ({
        offerId,
        productId: need(productIds, item.productSlug, 'product'),
        variantId: need(defaultSizes, item.productSlug, 'default size'),
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

/**
 * Grows the catalogue to `total` products with the deterministic synthetic generator (for benchmarks).
 * Returns how many were added; a second run with the same total adds none.
 */
export async function addSyntheticProducts(database: Database, total: number): Promise<number> {
  const extra = syntheticProducts(Math.max(0, total - data.PRODUCTS.length), data.PRODUCTS);
  const added = await database.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    return loadingInBulk(rowsOf(tx), async () => (await insertProducts(db, await loadRefs(db), extra)).size);
  });
  if (added) await refreshSearchIndex((query) => database.rows(query));
  return added;
}
