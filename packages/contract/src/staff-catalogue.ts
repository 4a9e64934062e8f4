/**
 * The back office's catalogue: the names products are sorted by (categories, families, notes, occasions,
 * sizes) and the products with their sizes, under `/api/staff/catalogue/…`. Amounts are pounds with at most two
 * decimals, as everywhere in the contract; the API keeps piastres.
 */
import { z } from 'zod';
import { Gender, ProductType } from './catalog';
import { Id, IdParam, Money, PageQuery, Slug, paginated } from './common';
import { StaffImage } from './staff-media';

/**
 * Words the API's product paths use after `/api/products/` (its sub-resources): no product may be called by them, or
 * its address would be one of theirs.
 */
export const RESERVED_PRODUCT_SLUGS = ['notes', 'concentrations', 'sizes', 'suggestions', 'no-results', 'occasions-names'] as const;

const name = z.string().trim().min(1).max(120);
const text = (max: number) => z.string().trim().max(max);
/** A slug as staff type it: lowercase words of ASCII letters and digits joined by '-', at most 80 characters. */
export const StaffSlug = Slug.max(80);

export const TAXONOMIES = ['categories', 'families', 'notes', 'occasions'] as const;
export const Taxonomy = z.enum(TAXONOMIES);
export type Taxonomy = z.infer<typeof Taxonomy>;

/** A category, family, note or occasion with both names; `products` counts the products that use it. */
export const StaffTerm = z.object({
  id: Id,
  slug: Slug,
  name_en: z.string(),
  name_ar: z.string(),
  /** Categories only: their order in the storefront's menus (0 first). */
  position: z.number().int().nullable(),
  products: z.number().int().nonnegative(),
});
export type StaffTerm = z.infer<typeof StaffTerm>;
export const StaffTermInput = z.object({
  slug: StaffSlug,
  name_en: name,
  name_ar: name,
  position: z.number().int().min(0).max(999).optional(),
});
export type StaffTermInput = z.infer<typeof StaffTermInput>;
export const StaffTermPatch = StaffTermInput.partial();
export type StaffTermPatch = z.infer<typeof StaffTermPatch>;
export const TaxonomyParams = z.object({ taxonomy: Taxonomy });
export const TermParams = z.object({ taxonomy: Taxonomy, id: IdParam });

export const StaffSize = z.object({ id: Id, ml: z.number().int().positive(), products: z.number().int().nonnegative() });
export type StaffSize = z.infer<typeof StaffSize>;
export const StaffSizeInput = z.object({ ml: z.number().int().min(1).max(10_000) });
export type StaffSizeInput = z.infer<typeof StaffSizeInput>;

/** Draft (staff only), scheduled (published by itself at `publish_at`) or published (on the storefront). */
export const PUBLICATION_STATES = ['draft', 'scheduled', 'published'] as const;
export const PublicationState = z.enum(PUBLICATION_STATES);
export type PublicationState = z.infer<typeof PublicationState>;

/** A size of a product as staff edit it; `stock` is read here and changed through the stock ledger. */
export const StaffProductSize = z.object({
  id: Id,
  size: Id,
  ml: z.number().int().positive(),
  sku: z.string(),
  price: Money,
  stock: z.number().int().nonnegative(),
  is_default: z.boolean(),
});
export type StaffProductSize = z.infer<typeof StaffProductSize>;

export const StaffNoteIds = z.object({ top: z.array(Id), heart: z.array(Id), base: z.array(Id) });

export const StaffProduct = z.object({
  id: Id,
  slug: Slug,
  type: ProductType,
  category: Id,
  family: Id.nullable(),
  name_en: z.string(),
  name_ar: z.string(),
  description_en: z.string(),
  description_ar: z.string(),
  concentration_en: z.string().nullable(),
  concentration_ar: z.string().nullable(),
  gender: Gender,
  is_new: z.boolean(),
  low_stock_threshold: z.number().int().nonnegative(),
  state: PublicationState,
  publish_at: z.iso.datetime({ offset: true }).nullable(),
  notes: StaffNoteIds,
  occasions: z.array(Id),
  sizes: z.array(StaffProductSize),
  image_mobile: z.url(),
  /** The main picture first; empty while the product has only the placeholder (it cannot be published so). */
  images: z.array(StaffImage),
  /** Increases with every change: a save names the version it was made on, and another one is a 409. */
  version: z.number().int().positive(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type StaffProduct = z.infer<typeof StaffProduct>;

/** A price in pounds: not negative, at most two decimals, at most a million. */
const Price = Money.min(0).max(1_000_000);
/** A SKU as printed on the box: letters, digits, '-', '_' and '.', 1–40 characters. */
export const Sku = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/);

/** A size in a save: `id` for one the product has, none for a new one (which starts with `stock`, as received). */
export const StaffProductSizeInput = z.object({
  id: Id.optional(),
  size: Id,
  sku: Sku,
  price: Price,
  stock: z.number().int().min(0).max(1_000_000).optional(),
  is_default: z.boolean(),
});
export type StaffProductSizeInput = z.infer<typeof StaffProductSizeInput>;

const productFields = {
  /** Not one of RESERVED_PRODUCT_SLUGS (checked with the other rules a form shows in its own words). */
  slug: StaffSlug,
  type: ProductType,
  category: Id,
  family: Id.nullable(),
  name_en: name,
  name_ar: name,
  description_en: text(5000),
  description_ar: text(5000),
  concentration_en: text(60).nullable(),
  concentration_ar: text(60).nullable(),
  gender: Gender,
  is_new: z.boolean(),
  /** A size at or below this many units is low on stock. */
  low_stock_threshold: z.number().int().min(0).max(10_000).default(5),
  notes: z.object({
    top: z.array(Id).max(12),
    heart: z.array(Id).max(12),
    base: z.array(Id).max(12),
  }),
  occasions: z.array(Id).max(12),
  sizes: z.array(StaffProductSizeInput).min(1).max(8),
};

export const SIZE_PROBLEMS = ['one_default', 'size_twice', 'sku_twice'] as const;
export type SizeProblem = (typeof SIZE_PROBLEMS)[number];
/**
 * What is wrong with a product's sizes, by the rules the database keeps (one default, no size twice, no SKU twice):
 * the back office shows each in its own words before saving, the API in the caller's language.
 */
export function sizeProblems(sizes: readonly Pick<StaffProductSizeInput, 'size' | 'sku' | 'is_default'>[]): SizeProblem[] {
  const problems: SizeProblem[] = [];
  if (sizes.filter((each) => each.is_default).length !== 1) problems.push('one_default');
  if (new Set(sizes.map((each) => each.size)).size !== sizes.length) problems.push('size_twice');
  if (new Set(sizes.map((each) => each.sku.trim().toUpperCase())).size !== sizes.length) problems.push('sku_twice');
  return problems;
}

/** A new product: saved as a draft. */
export const StaffProductCreate = z.object(productFields);
export type StaffProductCreate = z.infer<typeof StaffProductCreate>;

/** A save of an existing product: every field, on the version it was made on. Sizes left out are removed. */
export const StaffProductSave = z.object({ ...productFields, version: z.number().int().positive() });
export type StaffProductSave = z.infer<typeof StaffProductSave>;

/** Publish now, take off the storefront (back to draft), or publish by itself at a later time. */
export const StaffPublication = z.discriminatedUnion('state', [
  z.object({ state: z.literal('published'), version: z.number().int().positive() }),
  z.object({ state: z.literal('draft'), version: z.number().int().positive() }),
  z.object({ state: z.literal('scheduled'), publish_at: z.iso.datetime({ offset: true }), version: z.number().int().positive() }),
]);
export type StaffPublication = z.infer<typeof StaffPublication>;

export const StaffProductRow = z.object({
  id: Id,
  slug: Slug,
  name_en: z.string(),
  name_ar: z.string(),
  /** The category's id (the categories' list names it in both languages). */
  category: Id,
  state: PublicationState,
  publish_at: z.iso.datetime({ offset: true }).nullable(),
  /** The default size's price. */
  price: Money,
  /** Every size's stock together. */
  stock: z.number().int().nonnegative(),
  sizes: z.array(z.number().int().positive()),
  image_mobile: z.url(),
  updated_at: z.iso.datetime({ offset: true }),
});
export type StaffProductRow = z.infer<typeof StaffProductRow>;

export const STAFF_PRODUCT_ORDERINGS = ['-updated_at', 'name', 'price', '-price', 'stock'] as const;
export const StaffProductQuery = PageQuery.extend({
  /** Name (either language), slug or SKU. */
  search: z.string().trim().max(100).optional(),
  category: IdParam.optional(),
  state: PublicationState.optional(),
  ordering: z.enum(STAFF_PRODUCT_ORDERINGS).default('-updated_at'),
});
export type StaffProductQuery = z.infer<typeof StaffProductQuery>;
export const StaffProductPage = paginated(StaffProductRow);

/** Why staff change a size's stock by hand; orders, cancellations and returns change it by themselves. */
export const STAFF_STOCK_REASONS = ['received', 'damaged', 'correction'] as const;
/** Why a size's stock changed: the stock ledger's reasons (the API's schema and CHECK use these). */
export const STOCK_REASONS = ['received', 'damaged', 'correction', 'order', 'cancellation', 'return', 'order_edit'] as const;
export const StockReason = z.enum(STOCK_REASONS);
export type StockReason = z.infer<typeof StockReason>;

/** Units in (positive) or out (negative) of one size, with the reason and a note for the record. */
export const StaffStockAdjustment = z.object({
  change: z
    .number()
    .int()
    .min(-1_000_000)
    .max(1_000_000)
    .refine((change) => change !== 0),
  reason: z.enum(STAFF_STOCK_REASONS),
  note: z.string().trim().max(300).optional(),
});
export type StaffStockAdjustment = z.infer<typeof StaffStockAdjustment>;
export const StockParams = z.object({ id: IdParam, size: IdParam });

/** One row of the stock ledger: a change of one size's stock. */
export const StockMovement = z.object({
  id: Id,
  at: z.iso.datetime({ offset: true }),
  /** The size (product_variants row); its millilitres, or null once the size was removed. */
  size: Id,
  ml: z.number().int().positive().nullable(),
  change: z.number().int(),
  stock_after: z.number().int().nonnegative(),
  reason: StockReason,
  order_number: z.string().nullable(),
  staff: z.object({ id: Id, name: z.string() }).nullable(),
  note: z.string().nullable(),
});
export type StockMovement = z.infer<typeof StockMovement>;
export const StockMovementPage = paginated(StockMovement);

/** A size of a published product at or below its product's low-stock threshold. */
export const LowStockRow = z.object({
  product: Id,
  slug: Slug,
  name_en: z.string(),
  name_ar: z.string(),
  size: Id,
  ml: z.number().int().positive(),
  sku: z.string(),
  stock: z.number().int().nonnegative(),
  threshold: z.number().int().nonnegative(),
});
export type LowStockRow = z.infer<typeof LowStockRow>;

/** A product size in an offer, as staff put it together. */
export const StaffOfferItemInput = z.object({ size: Id, quantity: z.number().int().min(1).max(10) });
const offerFields = {
  slug: StaffSlug,
  name_en: name,
  name_ar: name,
  description_en: text(5000),
  description_ar: text(5000),
  /** The bundle's price: at most what its parts cost together (their current prices), which is kept as `original_price`. */
  price: Price,
  /** How many bundles may be sold; each also takes its parts' stock. */
  stock: z.number().int().min(0).max(1_000_000),
  items: z.array(StaffOfferItemInput).min(2).max(8),
};
/** A new offer: saved as a draft. */
export const StaffOfferCreate = z.object(offerFields);
export type StaffOfferCreate = z.infer<typeof StaffOfferCreate>;
export const StaffOfferSave = z.object({ ...offerFields, version: z.number().int().positive() });
export type StaffOfferSave = z.infer<typeof StaffOfferSave>;
/** Offers are published or drafts (no schedule). */
export const StaffOfferPublication = z.object({ state: z.enum(['draft', 'published']), version: z.number().int().positive() });
export type StaffOfferPublication = z.infer<typeof StaffOfferPublication>;

export const StaffOfferItem = z.object({
  size: Id,
  product: Id,
  name_en: z.string(),
  name_ar: z.string(),
  ml: z.number().int().positive(),
  sku: z.string(),
  /** The size's price now. */
  price: Money,
  quantity: z.number().int().positive(),
});
export const StaffOffer = z.object({
  id: Id,
  slug: Slug,
  name_en: z.string(),
  name_ar: z.string(),
  description_en: z.string(),
  description_ar: z.string(),
  price: Money,
  original_price: Money,
  stock: z.number().int().nonnegative(),
  state: z.enum(['draft', 'published']),
  items: z.array(StaffOfferItem),
  image_mobile: z.url(),
  images: z.array(StaffImage),
  version: z.number().int().positive(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type StaffOffer = z.infer<typeof StaffOffer>;
export const StaffOfferPage = paginated(StaffOffer);
export const StaffOfferQuery = PageQuery.extend({ search: z.string().trim().max(100).optional() });
export type StaffOfferQuery = z.infer<typeof StaffOfferQuery>;
