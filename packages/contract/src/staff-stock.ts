/**
 * The back office's stock screen: every product's sizes with their stock, for the members who
 * receive, write off and correct it (fulfilment too, who may not edit the catalogue). The adjustments, the ledger and
 * the low-stock list are in staff-catalogue.ts beside the sizes they change.
 */
import { z } from 'zod';
import { Id, IdParam, PageQuery, Slug, paginated } from './common';
import { PublicationState } from './staff-catalogue';

/** One size of one product, drafts' too (stock is received before a product is published). */
export const StaffStockRow = z.object({
  product: Id,
  slug: Slug,
  name_en: z.string(),
  name_ar: z.string(),
  state: PublicationState,
  /** The size (product_variants row) an adjustment names. */
  size: Id,
  ml: z.number().int().positive(),
  sku: z.string(),
  stock: z.number().int().nonnegative(),
  /** The product's low-stock threshold, and whether this size is at or below it. */
  threshold: z.number().int().nonnegative(),
  low: z.boolean(),
});
export type StaffStockRow = z.infer<typeof StaffStockRow>;

export const StaffStockQuery = PageQuery.extend({
  /** A product's name (either language) or slug: all its sizes; a SKU: that size. */
  search: z.string().trim().max(100).optional(),
  /** One product's sizes only. */
  product: IdParam.optional(),
});
export type StaffStockQuery = z.infer<typeof StaffStockQuery>;
export const StaffStockPage = paginated(StaffStockRow);
