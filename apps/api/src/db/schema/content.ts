import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, serial, smallint, text, time, timestamp } from 'drizzle-orm/pg-core';
import { altTexts } from './columns';

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
    ...altTexts(),
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
    /** How long a phone order's payment link stays payable (decision 0060); the order is cancelled unpaid after it. */
    paymentLinkHours: smallint('payment_link_hours').notNull().default(24),
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
    check('site_config_payment_link_hours', sql`${t.paymentLinkHours} BETWEEN 1 AND 168`),
  ],
);

/** Public holidays without deliveries (decision 0037), edited by the shop. */
export const deliveryHolidays = pgTable('delivery_holidays', {
  day: date('day').primaryKey(),
});
