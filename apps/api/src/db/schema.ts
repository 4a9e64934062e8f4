/**
 * The shop's tables. Money is integer piastres (1 LE = 100 piastres); the database refuses
 * negative money and stock, so no code path can oversell or underprice.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
  position: smallint('position').notNull().default(0),
});

export const families = pgTable('families', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
});

export const occasions = pgTable('occasions', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
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
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
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
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionAr: text('description_ar').notNull(),
    concentrationEn: text('concentration_en'),
    concentrationAr: text('concentration_ar'),
    gender: text('gender', { enum: ['women', 'men', 'unisex'] }).notNull(),
    pricePiastres: integer('price_piastres').notNull(),
    stock: integer('stock').notNull().default(0),
    isNew: boolean('is_new').notNull().default(false),
    isPublished: boolean('is_published').notNull().default(true),
    /** Paths below the media root; the API makes them absolute URLs. */
    image: text('image').notNull(),
    imageDesktop: text('image_desktop').notNull(),
    imageMobile: text('image_mobile').notNull(),
    /** Normalised words (attar_normalize) of names, family, notes, category: what search matches. */
    searchWords: text('search_words').array().notNull().default(sql`'{}'::text[]`),
    /** Normalised words of the two names: name matches rank first. */
    nameWords: text('name_words').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    check('products_price_nonnegative', sql`${t.pricePiastres} >= 0`),
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
    index('products_category_idx').on(t.categoryId, t.createdAt),
    index('products_created_idx').on(t.createdAt),
    index('products_search_words_idx').using('gin', t.searchWords),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

export const productSizes = pgTable(
  'product_sizes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sizeId: integer('size_id')
      .notNull()
      .references(() => sizes.id),
  },
  (t) => [primaryKey({ columns: [t.productId, t.sizeId] })],
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
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionAr: text('description_ar').notNull(),
    pricePiastres: integer('price_piastres').notNull(),
    originalPricePiastres: integer('original_price_piastres').notNull(),
    stock: integer('stock').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(true),
    image: text('image').notNull(),
    imageDesktop: text('image_desktop').notNull(),
    imageMobile: text('image_mobile').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('offers_price_nonnegative', sql`${t.pricePiastres} >= 0`),
    check('offers_original_price_nonnegative', sql`${t.originalPricePiastres} >= ${t.pricePiastres}`),
    check('offers_stock_nonnegative', sql`${t.stock} >= 0`),
  ],
);

export const offerItems = pgTable(
  'offer_items',
  {
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.productId] }), check('offer_items_quantity_positive', sql`${t.quantity} > 0`)],
);

export const sliders = pgTable('sliders', {
  id: serial('id').primaryKey(),
  titleEn: text('title_en').notNull(),
  titleAr: text('title_ar').notNull(),
  subtitleEn: text('subtitle_en').notNull(),
  subtitleAr: text('subtitle_ar').notNull(),
  imageDesktop: text('image_desktop').notNull(),
  imageMobile: text('image_mobile').notNull(),
  link: text('link').notNull(),
  position: smallint('position').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

/** One row (id = 1): the shop's settings. */
export const siteConfig = pgTable(
  'site_config',
  {
    id: smallint('id').primaryKey().default(1),
    freeShippingAfterPiastres: integer('free_shipping_after_piastres').notNull(),
    storeNameEn: text('store_name_en').notNull(),
    storeNameAr: text('store_name_ar').notNull(),
    storeAddressEn: text('store_address_en').notNull(),
    storeAddressAr: text('store_address_ar').notNull(),
    storeMapsUrl: text('store_maps_url').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    messengerUrl: text('messenger_url').notNull(),
    facebookUrl: text('facebook_url').notNull(),
    instagramUrl: text('instagram_url').notNull(),
    tiktokUrl: text('tiktok_url').notNull(),
  },
  (t) => [
    check('site_config_single_row', sql`${t.id} = 1`),
    check('site_config_free_shipping_nonnegative', sql`${t.freeShippingAfterPiastres} >= 0`),
  ],
);

export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    /** Stored upper-case; codes are matched case-insensitively. */
    code: text('code').notNull().unique(),
    percentDiscount: smallint('percent_discount').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    /** The promotion the storefront's popup advertises (at most one active at a time is shown). */
    isPopup: boolean('is_popup').notNull().default(false),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    /** Null: unlimited. */
    maxUses: integer('max_uses'),
    perCustomerLimit: integer('per_customer_limit'),
    createdAt: createdAt(),
  },
  (t) => [
    check('promotions_percent_range', sql`${t.percentDiscount} BETWEEN 1 AND 100`),
    check('promotions_window', sql`${t.endsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`),
    check('promotions_code_upper', sql`${t.code} = upper(${t.code})`),
    check('promotions_limits_positive', sql`coalesce(${t.maxUses}, 1) > 0 AND coalesce(${t.perCustomerLimit}, 1) > 0`),
  ],
);

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-case so the unique key treats Foo@x.com and foo@x.com as one. */
    email: text('email').notNull(),
    locale: text('locale', { enum: ['en', 'ar'] }).notNull().default('en'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('newsletter_email_unique').on(t.email),
    check('newsletter_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/** Every distinct normalised word of the catalogue: the dictionary that typo-tolerant search corrects against. */
export const searchTerms = pgTable('search_terms', {
  term: text('term').primaryKey(),
});
