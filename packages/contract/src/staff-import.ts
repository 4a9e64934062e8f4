/**
 * The catalogue as a CSV file: exported with one line per product size, imported to create products
 * (new SKUs, grouped by slug, saved as drafts) and to update the price and stock of sizes by SKU. An import is checked
 * whole first, line by line, and then applied all or nothing; its progress is polled.
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

export const IMPORT_STATUSES = ['validating', 'invalid', 'applying', 'applied', 'failed'] as const;
export const ImportStatus = z.enum(IMPORT_STATUSES);
export type ImportStatus = z.infer<typeof ImportStatus>;

/** What is wrong with one line of the file (`column`: the cell at fault, when one is). */
export const ImportProblem = z.object({ line: z.number().int().nonnegative(), column: z.string().nullable(), message: z.string() });
export type ImportProblem = z.infer<typeof ImportProblem>;

export const CatalogueImport = z.object({
  id: Id,
  file_name: z.string(),
  status: ImportStatus,
  rows_total: z.number().int().nonnegative(),
  /** Lines checked so far (the check's progress); all of them once applied. */
  rows_done: z.number().int().nonnegative(),
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  /** The first 500 problems, in the language the import was sent in; none unless `invalid` or `failed`. */
  errors: z.array(ImportProblem),
  created_at: z.iso.datetime({ offset: true }),
  finished_at: z.iso.datetime({ offset: true }).nullable(),
});
export type CatalogueImport = z.infer<typeof CatalogueImport>;

export const CatalogueImportQuery = z.object({ file_name: z.string().trim().min(1).max(200).default('catalogue.csv') });
