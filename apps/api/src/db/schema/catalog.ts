import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  jsonb,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { altTexts, createdAt, names } from './columns';
import { staffMembers } from './staff';

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  ...names(),
  position: smallint('position').notNull().default(0),
});

export const families = pgTable('families', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  ...names(),
});

export const occasions = pgTable('occasions', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  ...names(),
});

export const sizes = pgTable(
  'sizes',
  {
    id: serial('id').primaryKey(),
    ml: integer('ml').notNull().unique(),
  },
  (t) => [check('sizes_ml_positive', sql`${t.ml} > 0`)],
);

export const notes = pgTable('notes', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  ...names(),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    type: text('type', { enum: ['perfume', 'deodorant', 'bullet'] }).notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    familyId: integer('family_id').references(() => families.id),
    ...names(),
    descriptionEn: text('description_en').notNull(),
    descriptionAr: text('description_ar').notNull(),
    concentrationEn: text('concentration_en'),
    concentrationAr: text('concentration_ar'),
    gender: text('gender', { enum: ['women', 'men', 'unisex'] }).notNull(),
    /** The default size's price and stock, kept by the database from `product_variants` (never written directly). */
    pricePiastres: integer('price_piastres').notNull(),
    stock: integer('stock').notNull().default(0),
    isNew: boolean('is_new').notNull().default(false),
    isPublished: boolean('is_published').notNull().default(true),
    /** A draft to be published by itself at this time (the catalogue job); null once published or for a plain draft. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    /** A size at or below this many units is low on stock (the back office's list and the daily e-mail). */
    lowStockThreshold: smallint('low_stock_threshold').notNull().default(5),
    /** Increases with every staff change: a save names the version it was made on (no lost updates). */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Paths below the media root; the API makes them absolute URLs. */
    image: text('image').notNull(),
    imageDesktop: text('image_desktop').notNull(),
    imageMobile: text('image_mobile').notNull(),
    /** The main picture's description for screen readers (the gallery's are on product_images). */
    imageAltEn: text('image_alt_en').notNull().default(''),
    imageAltAr: text('image_alt_ar').notNull().default(''),
    /** Normalised words (attar_normalize) of names, family, notes, category: what search matches. */
    searchWords: text('search_words')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Normalised words of the two names: name matches rank first. */
    nameWords: text('name_words')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    check('products_price_nonnegative', sql`${t.pricePiastres} >= 0`),
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
    check('products_low_stock_threshold_nonnegative', sql`${t.lowStockThreshold} >= 0`),
    check('products_scheduled_unpublished', sql`NOT (${t.isPublished} AND ${t.publishAt} IS NOT NULL)`),
    index('products_scheduled_idx')
      .on(t.publishAt)
      .where(sql`${t.publishAt} IS NOT NULL`),
    index('products_category_idx').on(t.categoryId, t.createdAt),
    // The storefront's listings (published products of a category, newest first): their page and their count come
    // from this index alone (an index-only count), not from the heap.
    index('products_published_category_idx')
      .on(t.categoryId, t.createdAt, t.id)
      .where(sql`${t.isPublished}`),
    index('products_created_idx').on(t.createdAt),
    index('products_search_words_idx').using('gin', t.searchWords),
  ],
);

/** A product's former addresses: the storefront answers them with a permanent redirect to its current one. */
export const productSlugRedirects = pgTable('product_slug_redirects', {
  slug: text('slug').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    position: smallint('position').notNull().default(0),
    ...altTexts(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

/** An offer's pictures after the first (the first is the offer's own `image`), like a product's. */
export const offerImages = pgTable(
  'offer_images',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    position: smallint('position').notNull().default(0),
    ...altTexts(),
  },
  (t) => [index('offer_images_offer_idx').on(t.offerId, t.position)],
);

/**
 * A CSV import of products and sizes: checked first into a preview (what it changes and creates, the lines it refuses
 * and why), then applied all or nothing by staff, and undone while its products are as it left them (decision 0052).
 * The row is the import's progress for the back office to poll, and its record.
 */
export const catalogueImports = pgTable(
  'catalogue_imports',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id').references(() => staffMembers.id),
    fileName: text('file_name').notNull(),
    status: text('status', { enum: ['validating', 'invalid', 'previewed', 'discarded', 'applied', 'undone', 'failed'] }).notNull(),
    rowsTotal: integer('rows_total').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    /** `[{ line, column, message }]`, the first 500, in the sender's language. */
    errors: jsonb('errors')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Every size the file changes, with its product's version and its values when previewed and as the file has them. */
    changes: jsonb('changes')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Every product the file creates, as the editor would send it. */
    newProducts: jsonb('new_products')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** What applying did, for an undo: the products' versions it left and the ids of those it created. */
    outcome: jsonb('outcome'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    appliedBy: integer('applied_by').references(() => staffMembers.id),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    undoneBy: integer('undone_by').references(() => staffMembers.id),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'catalogue_imports_status_known',
      sql`${t.status} IN ('validating', 'invalid', 'previewed', 'discarded', 'applied', 'undone', 'failed')`,
    ),
    check('catalogue_imports_progress', sql`${t.rowsDone} BETWEEN 0 AND ${t.rowsTotal}`),
    check('catalogue_imports_applied_stamped', sql`(${t.status} IN ('applied', 'undone')) = (${t.appliedAt} IS NOT NULL)`),
    check('catalogue_imports_undone_stamped', sql`(${t.status} = 'undone') = (${t.undoneAt} IS NOT NULL)`),
    index('catalogue_imports_recent_idx').on(t.createdAt),
  ],
);

/**
 * A size of a product with its own price, stock and SKU: what a shopper buys. Exactly one size per product is its
 * default, whose price and stock the product row mirrors (trigger, migration 0014) for listings, filters and the
 * API's `price` and `stock`. Stock is taken and given back here, never on the product.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sizeId: integer('size_id')
      .notNull()
      .references(() => sizes.id),
    sku: text('sku').notNull(),
    pricePiastres: integer('price_piastres').notNull(),
    stock: integer('stock').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    uniqueIndex('product_variants_product_size').on(t.productId, t.sizeId),
    uniqueIndex('product_variants_sku').on(t.sku),
    // The target of the lines' (variant, product) foreign keys: a line's size is always its product's.
    uniqueIndex('product_variants_id_product').on(t.id, t.productId),
    uniqueIndex('product_variants_one_default')
      .on(t.productId)
      .where(sql`${t.isDefault}`),
    check('product_variants_price_nonnegative', sql`${t.pricePiastres} >= 0`),
    check('product_variants_stock_nonnegative', sql`${t.stock} >= 0`),
  ],
);

export const productOccasions = pgTable(
  'product_occasions',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    occasionId: integer('occasion_id')
      .notNull()
      .references(() => occasions.id),
  },
  (t) => [primaryKey({ columns: [t.productId, t.occasionId] }), index('product_occasions_occasion_idx').on(t.occasionId)],
);

export const productNotes = pgTable(
  'product_notes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    noteId: integer('note_id')
      .notNull()
      .references(() => notes.id),
    layer: text('layer', { enum: ['top', 'heart', 'base'] }).notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.layer, t.noteId] })],
);

export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    ...names(),
    descriptionEn: text('description_en').notNull(),
    descriptionAr: text('description_ar').notNull(),
    pricePiastres: integer('price_piastres').notNull(),
    originalPricePiastres: integer('original_price_piastres').notNull(),
    stock: integer('stock').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(true),
    image: text('image').notNull(),
    imageDesktop: text('image_desktop').notNull(),
    imageMobile: text('image_mobile').notNull(),
    imageAltEn: text('image_alt_en').notNull().default(''),
    imageAltAr: text('image_alt_ar').notNull().default(''),
    /** Increases with every staff change: a save names the version it was made on (no lost updates). */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    check('offers_price_nonnegative', sql`${t.pricePiastres} >= 0`),
    check('offers_original_price_nonnegative', sql`${t.originalPricePiastres} >= ${t.pricePiastres}`),
    check('offers_stock_nonnegative', sql`${t.stock} >= 0`),
  ],
);

/** An offer's former addresses: the storefront answers them with a permanent redirect to its current one. */
export const offerSlugRedirects = pgTable('offer_slug_redirects', {
  slug: text('slug').primaryKey(),
  offerId: integer('offer_id')
    .notNull()
    .references(() => offers.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const offerItems = pgTable(
  'offer_items',
  {
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** The size the bundle holds (a set may hold two sizes of one perfume). */
    variantId: integer('variant_id').notNull(),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.offerId, t.variantId] }),
    foreignKey({ columns: [t.variantId, t.productId], foreignColumns: [productVariants.id, productVariants.productId] }),
    check('offer_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * The read path (decision 0029): each product's and offer's contract JSON, kept ready per language by triggers in the
 * same transaction as any change to what it shows (migration 0028), so list, search and detail only concatenate text.
 */
export const productDocuments = pgTable(
  'product_documents',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locale: text('locale', { enum: ['en', 'ar'] }).notNull(),
    body: text('body').notNull(),
    /** Taken from a sequence at every rebuild: an instance holding this body for this revision may serve it as is. */
    revision: bigint('revision', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.locale] }), check('product_documents_locale_known', sql`${t.locale} IN ('en', 'ar')`)],
);

export const offerDocuments = pgTable(
  'offer_documents',
  {
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    locale: text('locale', { enum: ['en', 'ar'] }).notNull(),
    body: text('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.locale] }), check('offer_documents_locale_known', sql`${t.locale} IN ('en', 'ar')`)],
);

/** Moves whenever what product lists hold or their order may have changed, in that change's transaction (decision 0029). */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    only: boolean('only').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalogue_version_one_row', sql`${t.only}`)],
);

/**
 * Every distinct normalised word of the catalogue: the dictionary that typo-tolerant search corrects against. An
 * Arabic term keeps its skeleton (catalog/search.ts `arabicSkeleton`), which a Franco-Arabic word is matched against.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').primaryKey(),
    /** Null for a Latin term. */
    skeleton: text('skeleton'),
  },
  (t) => [index('search_terms_skeleton_idx').on(t.skeleton)],
);
