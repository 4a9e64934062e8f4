/**
 * The catalogue as a CSV file: exported with one line per product size, imported to create products
 * (new SKUs, grouped by slug, saved as drafts) and to update the price and stock of sizes by SKU. An import is checked
 * whole first, line by line, into a preview (its progress polled): what it would change, create and refuse. Nothing is
 * written until staff apply it (all or nothing); an applied import can be undone while its products are as it left them.
 */
import { z } from 'zod';
import { Id } from './common';

/** The export's columns, in order. An import needs `sku`; the product's own columns only for new products. */
export const CATALOGUE_CSV_COLUMNS = [
  'slug',
  'type',
  'category',
  'family',
  'gender',
  'name_en',
  'name_ar',
  'description_en',
  'description_ar',
  'concentration_en',
  'concentration_ar',
  'is_new',
  'size_ml',
  'sku',
  'price',
  'stock',
  'is_default',
  'state',
] as const;
export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];

/** The largest file an import takes, and its most lines. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;

/**
 * `validating` (being checked), then `invalid` (the file as a whole cannot be read) or `previewed` (nothing written yet),
 * then `applied` or `discarded`; an applied import may be `undone`. `failed`: the check broke off.
 */
export const IMPORT_STATUSES = ['validating', 'invalid', 'previewed', 'discarded', 'applied', 'undone', 'failed'] as const;
export const ImportStatus = z.enum(IMPORT_STATUSES);
export type ImportStatus = z.infer<typeof ImportStatus>;

/** What is wrong with one line of the file (`column`: the cell at fault, when one is). */
export const ImportProblem = z.object({ line: z.number().int().nonnegative(), column: z.string().nullable(), message: z.string() });
export type ImportProblem = z.infer<typeof ImportProblem>;

/** The most changes and new products an import's answer lists; its counts say how many there are in all. */
export const IMPORT_PREVIEW_LIMIT = 200;

/** The fields of a size an import changes. */
export const IMPORT_FIELDS = ['price', 'stock'] as const;
export const ImportField = z.enum(IMPORT_FIELDS);
export type ImportField = z.infer<typeof ImportField>;

/** A size the file changes: each field that changes, as it was when previewed (`old`) and as the file has it. */
export const ImportSizeChange = z.object({
  product_id: Id,
  name_en: z.string(),
  name_ar: z.string(),
  sku: z.string(),
  ml: z.number().int().positive(),
  /** Price in pounds, stock in units. */
  fields: z.array(z.object({ field: ImportField, old: z.number(), new: z.number() })),
});
export type ImportSizeChange = z.infer<typeof ImportSizeChange>;

/** A product the file creates (as a draft), with its sizes. */
export const ImportNewProduct = z.object({
  slug: z.string(),
  name_en: z.string(),
  name_ar: z.string(),
  sizes: z.array(z.object({ sku: z.string(), ml: z.number().int().positive(), price: z.number(), stock: z.number().int() })),
});
export type ImportNewProduct = z.infer<typeof ImportNewProduct>;

/** An import as the record lists it: who sent which file when, and what became of it. */
export const CatalogueImportSummary = z.object({
  id: Id,
  file_name: z.string(),
  status: ImportStatus,
  /** Who sent the file (null once their account is gone). */
  staff_name: z.string().nullable(),
  rows_total: z.number().int().nonnegative(),
  /** Lines checked so far (the check's progress); all of them once checked. */
  rows_done: z.number().int().nonnegative(),
  /** Products the file creates (or created). */
  created: z.number().int().nonnegative(),
  /** Sizes the file changes (or changed). */
  updated: z.number().int().nonnegative(),
  /** Lines the check refused, which the import leaves out. */
  refused: z.number().int().nonnegative(),
  created_at: z.iso.datetime({ offset: true }),
  finished_at: z.iso.datetime({ offset: true }).nullable(),
  applied_at: z.iso.datetime({ offset: true }).nullable(),
  undone_at: z.iso.datetime({ offset: true }).nullable(),
});
export type CatalogueImportSummary = z.infer<typeof CatalogueImportSummary>;

export const CatalogueImport = CatalogueImportSummary.extend({
  /** The first 500 problems (the file's, or its refused lines'), in the language the import was sent in. */
  errors: z.array(ImportProblem),
  /** The first IMPORT_PREVIEW_LIMIT sizes changed, in the file's order (`updated` counts them all). */
  changes: z.array(ImportSizeChange),
  /** The first IMPORT_PREVIEW_LIMIT products created (`created` counts them all). */
  new_products: z.array(ImportNewProduct),
});
export type CatalogueImport = z.infer<typeof CatalogueImport>;

export const CatalogueImportQuery = z.object({ file_name: z.string().trim().min(1).max(200).default('catalogue.csv') });
