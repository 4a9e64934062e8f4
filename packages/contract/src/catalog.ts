import { z } from 'zod';
import { Id, INT4_MAX, Money, PageQuery, Slug, paginated } from './common';
import { REVIEW_RATING_MAX } from './rules/reviews';

export const PRODUCT_TYPES = ['perfume', 'deodorant', 'bullet'] as const;
export const ProductType = z.enum(PRODUCT_TYPES);
export const GENDERS = ['women', 'men', 'unisex'] as const;
export const Gender = z.enum(GENDERS);
export const PRODUCT_ORDERINGS = ['price', '-price', '-created_at', 'name'] as const;

export const Category = z.object({ id: Id, name: z.string(), slug: Slug });
export type Category = z.infer<typeof Category>;
/** A fragrance family (woody, floral, oriental ...). */
export const Family = z.object({ id: Id, name: z.string(), slug: Slug });
export type Family = z.infer<typeof Family>;
export const Occasion = z.object({ id: Id, name: z.string() });
export type Occasion = z.infer<typeof Occasion>;
export const Size = z.object({ id: Id, ml: z.number().int().positive(), name: z.string() });
export type Size = z.infer<typeof Size>;
/** A note shoppers filter by (notes=slug,…). */
export const Note = z.object({ id: Id, slug: Slug, name: z.string() });
export type Note = z.infer<typeof Note>;
/** A concentration as the filter sends it (`value`, its English name) and shows it (`name`, in the page's language). */
export const Concentration = z.object({ value: z.string(), name: z.string() });
export type Concentration = z.infer<typeof Concentration>;
export const Notes = z.object({ top: z.array(z.string()), heart: z.array(z.string()), base: z.array(z.string()) });
export type Notes = z.infer<typeof Notes>;
/** `alt`: what the picture shows, in the asked language, as staff described it ('' when they did not). */
export const ProductImage = z.object({ image: z.url(), product: Id, alt: z.string() });

/** One size of a product with its own price, stock and SKU; `is_default` is the one `price` and `stock` describe. */
export const ProductVariant = z.object({
  id: Id,
  ml: z.number().int().positive(),
  price: Money,
  stock: z.number().int().nonnegative(),
  availability: z.enum(['available', 'out_of_stock']),
  sku: z.string(),
  is_default: z.boolean(),
});
export type ProductVariant = z.infer<typeof ProductVariant>;

/** The visible reviews' average (one decimal) and count, or null while a product has none. */
export const RatingSummary = z.object({ average: z.number().min(1).max(REVIEW_RATING_MAX), count: z.number().int().positive() }).nullable();
export type RatingSummary = z.infer<typeof RatingSummary>;

export const Product = z.object({
  id: Id,
  slug: Slug,
  name: z.string(),
  name_en: z.string(),
  name_ar: z.string(),
  description: z.string(),
  type: ProductType,
  category: Category,
  price: Money,
  stock: z.number().int().nonnegative(),
  availability: z.enum(['available', 'out_of_stock']),
  isFavourite: z.boolean(),
  image: z.url(),
  image_desktop: z.url(),
  image_mobile: z.url(),
  /** The main picture's description ('' when staff gave none: the storefront then names it by the product). */
  image_alt: z.string(),
  productimages: z.array(ProductImage),
  sizes: z.array(z.number().int().positive()),
  /** Every size, smallest first; the product's own `price`, `stock` and `availability` are the default size's. */
  variants: z.array(ProductVariant),
  concentration: z.string().nullable(),
  family: Family.nullable(),
  notes: Notes,
  occasions: z.array(Occasion),
  gender: Gender,
  is_new: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
});
export type Product = z.infer<typeof Product>;

/** A product in an offer, in one size (`variant`, `ml`). */
export const OfferProduct = z.object({
  product: Product,
  variant: Id,
  ml: z.number().int().positive(),
  quantity: z.number().int().positive(),
});
export const Offer = z.object({
  id: Id,
  slug: Slug,
  name: z.string(),
  name_en: z.string(),
  name_ar: z.string(),
  description: z.string(),
  price: Money,
  original_price: Money,
  stock: z.number().int().nonnegative(),
  availability: z.enum(['offer', 'out_of_stock']),
  image: z.url(),
  image_desktop: z.url(),
  image_mobile: z.url(),
  image_alt: z.string(),
  products: z.array(OfferProduct),
});
export type Offer = z.infer<typeof Offer>;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'True', 'False'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1' || v === 'True'));

/** `ids=3,7,12`: exactly these items (e.g. the guest cart's), at most 100. */
const idList = z
  .string()
  .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, { error: 'Give up to 100 ids separated by commas.' })
  .transform((v) => v.split(',').map(Number))
  .pipe(z.array(z.number().max(INT4_MAX, { error: 'Give up to 100 ids separated by commas.' })))
  .optional();

/** A price bound in pounds (whole or with piastres), as the filters send it. */
const priceBound = z.coerce
  .number({ error: 'Give an amount in pounds.' })
  .min(0, { error: 'Give an amount in pounds.' })
  .max(1_000_000, { error: 'Give an amount in pounds.' })
  .optional();
/** `notes=oud,rose-taifi`: any of these notes (slugs), at most 20. */
const slugList = z
  .string()
  .regex(/^[a-z0-9-]{1,60}(,[a-z0-9-]{1,60}){0,19}$/, { error: 'Give up to 20 slugs separated by commas.' })
  .transform((v) => v.split(','))
  .optional();

export const ProductListQuery = PageQuery.extend({
  ids: idList,
  /** Case-insensitive: the storefront's category nav links `Deodorants` with a capital D. */
  category_slug: optionalText,
  search: z.string().optional(),
  type: ProductType.optional(),
  is_new: booleanFlag,
  family: optionalText,
  occasion: optionalText,
  /** A product matches a price range when one of its sizes is priced within it. */
  price_min: priceBound,
  price_max: priceBound,
  gender: Gender.optional(),
  notes: slugList,
  /** The concentration's English name, any letter case (`Eau de Parfum`). */
  concentration: optionalText,
  /** Sold in this size (millilitres). */
  size: z.coerce.number({ error: 'Give a size in millilitres.' }).int().positive().max(10_000).optional(),
  ordering: z.enum(PRODUCT_ORDERINGS).optional(),
  lang: z.string().optional(),
});
export type ProductListQuery = z.infer<typeof ProductListQuery>;

/** What the search box suggests as the shopper types (at least one letter). */
export const SuggestionsQuery = z.object({
  search: z.string().trim().min(1, { error: 'Type at least one letter.' }).max(200),
  lang: z.string().optional(),
});
export const SearchSuggestions = z.object({
  products: z.array(z.object({ id: Id, slug: Slug, name: z.string(), image_mobile: z.url(), price: Money, rating: RatingSummary })),
  notes: z.array(Note.pick({ slug: true, name: true })),
});
export type SearchSuggestions = z.infer<typeof SearchSuggestions>;

/** What the results page offers when a search found nothing. */
export const NoResults = z.object({ did_you_mean: z.string().nullable(), popular: z.array(Product) });
export type NoResults = z.infer<typeof NoResults>;

export const OfferListQuery = PageQuery.extend({ ids: idList, lang: z.string().optional() });

/** "You may also like" for products the caller names (a guest's cart, kept in the browser): their ids. */
export const LikeProductsQuery = z.object({ ids: idList.unwrap(), lang: z.string().optional() });

/**
 * A product in `GET /api/products/`: with its rating summary, and `bestseller` when it is among the most units sold in
 * the last 30 days (decision 0039).
 */
export const ListedProduct = Product.extend({ rating: RatingSummary, bestseller: z.boolean() });
export type ListedProduct = z.infer<typeof ListedProduct>;
/**
 * A filter a search's words asked for ("for her", "deodorant", "50 ml", "under 500"), applied to its results and shown
 * as a chip: `search` is the text without those words, what the search becomes when the chip is removed.
 */
export const SearchIntent = z.object({
  kind: z.enum(['gender', 'type', 'concentration', 'size', 'price_max', 'price_min']),
  value: z.union([z.string(), z.number()]),
  search: z.string(),
});
export type SearchIntent = z.infer<typeof SearchIntent>;
/** A page of products; a search's page says which filters its words were read as (none when it is read as words only). */
export const ProductPage = paginated(ListedProduct).extend({
  understood: z.array(SearchIntent).optional(),
  /** On a search found by some of its words only: the text with the others spelt anew, when that finds more. */
  did_you_mean: z.string().optional(),
});
export const OfferPage = paginated(Offer);
export const SlugParams = z.object({ slug: z.string() });
