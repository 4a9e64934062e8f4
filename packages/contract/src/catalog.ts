import { z } from 'zod';
import { Id, INT4_MAX, Money, PageQuery, Slug, paginated } from './common';

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
export const Notes = z.object({ top: z.array(z.string()), heart: z.array(z.string()), base: z.array(z.string()) });
export type Notes = z.infer<typeof Notes>;
export const ProductImage = z.object({ image: z.url(), product: Id });

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
  productimages: z.array(ProductImage),
  sizes: z.array(z.number().int().positive()),
  /** Every size, smallest first; the spec's `price`, `stock` and `availability` are the default size's. */
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

export const ProductListQuery = PageQuery.extend({
  ids: idList,
  /** Case-insensitive: the storefront links `Deodorants` as spec §2 writes it. */
  category_slug: optionalText,
  search: z.string().optional(),
  type: ProductType.optional(),
  is_new: booleanFlag,
  family: optionalText,
  occasion: optionalText,
  ordering: z.enum(PRODUCT_ORDERINGS).optional(),
  lang: z.string().optional(),
});
export type ProductListQuery = z.infer<typeof ProductListQuery>;

export const OfferListQuery = PageQuery.extend({ ids: idList, lang: z.string().optional() });

export const ProductPage = paginated(Product);
export const OfferPage = paginated(Offer);
export const SlugParams = z.object({ slug: z.string() });
