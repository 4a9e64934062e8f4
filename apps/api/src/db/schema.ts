/**
 * The shop's tables. Money is integer piastres (1 LE = 100 piastres); the database refuses
 * negative money and stock, so no code path can oversell or underprice.
 */
import { sql } from 'drizzle-orm';
import {
  COURIERS,
  HAND_OVER_STATUSES,
  MESSAGE_CHANNELS,
  PARCEL_STATES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  QUEUED_MESSAGE_KINDS,
  QUEUED_MESSAGE_STATES,
  RETURN_STATUSES,
  STOCK_REASONS,
  WHATSAPP_STATUSES,
} from '@attar/contract';
import { GIFT_MESSAGE_MAX, ORDER_NOTES_MAX } from '@attar/contract/rules';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  jsonb,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  unique,
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
    altEn: text('alt_en').notNull().default(''),
    altAr: text('alt_ar').notNull().default(''),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

/**
 * Every picture staff uploaded in the back office: checked by content, stored through the storage interface
 * (media/storage.ts) under `key` with its renditions beside it, and used by products, offers and sliders.
 */
export const mediaUploads = pgTable(
  'media_uploads',
  {
    id: serial('id').primaryKey(),
    /** The stored name's stem: renditions are `<key>-<width>.webp` below the media root. */
    key: text('key').notNull().unique(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    staffId: integer('staff_id').references(() => staffMembers.id),
    createdAt: createdAt(),
  },
  (t) => [check('media_uploads_dimensions', sql`${t.bytes} > 0 AND ${t.width} > 0 AND ${t.height} > 0`)],
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
    altEn: text('alt_en').notNull().default(''),
    altAr: text('alt_ar').notNull().default(''),
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

/**
 * The stock ledger: every change of a size's stock, appended by a trigger on `product_variants` (so no code path can
 * change stock without a row), with the reason, order and staff member the changing transaction declared
 * (`attar.stock_*` settings, stock/ledger.ts), and never edited. The sizes' stock is the sum of its rows.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    /** Not a foreign key: the history outlives a size that is removed. */
    variantId: integer('variant_id').notNull(),
    productId: integer('product_id').notNull(),
    change: integer('change').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason', { enum: STOCK_REASONS }).notNull(),
    orderNumber: text('order_number'),
    staffId: integer('staff_id').references(() => staffMembers.id),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_movements_variant_idx').on(t.variantId, t.id),
    index('stock_movements_product_idx').on(t.productId, t.id),
    check('stock_movements_change_nonzero', sql`${t.change} <> 0`),
    check('stock_movements_stock_after_nonnegative', sql`${t.stockAfter} >= 0`),
    check('stock_movements_reason_known', sql`${t.reason} IN ('received', 'damaged', 'correction', 'order', 'cancellation', 'return')`),
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

export const sliders = pgTable(
  'sliders',
  {
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
    /** Shown only inside this window (either end open). */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    altEn: text('alt_en').notNull().default(''),
    altAr: text('alt_ar').notNull().default(''),
  },
  (t) => [check('sliders_window', sql`${t.endsAt} IS NULL OR ${t.startsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`)],
);

/**
 * The five information pages (/about, /privacy-policy, /terms-conditions, /returns-policy, /contactUs), edited in
 * the back office in both languages. The body is a small safe markup (headings, lists, links, paragraphs) the
 * storefront renders without HTML (content/info-markup in the contract).
 */
export const infoPages = pgTable('info_pages', {
  slug: text('slug').primaryKey(),
  titleEn: text('title_en').notNull(),
  titleAr: text('title_ar').notNull(),
  bodyEn: text('body_en').notNull(),
  bodyAr: text('body_ar').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    /** How many days after delivery a shopper may ask to return an order. */
    returnsWindowDays: smallint('returns_window_days').notNull().default(14),
    messengerUrl: text('messenger_url').notNull(),
    facebookUrl: text('facebook_url').notNull(),
    instagramUrl: text('instagram_url').notNull(),
    tiktokUrl: text('tiktok_url').notNull(),
    /** What wrapping an order as a gift costs. */
    giftWrapFeePiastres: integer('gift_wrap_fee_piastres').notNull().default(2500),
    /** Loyalty: what one point is worth at checkout, and the spend that earns one point on delivery. */
    pointValuePiastres: integer('point_value_piastres').notNull().default(10),
    piastresPerPoint: integer('piastres_per_point').notNull().default(1000),
    whatsappUrl: text('whatsapp_url').notNull().default(''),
    version: integer('version').notNull().default(1),
    /** The delivery promise (decision 0037): orders at or after this time of day in Cairo count from the next working day. */
    deliveryCutoff: time('delivery_cutoff').notNull().default('14:00'),
    /** Weekdays without deliveries, 0 = Sunday … 6 = Saturday. */
    deliveryDaysOff: smallint('delivery_days_off')
      .array()
      .notNull()
      .default(sql`'{5}'`),
    /** Search analytics (decision 0045): the hourly housekeeping deletes searches older than this. */
    searchRetentionDays: smallint('search_retention_days').notNull().default(90),
    /** Which cash orders wait for their shopper's confirmation (decision 0048): none, all, above an amount, first. */
    codConfirmRule: text('cod_confirm_rule', { enum: ['none', 'all', 'above', 'first'] })
      .notNull()
      .default('none'),
    codConfirmAbovePiastres: integer('cod_confirm_above_piastres').notNull().default(0),
    /** Unanswered after these hours: flagged to staff, then cancelled (the link expires then). */
    codConfirmFlagHours: smallint('cod_confirm_flag_hours').notNull().default(6),
    codConfirmCancelHours: smallint('cod_confirm_cancel_hours').notNull().default(24),
  },
  (t) => [
    check('site_config_single_row', sql`${t.id} = 1`),
    check('site_config_free_shipping_nonnegative', sql`${t.freeShippingAfterPiastres} >= 0`),
    check('site_config_returns_window', sql`${t.returnsWindowDays} BETWEEN 0 AND 365`),
    check('site_config_gift_wrap_fee_nonnegative', sql`${t.giftWrapFeePiastres} >= 0`),
    check('site_config_loyalty_rates_positive', sql`${t.pointValuePiastres} > 0 AND ${t.piastresPerPoint} > 0`),
    // Weekdays only, and at least one of them stays a working day (else no order would ever arrive).
    check(
      'site_config_delivery_days_off',
      sql`${t.deliveryDaysOff} <@ '{0,1,2,3,4,5,6}'::smallint[] AND NOT '{0,1,2,3,4,5,6}'::smallint[] <@ ${t.deliveryDaysOff}`,
    ),
    check('site_config_delivery_cutoff_minutes', sql`extract(second FROM ${t.deliveryCutoff}) = 0`),
    check('site_config_search_retention_days', sql`${t.searchRetentionDays} BETWEEN 1 AND 730`),
    check('site_config_cod_confirm_rule', sql`${t.codConfirmRule} IN ('none', 'all', 'above', 'first')`),
    check('site_config_cod_confirm_above', sql`${t.codConfirmAbovePiastres} >= 0`),
    check(
      'site_config_cod_confirm_hours',
      sql`${t.codConfirmFlagHours} >= 1 AND ${t.codConfirmCancelHours} <= 168 AND ${t.codConfirmFlagHours} < ${t.codConfirmCancelHours}`,
    ),
  ],
);

/** Public holidays without deliveries (decision 0037), edited by the shop. */
export const deliveryHolidays = pgTable('delivery_holidays', {
  day: date('day').primaryKey(),
});

export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    /** Stored upper-case; codes are matched case-insensitively. */
    code: text('code').notNull().unique(),
    /** Either a percentage of the eligible lines or a fixed amount off them (never more than they cost). */
    discountKind: text('discount_kind', { enum: ['percent', 'amount'] })
      .notNull()
      .default('percent'),
    percentDiscount: smallint('percent_discount'),
    amountPiastres: integer('amount_piastres'),
    /** The cart's subtotal must reach this before the code applies. */
    minOrderPiastres: integer('min_order_piastres').notNull().default(0),
    version: integer('version').notNull().default(1),
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
    check(
      'promotions_discount_shape',
      sql`(${t.discountKind} = 'percent' AND ${t.percentDiscount} BETWEEN 1 AND 100 AND ${t.amountPiastres} IS NULL)
        OR (${t.discountKind} = 'amount' AND ${t.amountPiastres} > 0 AND ${t.percentDiscount} IS NULL)`,
    ),
    check('promotions_min_order_nonnegative', sql`${t.minOrderPiastres} >= 0`),
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
    locale: text('locale', { enum: ['en', 'ar'] })
      .notNull()
      .default('en'),
    createdAt: createdAt(),
    /** Set when the subscriber leaves (staff or the link in a newsletter); a new sign-up clears it. */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** Double opt-in: set when the link in the confirmation e-mail is followed; only confirmed subscribers get newsletters. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('newsletter_email_unique').on(t.email), check('newsletter_email_lower', sql`${t.email} = lower(${t.email})`)],
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

/**
 * Search synonyms the owner edits (decision 0046): a group of words that mean the same (`replacement` null), or a
 * replacement, whose one word in `words` is also read as the words of `replacement`. Stored normalised
 * (attar_normalize), as search reads query words.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['group', 'replacement'] }).notNull(),
    words: text('words').array().notNull(),
    replacement: text('replacement').array(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'search_synonyms_kind_shape',
      sql`(${t.kind} = 'group' AND ${t.replacement} IS NULL AND cardinality(${t.words}) BETWEEN 2 AND 10)
        OR (${t.kind} = 'replacement' AND cardinality(${t.words}) = 1 AND cardinality(${t.replacement}) BETWEEN 1 AND 5)`,
    ),
    // Each word one word of 1 to 40 characters (no spaces), in both lists.
    check(
      'search_synonyms_word_length',
      sql`array_to_string(${t.words}, ' ', '') ~ '^[^ ]{1,40}( [^ ]{1,40})*$'
        AND (${t.replacement} IS NULL OR array_to_string(${t.replacement}, ' ', '') ~ '^[^ ]{1,40}( [^ ]{1,40})*$')`,
    ),
  ],
);

/** The words a query word is looked up by (a group's words, a replacement's word): each belongs to one entry only. */
export const searchSynonymWords = pgTable(
  'search_synonym_words',
  {
    word: text('word').primaryKey(),
    synonymId: integer('synonym_id')
      .notNull()
      .references(() => searchSynonyms.id, { onDelete: 'cascade' }),
  },
  (t) => [index('search_synonym_words_synonym_idx').on(t.synonymId)],
);

/**
 * Search analytics (decision 0045): one row per storefront search (first page only), with no personal data — the text
 * as typed, its language, how many products it found, and the product a shopper then opened from its results, if any.
 * Deleted after the site's retention period by the hourly housekeeping.
 */
export const searches = pgTable(
  'searches',
  {
    id: serial('id').primaryKey(),
    query: text('query').notNull(),
    locale: text('locale', { enum: ['en', 'ar'] }).notNull(),
    resultCount: integer('result_count').notNull(),
    createdAt: createdAt(),
    /** The first product opened from the results; null after a click when that product is deleted. */
    clickedProductId: integer('clicked_product_id').references(() => products.id, { onDelete: 'set null' }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
  },
  (t) => [
    index('searches_created_at_idx').on(t.createdAt),
    check('searches_query_length', sql`char_length(${t.query}) BETWEEN 1 AND 200`),
    check('searches_locale_known', sql`${t.locale} IN ('en', 'ar')`),
    check('searches_result_count_nonnegative', sql`${t.resultCount} >= 0`),
    check('searches_click_when', sql`${t.clickedProductId} IS NULL OR ${t.clickedAt} IS NOT NULL`),
  ],
);

// ---------------------------------------------------------------------------------------------------------------------
// Accounts

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Stored lower-case: e-mail addresses are compared without regard to case. */
    email: text('email').notNull(),
    /** E.164 (+201xxxxxxxxx); null for an account made by social sign-in until the shopper adds one. */
    phone: text('phone'),
    /** argon2id (or a legacy Django pbkdf2_sha256 hash until its first successful log-in); null for social-only accounts. */
    passwordHash: text('password_hash'),
    emailVerified: boolean('email_verified').notNull().default(false),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    /** The loyalty balance, kept equal to the sum of the user's points ledger in the same transactions. */
    points: integer('points').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the shopper deletes their account: the row stays (their orders point at it) with its personal data erased. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The shopper's language: set at sign-up from the page, changed on the profile; account messages go out in it. */
    locale: text('locale', { enum: ['en', 'ar'] })
      .notNull()
      .default('en'),
    /** The shopper asked for no WhatsApp messages: their order messages go by SMS (and e-mail) only. */
    whatsappOptOut: boolean('whatsapp_opt_out').notNull().default(false),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_phone_unique').on(t.phone),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_points_nonnegative', sql`${t.points} >= 0`),
    check('users_deleted_inactive', sql`${t.deletedAt} IS NULL OR NOT ${t.isActive}`),
    check('users_locale_known', sql`${t.locale} IN ('en', 'ar')`),
  ],
);

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token: a database leak reveals no usable token. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('auth_tokens_hash_unique').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId)],
);

export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: serial('id').primaryKey(),
    provider: text('provider', { enum: ['google', 'facebook'] }).notNull(),
    /** The provider's stable id for the person (Google `sub`, Facebook user id). */
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('social_accounts_provider_subject').on(t.provider, t.subject)],
);

/** One row per code sent: phone and e-mail verification, password reset, guest promo codes. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose', {
      enum: ['verify_phone', 'verify_email', 'password_reset', 'guest_promo', 'change_email', 'change_phone', 'delete_account'],
    }).notNull(),
    /** Where the code went: an e-mail address or an E.164 phone number (for a change, the new one). */
    identifier: text('identifier').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** HMAC-SHA256 of the code under the server secret; null when nothing was sent (reset for an unknown e-mail). */
    codeHash: text('code_hash'),
    ip: text('ip'),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('verification_codes_lookup_idx').on(t.purpose, t.identifier, t.createdAt),
    index('verification_codes_ip_idx').on(t.ip, t.createdAt),
    check('verification_codes_attempts_range', sql`${t.attempts} BETWEEN 0 AND 5`),
  ],
);

/** Messages kept for developers when no SMTP server or SMS gateway is configured (the development outbox). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'sms', 'whatsapp'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    /** The plain-text part of an e-mail, or the SMS. */
    body: text('body').notNull(),
    /** An e-mail's HTML part. */
    html: text('html'),
    /** An e-mail's extra headers (List-Unsubscribe and List-Unsubscribe-Post on newsletters). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.createdAt)],
);

/** Append-only: every change of a user's loyalty balance, with its reason. */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    change: integer('change').notNull(),
    reason: text('reason').notNull(),
    orderNumber: text('order_number'),
    /** A manual adjustment's staff member and their written reason. */
    staffId: integer('staff_id').references(() => staffMembers.id),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('points_ledger_user_idx').on(t.userId, t.createdAt), check('points_ledger_change_nonzero', sql`${t.change} <> 0`)],
);

/** Fixed-window counters for rate limits, shared by every API instance (Redis replaces them when REDIS_URL is set). */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------------------------------------------------------------
// Cart and favourites

/** One line per size and shopper: posting the same size again sets its quantity (the unique key keeps one line). */
export const cartProductLines = pgTable(
  'cart_product_lines',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').notNull(),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cart_product_lines_user_variant').on(t.userId, t.variantId),
    foreignKey({ columns: [t.variantId, t.productId], foreignColumns: [productVariants.id, productVariants.productId] }).onDelete(
      'cascade',
    ),
    check('cart_product_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const cartOfferLines = pgTable(
  'cart_offer_lines',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cart_offer_lines_user_offer').on(t.userId, t.offerId),
    check('cart_offer_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const wishListEntries = pgTable(
  'wish_list_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wish_list_user_product').on(t.userId, t.productId)],
);

// ---------------------------------------------------------------------------------------------------------------------
// Checkout: regions, addresses, orders, promotion uses, payments

/** Egypt's 27 governorates, each with its delivery fee and delivery time in working days (decision 0037). */
export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    feePiastres: integer('fee_piastres').notNull(),
    position: smallint('position').notNull().default(0),
    deliveryMinDays: smallint('delivery_min_days').notNull().default(2),
    deliveryMaxDays: smallint('delivery_max_days').notNull().default(4),
  },
  (t) => [
    check('regions_fee_nonnegative', sql`${t.feePiastres} >= 0`),
    check(
      'regions_delivery_days',
      sql`${t.deliveryMinDays} >= 0 AND ${t.deliveryMaxDays} >= ${t.deliveryMinDays} AND ${t.deliveryMaxDays} <= 30`,
    ),
  ],
);

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
  },
  // Lets addresses reference (city, region) together, so a city always lies in its address's governorate.
  (t) => [
    unique('cities_id_region').on(t.id, t.regionId),
    index('cities_region_idx').on(t.regionId),
    // One governorate never has two cities of one name, in either language (added at the same instant included).
    uniqueIndex('cities_region_name_en').on(t.regionId, sql`lower(${t.nameEn})`),
    uniqueIndex('cities_region_name_ar').on(t.regionId, t.nameAr),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    regionId: integer('region_id').notNull(),
    cityId: integer('city_id').notNull(),
    street: text('street').notNull(),
    building: text('building').notNull().default(''),
    floor: text('floor').notNull().default(''),
    apartment: text('apartment').notNull().default(''),
    landmark: text('landmark').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.cityId, t.regionId], foreignColumns: [cities.id, cities.regionId], name: 'addresses_city_in_region' }),
    index('addresses_user_idx').on(t.userId),
    uniqueIndex('addresses_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNumber: text('order_number').notNull().unique(),
    userId: integer('user_id').references(() => users.id),
    guestName: text('guest_name'),
    guestPhone: text('guest_phone'),
    guestEmail: text('guest_email'),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    /** The address as it was when the order was placed. */
    address: jsonb('address').notNull(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    /** A gift: wrapped (at the fee of the day, part of the total) and/or with a message for the card in the box. */
    giftWrap: boolean('gift_wrap').notNull().default(false),
    giftWrapFeePiastres: integer('gift_wrap_fee_piastres').notNull().default(0),
    giftMessage: text('gift_message'),
    subtotalPiastres: integer('subtotal_piastres').notNull(),
    deliveryFeePiastres: integer('delivery_fee_piastres').notNull(),
    discountPiastres: integer('discount_piastres').notNull().default(0),
    pointsUsed: integer('points_used').notNull().default(0),
    pointsDiscountPiastres: integer('points_discount_piastres').notNull().default(0),
    pointsEarned: integer('points_earned').notNull().default(0),
    totalPiastres: integer('total_piastres').notNull(),
    promotionId: integer('promotion_id').references(() => promotions.id),
    promoCode: text('promo_code'),
    notes: text('notes').notNull().default(''),
    /** The shopper's language when ordering: messages and the card gateway's way back use it. */
    locale: text('locale', { enum: ['en', 'ar'] })
      .notNull()
      .default('en'),
    /** `u:<user id>` or `g:<phone>` with the client's Idempotency-Key: a repeated POST finds the first order. */
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of what the keyed request asked for: the same key with another request is refused (422). */
    idempotencyFingerprint: text('idempotency_fingerprint'),
    /** The buyer's verified phone (E.164) when ordering: first-order and per-customer codes count by it. */
    customerPhone: text('customer_phone'),
    /** Raised by every change staff or the shop make: an action decided on an older version is refused (409). */
    version: integer('version').notNull().default(1),
    courierName: text('courier_name'),
    trackingNumber: text('tracking_number'),
    /** Cash on delivery: what the courier collected, recorded when the order is delivered. */
    cashCollectedPiastres: integer('cash_collected_piastres'),
    /** Why staff cancelled or refunded it. */
    statusReason: text('status_reason'),
    /** Money given back so far by staff refunds (cash or card), never more than the total. */
    refundedPiastres: integer('refunded_piastres').notNull().default(0),
    /** Of the points earned, how many refunds have taken back so far (in proportion to the money refunded). */
    pointsReversed: integer('points_reversed').notNull().default(0),
    /** Of the points used, how many refunds have given back so far. */
    pointsReturned: integer('points_returned').notNull().default(0),
    /**
     * When the money came in: the card payment went through or the courier collected the cash; kept if refunded
     * since. Set by the database (triggers, migration 0013), so no code path can forget it; the board filters on it.
     */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When it was delivered: the returns window counts from here. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** `web` (the storefront) or `phone` (placed by staff for a customer who called). */
    channel: text('channel', { enum: ['web', 'phone'] })
      .notNull()
      .default('web'),
    placedByStaffId: integer('placed_by_staff_id').references(() => staffMembers.id),
    /** When it arrives, as promised when placed (decision 0037); none on orders placed before promises. */
    promisedEarliest: date('promised_earliest'),
    promisedLatest: date('promised_latest'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_idempotency_unique').on(t.idempotencyKey),
    // The orders board: newest (or oldest) first, within a status or across all. NULLS FIRST is what a plain
    // `ORDER BY … DESC` asks for: an index sorted otherwise is not used for it.
    index('orders_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The board's other sort and filters: by total, by governorate (its counts per status read the index alone),
    // unpaid orders, a promo code.
    index('orders_total_idx').on(t.totalPiastres, t.id),
    index('orders_region_status_idx').on(t.regionId, t.status),
    // Few orders are unpaid: newest first for the page, method and status read from the index for the counts.
    index('orders_unpaid_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.paymentMethod, t.status)
      .where(sql`${t.paidAt} IS NULL`),
    index('orders_promo_code_idx')
      .on(sql`upper(${t.promoCode})`)
      .where(sql`${t.promoCode} IS NOT NULL`),
    check(
      'orders_status_known',
      sql`${t.status} IN ('pending_payment', 'awaiting_shopper', 'placed', 'confirmed', 'packed', 'shipped', 'delivered', 'cancelled', 'refunded')`,
    ),
    check('orders_cash_collected_nonnegative', sql`${t.cashCollectedPiastres} >= 0`),
    check('orders_refunded_within_total', sql`${t.refundedPiastres} BETWEEN 0 AND ${t.totalPiastres}`),
    check(
      'orders_points_back_within',
      sql`${t.pointsReversed} BETWEEN 0 AND ${t.pointsEarned} AND ${t.pointsReturned} BETWEEN 0 AND ${t.pointsUsed}`,
    ),
    check('orders_channel_known', sql`${t.channel} IN ('web', 'phone')`),
    check('orders_payment_method_known', sql`${t.paymentMethod} IN ('cod', 'card', 'wallet', 'kiosk', 'valu')`),
    check('orders_gift_wrap_fee', sql`${t.giftWrapFeePiastres} >= 0 AND (${t.giftWrap} OR ${t.giftWrapFeePiastres} = 0)`),
    check('orders_gift_message_length', sql`char_length(${t.giftMessage}) BETWEEN 1 AND 300`),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_customer_phone_idx').on(t.customerPhone),
    index('orders_guest_phone_idx').on(t.guestPhone),
    check(
      'orders_money_nonnegative',
      sql`${t.subtotalPiastres} >= 0 AND ${t.deliveryFeePiastres} >= 0 AND ${t.discountPiastres} >= 0
      AND ${t.pointsDiscountPiastres} >= 0 AND ${t.totalPiastres} >= 0 AND ${t.pointsUsed} >= 0 AND ${t.pointsEarned} >= 0`,
    ),
    check('orders_owner', sql`${t.userId} IS NOT NULL OR (${t.guestName} IS NOT NULL AND ${t.guestPhone} IS NOT NULL)`),
    check(
      'orders_promise',
      sql`(${t.promisedEarliest} IS NULL AND ${t.promisedLatest} IS NULL) OR ${t.promisedLatest} >= ${t.promisedEarliest}`,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id),
    /** The size bought (a product line), and its millilitres when ordered. */
    variantId: integer('variant_id'),
    sizeMl: integer('size_ml'),
    offerId: integer('offer_id').references(() => offers.id),
    quantity: integer('quantity').notNull(),
    /** Unit price when ordered. */
    pricePiastres: integer('price_piastres').notNull(),
    points: integer('points').notNull().default(0),
    /** Units refunded so far: a unit is refunded once. */
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    /** Units in a return under way (requested, approved or received, not yet refunded): a unit is returned once. */
    returnQuantity: integer('return_quantity').notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check(
      'order_items_units_back_within',
      sql`${t.refundedQuantity} >= 0 AND ${t.returnQuantity} >= 0 AND ${t.refundedQuantity} + ${t.returnQuantity} <= ${t.quantity}`,
    ),
    check('order_items_one_kind', sql`(${t.productId} IS NULL) <> (${t.offerId} IS NULL)`),
    check('order_items_size_of_product', sql`(${t.variantId} IS NULL) = (${t.productId} IS NULL)`),
    foreignKey({ columns: [t.variantId, t.productId], foreignColumns: [productVariants.id, productVariants.productId] }),
    check('order_items_quantity_positive', sql`${t.quantity} > 0 AND ${t.pricePiastres} >= 0`),
  ],
);

export const orderStatusHistory = pgTable('order_status_history', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  fromStatus: text('from_status'),
  toStatus: text('to_status').notNull(),
  /** Who moved it: a staff member, or null for the shopper or the shop itself (payment, checkout). */
  staffId: integer('staff_id').references(() => staffMembers.id),
  createdAt: createdAt(),
});

/**
 * The question to the shopper of a cash order the shop's rule caught (decision 0048): one per order, answered once
 * (a conditional update on `answer IS NULL`), by the signed link, WhatsApp, the shopper's account, staff (after a
 * call, or cancelling the order), or nobody by `expires_at` (the job cancels it). `sends`: how many times the
 * question went out (staff may send it again).
 */
export const orderConfirmations = pgTable(
  'order_confirmations',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    answer: text('answer', { enum: ['confirmed', 'cancelled'] }),
    answeredVia: text('answered_via', { enum: ['link', 'whatsapp', 'account', 'staff', 'timeout'] }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    staffId: integer('staff_id').references(() => staffMembers.id),
    sends: smallint('sends').notNull().default(1),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('order_confirmations_expiry', sql`${t.expiresAt} > ${t.askedAt}`),
    check('order_confirmations_answer_known', sql`${t.answer} IN ('confirmed', 'cancelled')`),
    check('order_confirmations_via_known', sql`${t.answeredVia} IN ('link', 'whatsapp', 'account', 'staff', 'timeout')`),
    // Answered all at once or not at all; nobody answering only cancels, and only staff answer as a staff member.
    check(
      'order_confirmations_answered',
      sql`(${t.answer} IS NULL) = (${t.answeredVia} IS NULL) AND (${t.answer} IS NULL) = (${t.answeredAt} IS NULL)
      AND (${t.answeredVia} <> 'timeout' OR ${t.answer} = 'cancelled') AND ((${t.answeredVia} = 'staff') = (${t.staffId} IS NOT NULL))`,
    ),
    check('order_confirmations_sends', sql`${t.sends} BETWEEN 1 AND 100`),
    // The job's sweep: open questions by expiry.
    index('order_confirmations_open_idx')
      .on(t.expiresAt)
      .where(sql`${t.answer} IS NULL`),
  ],
);

/** Staff's internal notes on an order; never shown to the shopper. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId)],
);

/**
 * One row per use of a promotion. `customer_seq` numbers a customer's uses (1 … per-customer limit) and `global_seq`
 * numbers all uses (1 … max uses): the unique keys make both limits exact under any concurrency.
 * A cancelled order deletes its row, giving the use back.
 */
export const promotionUses = pgTable(
  'promotion_uses',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** `u:<user id>` or `g:<phone>`. */
    customerKey: text('customer_key').notNull(),
    customerSeq: integer('customer_seq').notNull(),
    globalSeq: integer('global_seq').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promotion_uses_order').on(t.orderId),
    uniqueIndex('promotion_uses_customer_seq').on(t.promotionId, t.customerKey, t.customerSeq),
    uniqueIndex('promotion_uses_global_seq').on(t.promotionId, t.globalSeq),
  ],
);

/** A promotion limited to some categories applies only to their products' lines (none listed: every line). */
export const promotionCategories = pgTable(
  'promotion_categories',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.categoryId] })],
);

/** A promotion limited to some products applies only to their lines (with categories: a line matching either). */
export const promotionProducts = pgTable(
  'promotion_products',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.productId] })],
);

/** The promotion a signed-in shopper applied to their cart (GET /api/promotions/{code}). */
export const cartPromotions = pgTable('cart_promotions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  promotionId: integer('promotion_id')
    .notNull()
    .references(() => promotions.id),
  createdAt: createdAt(),
});

/**
 * The signed-in shopper's gift wrap, gift message and order notes, kept with the cart until an order takes them
 * (decision 0042); the limits are the order's.
 */
export const cartExtras = pgTable(
  'cart_extras',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    giftWrap: boolean('gift_wrap').notNull().default(false),
    giftMessage: text('gift_message').notNull().default(''),
    notes: text('notes').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('cart_extras_gift_message_length', sql`char_length(${t.giftMessage}) <= ${sql.raw(String(GIFT_MESSAGE_MAX))}`),
    check('cart_extras_notes_length', sql`char_length(${t.notes}) <= ${sql.raw(String(ORDER_NOTES_MAX))}`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['paymob', 'test'] }).notNull(),
    /** How the shopper pays online: each has its own Paymob integration and its own signed callback path. */
    method: text('method', { enum: ['card', 'wallet', 'kiosk', 'valu'] })
      .notNull()
      .default('card'),
    /** The reference a kiosk order is paid with in cash (Paymob's bill reference); null for other methods. */
    kioskReference: text('kiosk_reference'),
    /**
     * 128 random bits naming the payment to the gateway (Paymob's merchant_order_id, the test gateway's address). Only
     * whoever placed the order is ever shown it, so holding it is the owner's capability.
     */
    reference: text('reference').notNull(),
    amountPiastres: integer('amount_piastres').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'declined', 'refund_pending', 'refunded'] })
      .notNull()
      .default('pending'),
    /** What refunds have taken back, pending ones included: never more than was paid. */
    refundedPiastres: integer('refunded_piastres').notNull().default(0),
    /** Where the shopper pays (the hosted payment page). */
    redirectUrl: text('redirect_url'),
    /** The gateway's transaction id from the signed callback: a replayed callback finds it already recorded. */
    transactionId: text('transaction_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_transaction').on(t.provider, t.transactionId),
    uniqueIndex('payments_reference_unique').on(t.reference),
    index('payments_order_idx').on(t.orderId),
    check('payments_status_known', sql`${t.status} IN ('pending', 'paid', 'declined', 'refund_pending', 'refunded')`),
    check('payments_method_known', sql`${t.method} IN ('card', 'wallet', 'kiosk', 'valu')`),
    check('payments_kiosk_reference', sql`(${t.kioskReference} IS NOT NULL) <= (${t.method} = 'kiosk')`),
    check(
      'payments_amounts',
      sql`${t.amountPiastres} >= 0 AND ${t.refundedPiastres} >= 0 AND ${t.refundedPiastres} <= ${t.amountPiastres}`,
    ),
  ],
);

/** Money given back on a card payment, through its gateway. Rows are added, settled once, never deleted. */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    amountPiastres: integer('amount_piastres').notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'failed'] })
      .notNull()
      .default('pending'),
    reason: text('reason').notNull(),
    /** The gateway's id for the refund transaction. */
    providerReference: text('provider_reference'),
    error: text('error'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('refunds_payment_idx').on(t.paymentId),
    check('refunds_amount_positive', sql`${t.amountPiastres} > 0`),
    check('refunds_status_known', sql`${t.status} IN ('pending', 'confirmed', 'failed')`),
  ],
);

/** Offline (in-store) orders whose points a shopper can claim once, by their number and printed claim code. */
export const offlineOrders = pgTable(
  'offline_orders',
  {
    id: serial('id').primaryKey(),
    orderNumber: text('order_number').notNull().unique(),
    /** SHA-256 of the claim code printed on the receipt (orders/receipts.ts); without one, it cannot be claimed online. */
    claimCodeHash: text('claim_code_hash'),
    totalPiastres: integer('total_piastres').notNull(),
    points: integer('points').notNull(),
    /** The till's date and time of the sale. */
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who entered or imported it (null: the seed). */
    staffId: integer('staff_id').references(() => staffMembers.id),
    claimedBy: integer('claimed_by').references(() => users.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /**
     * A second owner or manager who approved a receipt above RECEIPT_APPROVAL_ABOVE (decision 0034): until then it
     * cannot be claimed. Never the member who entered it.
     */
    approvedBy: integer('approved_by').references(() => staffMembers.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('offline_orders_amounts', sql`${t.totalPiastres} >= 0 AND ${t.points} >= 0`),
    check('offline_orders_approver_not_enterer', sql`${t.approvedBy} IS NULL OR ${t.approvedBy} IS DISTINCT FROM ${t.staffId}`),
  ],
);

// ---------------------------------------------------------------------------------------------------------------------
// Back office: staff, their sessions, the audit log

/** People who run the shop; not shoppers (separate table, separate sessions). */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-case. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['owner', 'manager', 'fulfilment', 'support'] }).notNull(),
    /** argon2id; null until the member sets one through their one-time link. */
    passwordHash: text('password_hash'),
    /** Base32 secret of the authenticator app; `totp_enabled_at` is set once a code from it has been confirmed. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last time step whose code was accepted: a code is good once. */
    totpLastStep: integer('totp_last_step'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_members_email_unique').on(t.email),
    check('staff_members_email_lower', sql`${t.email} = lower(${t.email})`),
    check('staff_members_role_known', sql`${t.role} IN ('owner', 'manager', 'fulfilment', 'support')`),
  ],
);

/** A signed-in browser: the cookie holds the token, the table its SHA-256. Idle 30 minutes or 12 hours old: over. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Handed to the page with the session; every write sends it back in X-CSRF-Token. */
    csrfToken: text('csrf_token').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_sessions_token_unique').on(t.tokenHash), index('staff_sessions_staff_idx').on(t.staffId)],
);

/** One-time links to set a password (a new member, or a reset by the owner): the hash of the token, used once. */
export const staffPasswordLinks = pgTable(
  'staff_password_links',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_password_links_token_unique').on(t.tokenHash)],
);

/** Every staff write: who, when, what, and the values before and after. Append-only (a trigger refuses changes). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id').references(() => staffMembers.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.id),
    index('audit_log_staff_idx').on(t.staffId, t.id),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------------------------------
// Returns and refunds

/** A shopper's request to send back a delivered order or some of its units; staff approve or reject, receive, refund. */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    reason: text('reason').notNull(),
    /** Why staff rejected it, or what they told the shopper on approval. */
    staffMessage: text('staff_message'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    // One return under way per order at a time.
    uniqueIndex('order_returns_one_open')
      .on(t.orderId)
      .where(sql`${t.status} IN ('requested', 'approved', 'received')`),
    index('order_returns_status_idx').on(t.status, t.createdAt),
    check('order_returns_status_known', sql`${t.status} IN ('requested', 'approved', 'rejected', 'received', 'refunded')`),
  ],
);

export const orderReturnLines = pgTable(
  'order_return_lines',
  {
    returnId: integer('return_id')
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** Decided when the parcel arrives: back on the shelf, or not (opened, damaged). */
    restocked: boolean('restocked'),
  },
  (t) => [primaryKey({ columns: [t.returnId, t.orderItemId] }), check('order_return_lines_quantity', sql`${t.quantity} > 0`)],
);

/**
 * Money, units and points given back on a delivered order by staff: appended, never edited (a trigger refuses changes).
 * A card order's money goes back through its gateway (`refunds`); cash is handed back by the shop.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    returnId: integer('return_id').references(() => orderReturns.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id),
    amountPiastres: integer('amount_piastres').notNull(),
    pointsReversed: integer('points_reversed').notNull().default(0),
    pointsReturned: integer('points_returned').notNull().default(0),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId),
    // A return is refunded once.
    uniqueIndex('order_refunds_return_unique').on(t.returnId),
    check('order_refunds_amounts', sql`${t.amountPiastres} >= 0 AND ${t.pointsReversed} >= 0 AND ${t.pointsReturned} >= 0`),
  ],
);

export const orderRefundLines = pgTable(
  'order_refund_lines',
  {
    refundId: integer('refund_id')
      .notNull()
      .references(() => orderRefunds.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    restocked: boolean('restocked').notNull(),
  },
  (t) => [primaryKey({ columns: [t.refundId, t.orderItemId] }), check('order_refund_lines_quantity', sql`${t.quantity} > 0`)],
);

// ---------------------------------------------------------------------------------------------------------------------
// Shopper self-service: reviews, back-in-stock alerts, notifications

/** One review per shopper per product (a second one edits the first), only by a shopper who received the product. */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    body: text('body').notNull(),
    /** The language the review was written in (either; shown to everyone). */
    locale: text('locale', { enum: ['en', 'ar'] }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Kept in step with review_votes in the same transaction: "most helpful first" sorts on it. */
    helpfulCount: integer('helpful_count').notNull().default(0),
    /** Moderation: hidden reviews are left out of the product page, its average and count. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: integer('hidden_by').references(() => staffMembers.id),
    /** The shop's public answer. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: integer('replied_by').references(() => staffMembers.id),
  },
  (t) => [
    uniqueIndex('reviews_one_per_shopper').on(t.productId, t.userId),
    index('reviews_product_idx').on(t.productId, t.createdAt),
    index('reviews_user_idx').on(t.userId),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    check('reviews_body_length', sql`char_length(${t.body}) BETWEEN 1 AND 2000`),
    check('reviews_reply_length', sql`char_length(${t.reply}) BETWEEN 1 AND 2000`),
    check('reviews_helpful_nonnegative', sql`${t.helpfulCount} >= 0`),
  ],
);

/** A shopper found a review helpful (once). */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

/**
 * "Tell me when it is back": a signed-in shopper, or a guest's e-mail or phone, for a product (any size) or one size.
 * Deleted as it is told, so each subscriber hears once.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Null: any of the product's sizes. */
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-case. */
    email: text('email'),
    /** E.164. */
    phone: text('phone'),
    locale: text('locale', { enum: ['en', 'ar'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('stock_alerts_once').on(t.productId, t.variantId, t.userId, t.email, t.phone).nullsNotDistinct(),
    index('stock_alerts_product_idx').on(t.productId),
    index('stock_alerts_user_idx').on(t.userId),
    check('stock_alerts_one_subscriber', sql`num_nonnulls(${t.userId}, ${t.email}, ${t.phone}) = 1`),
    check('stock_alerts_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

export const NOTIFICATION_KINDS = ['order_status', 'order_shipped', 'return', 'back_in_stock', 'points_earned'] as const;

/**
 * The bell's list: what happened to a shopper's orders, returns, alerts and points. Stored as a kind and its parameters
 * (order number, status, product, points), rendered in the language the shopper reads it in.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    /** What it is about, once per shopper (`order:12:shipped`, `alert:7`): a retried job does not tell them twice. */
    key: text('key').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_once').on(t.userId, t.key),
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
    check('notifications_kind', sql`${t.kind} IN ('order_status', 'order_shipped', 'return', 'back_in_stock', 'points_earned')`),
  ],
);

/**
 * The transactional outbox: what a change to an order must tell people, written in the change's own transaction (a
 * committed change always has its messages, a rolled-back one none), one row per channel and recipient so a failure on
 * one never repeats another. A worker (messages/worker.ts) sends each row and records it; `key` makes each message once.
 */
export const queuedMessages = pgTable(
  'queued_messages',
  {
    id: serial('id').primaryKey(),
    /** What the message is, once (`order:12:status:shipped:sms`, `order:12:alert:owner@attar.test`). */
    key: text('key').notNull().unique(),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    /** The e-mail address or phone, resolved when the change was made. */
    recipient: text('recipient').notNull(),
    /** What to render: a status change, a return or refund event, or the new-order alert to staff. */
    kind: text('kind', { enum: QUEUED_MESSAGE_KINDS }).notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, string | number>>().notNull(),
    locale: text('locale', { enum: ['en', 'ar'] }).notNull(),
    state: text('state', { enum: QUEUED_MESSAGE_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Until when a worker holds the row: a row held by an instance that died is claimed again after it. */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** The mail server's Message-ID, the SMS gateway's id or WhatsApp's message id (`wamid.…`) for the send. */
    providerId: text('provider_id'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** A WhatsApp message's: the key of the SMS held back for it (sent if WhatsApp fails or is not delivered in time). */
    fallbackKey: text('fallback_key'),
    /** A WhatsApp message's last status from WhatsApp's webhook (only ever forward: whatsapp/service.ts). */
    whatsappStatus: text('whatsapp_status', { enum: WHATSAPP_STATUSES }),
    /** When a WhatsApp message's held SMS was let go. */
    fellBackAt: timestamp('fell_back_at', { withTimezone: true }),
  },
  (t) => [
    check('queued_messages_channel_known', sql`${t.channel} IN ('email', 'sms', 'whatsapp')`),
    check('queued_messages_kind_known', sql`${t.kind} IN ('order_status', 'order_event', 'order_alert')`),
    check('queued_messages_locale_known', sql`${t.locale} IN ('en', 'ar')`),
    check('queued_messages_state_known', sql`${t.state} IN ('pending', 'sent', 'dead', 'held', 'replaced')`),
    check(
      'queued_messages_whatsapp_status_known',
      sql`${t.whatsappStatus} IS NULL OR ${t.whatsappStatus} IN ('sent', 'delivered', 'read', 'failed')`,
    ),
    check('queued_messages_whatsapp_only', sql`${t.channel} = 'whatsapp' OR (${t.fallbackKey} IS NULL AND ${t.whatsappStatus} IS NULL)`),
    index('queued_messages_provider_idx')
      .on(t.providerId)
      .where(sql`${t.channel} = 'whatsapp'`),
    check('queued_messages_attempts_nonnegative', sql`${t.attempts} >= 0`),
    check('queued_messages_sent_when', sql`(${t.state} = 'sent') = (${t.sentAt} IS NOT NULL)`),
    index('queued_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    index('queued_messages_dead_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'dead'`),
  ],
);

/**
 * An order handed to a courier through its API (decision 0049). The row is written before the courier is asked, with
 * the order number as the business reference the courier keeps: a retry after a lost answer finds the delivery the
 * first attempt created instead of creating a second. `created` always has its tracking number.
 */
export const courierDeliveries = pgTable(
  'courier_deliveries',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    courier: text('courier', { enum: COURIERS }).notNull(),
    businessReference: text('business_reference').notNull(),
    status: text('status', { enum: HAND_OVER_STATUSES }).notNull().default('requested'),
    /** The courier's own id of the delivery, and the tracking number on its waybill. */
    providerId: text('provider_id'),
    trackingNumber: text('tracking_number'),
    /** The cash the courier is to collect: the order's total for cash on delivery, else 0. */
    codPiastres: integer('cod_piastres').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Where the parcel is as the courier last said, and when the courier said it (older events are ignored). */
    parcelState: text('parcel_state', { enum: PARCEL_STATES }),
    stateAt: timestamp('state_at', { withTimezone: true }),
    requestedBy: integer('requested_by').references(() => staffMembers.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('courier_deliveries_reference_unique').on(t.courier, t.businessReference),
    unique('courier_deliveries_tracking_unique').on(t.courier, t.trackingNumber),
    check('courier_deliveries_courier_known', sql`${t.courier} IN ('bosta')`),
    check('courier_deliveries_status_known', sql`${t.status} IN ('requested', 'created', 'failed')`),
    check('courier_deliveries_tracked_when_created', sql`(${t.status} = 'created') = (${t.trackingNumber} IS NOT NULL)`),
    check('courier_deliveries_cod_nonnegative', sql`${t.codPiastres} >= 0`),
    check('courier_deliveries_attempts_nonnegative', sql`${t.attempts} >= 0`),
    check(
      'courier_deliveries_state_known',
      sql`${t.parcelState} IN ('picked_up', 'out_for_delivery', 'attempt_failed', 'delivered', 'returned')`,
    ),
  ],
);

/** Every courier event received, once: a repeated event (same parcel, state and time) is refused by the key. */
export const courierEvents = pgTable(
  'courier_events',
  {
    id: serial('id').primaryKey(),
    courier: text('courier', { enum: COURIERS }).notNull(),
    trackingNumber: text('tracking_number').notNull(),
    /** The courier's own state code. */
    state: integer('state').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** applied: it moved the parcel; stale: older than what the parcel already said; noted: nothing to do. */
    outcome: text('outcome', { enum: ['applied', 'stale', 'noted'] }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('courier_events_once').on(t.courier, t.trackingNumber, t.state, t.occurredAt),
    check('courier_events_outcome_known', sql`${t.outcome} IN ('applied', 'stale', 'noted')`),
  ],
);

/** A courier's settlement statement imported by staff: the cash it collected, its fees, what it paid out. */
export const courierSettlements = pgTable(
  'courier_settlements',
  {
    id: serial('id').primaryKey(),
    courier: text('courier', { enum: COURIERS }).notNull(),
    fileName: text('file_name').notNull(),
    staffId: integer('staff_id').references(() => staffMembers.id),
    createdAt: createdAt(),
  },
  (t) => [check('courier_settlements_courier_known', sql`${t.courier} IN ('bosta')`)],
);

/** A statement's line matched to an order: each order is settled once. */
export const courierSettlementLines = pgTable(
  'courier_settlement_lines',
  {
    id: serial('id').primaryKey(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => courierSettlements.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    codPiastres: integer('cod_piastres').notNull(),
    feesPiastres: integer('fees_piastres').notNull(),
    paidOutPiastres: integer('paid_out_piastres').notNull(),
  },
  (t) => [
    check('courier_settlement_lines_nonnegative', sql`${t.codPiastres} >= 0 AND ${t.feesPiastres} >= 0`),
    index('courier_settlement_lines_settlement_idx').on(t.settlementId),
  ],
);

/**
 * WhatsApp's status reports (its webhook), each applied once: a report repeated, or sent again by WhatsApp, finds its
 * row here and changes nothing.
 */
export const whatsappStatusEvents = pgTable(
  'whatsapp_status_events',
  {
    id: serial('id').primaryKey(),
    /** WhatsApp's message id (`wamid.…`). */
    providerId: text('provider_id').notNull(),
    status: text('status', { enum: WHATSAPP_STATUSES }).notNull(),
    /** WhatsApp's reason, for a failure. */
    error: text('error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('whatsapp_status_events_once').on(t.providerId, t.status),
    check('whatsapp_status_events_status_known', sql`${t.status} IN ('sent', 'delivered', 'read', 'failed')`),
  ],
);

/** Shoppers' answers on WhatsApp (a template's quick-reply button, or anything else they wrote), each recorded once. */
export const whatsappReplies = pgTable(
  'whatsapp_replies',
  {
    id: serial('id').primaryKey(),
    /** WhatsApp's id of the inbound message. */
    providerId: text('provider_id').notNull().unique(),
    /** The sender's number as WhatsApp gives it (digits, country code first). */
    fromPhone: text('from_phone').notNull(),
    /** A button's payload, or the text written. */
    body: text('body').notNull(),
    orderNumber: text('order_number'),
    /** The answer the payload names (`confirm`, `cancel`); null for a reply the shop does not know. */
    answer: text('answer'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('whatsapp_replies_answer_known', sql`${t.answer} IS NULL OR ${t.answer} IN ('confirm', 'cancel')`)],
);
