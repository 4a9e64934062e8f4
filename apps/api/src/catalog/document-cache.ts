/**
 * Product documents held by this API instance (decision 0029): a page's statement names its products and the revision of
 * each one's document, and only documents this instance does not hold at that revision are read, so a page does not
 * carry tens of kilobytes of JSON from PostgreSQL on every request. A revision is taken from a sequence whenever a
 * document is rebuilt, so a held body is served only while it is still the stored one.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@attar/contract';
import type { Database } from '../db/client';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { Recent } from '../recent';
import { FAVOURITE, NOT_FAVOURITE, picturesAt } from './documents';

/**
 * One product on a page: its document's revision, whether the caller holds it as a favourite, its rating summary and
 * its bestseller mark (decision 0039; read with the page, so a held document stays valid).
 */
export type PageItem = {
  id: number;
  revision: string;
  favourite: boolean;
  rating: { average: number; count: number } | null;
  bestseller: boolean;
};

/** The SQL of one page item as a JSON array, `[id, "revision", favourite, rating, bestseller]`. */
export const pageItemsSql = (favourite: SQL, rating: SQL, bestseller: SQL) =>
  sql`json_build_array(p.id, d.revision::text, ${favourite}, ${rating}, ${bestseller})`;

export function parsePageItems(text: string | null): PageItem[] {
  if (!text) return [];
  return (JSON.parse(text) as [number, string, boolean, PageItem['rating'], boolean][]).map(
    ([id, revision, favourite, rating, bestseller]) => ({ id, revision, favourite, rating, bestseller }),
  );
}

/** A document with the page's own fields added: the documents end with their closing brace. */
const withPageFields = (body: string, item: PageItem) =>
  `${body.slice(0, -1)},"rating":${JSON.stringify(item.rating)},"bestseller":${item.bestseller}}`;

/** How many documents an instance holds (both languages count): about 1.5 kB each. */
const HELD_DOCUMENTS = 20_000;

/** One per instance: it holds documents with their pictures at the instance's own address, `mediaBase`. */
export class DocumentCache {
  private readonly held = new Recent<{ revision: string; body: string }>(HELD_DOCUMENTS);

  constructor(private readonly mediaBase: string) {}

  /** The page's documents as a JSON array, the caller's favourites marked, each with its rating and bestseller mark. */
  async pageJson(database: Database, locale: Locale, items: PageItem[]): Promise<string> {
    const key = (id: number) => `${locale} ${id}`;
    const missing = items.filter((item) => this.held.get(key(item.id))?.revision !== item.revision).map((item) => item.id);
    const fetched = new Map<number, string>();
    if (missing.length > 0) {
      // The revision as text, as the page's statement names it.
      const rows = await database.preparedRows<
        Pick<TableRow<typeof tables.productDocuments>, 'product_id' | 'body'> & { revision: string }
      >(sql`
        SELECT product_id, revision::text AS revision, body FROM product_documents
        WHERE locale = ${locale} AND product_id = ANY(${sql.param(missing)}::int[])`);
      for (const row of rows) {
        const body = picturesAt(row.body, this.mediaBase);
        this.held.set(key(row.product_id), { revision: row.revision, body });
        // Newer than the page's revision when a change committed in between: served as read.
        fetched.set(row.product_id, body);
      }
    }
    const bodies = items.flatMap((item) => {
      // None only for a product deleted since the page's statement: it is left out, as a fresh page would.
      const body = fetched.get(item.id) ?? this.held.get(key(item.id))?.body;
      if (body === undefined) return [];
      return [withPageFields(item.favourite ? body.replace(NOT_FAVOURITE, FAVOURITE) : body, item)];
    });
    return `[${bodies.join(',')}]`;
  }
}
