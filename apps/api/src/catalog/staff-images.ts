/**
 * A product's or offer's pictures in the back office: the ordered list (the first is the main picture the catalogue
 * row carries with its three renditions, the rest are the gallery rows), each with its description in both languages.
 * A save names pictures by `src`: an upload of the shop's (media/service.ts) or one the thing already has.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Locale, StaffImagesSave } from '@attar/contract';
import { PLACEHOLDER_IMAGES } from '../db/seed/artwork';
import { productUploadKey, productUploadRenditions } from '../media/service';
import type { Rows } from '../db/transaction';
import { fieldText } from './staff-writes';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { oneRow } from '../db/one-row';

type Kind = 'product' | 'offer';
const TABLES = {
  product: { main: sql.raw('products'), gallery: sql.raw('product_images'), owner: sql.raw('product_id') },
  offer: { main: sql.raw('offers'), gallery: sql.raw('offer_images'), owner: sql.raw('offer_id') },
} as const;

/** The pictures as JSON, for the staff product or offer (`alias` is its row); none while it has the placeholder. */
export function imagesJson(kind: Kind, alias: SQL, mediaBase: string): SQL {
  const { gallery, owner } = TABLES[kind];
  const picture = (src: SQL, en: SQL, ar: SQL) =>
    sql`jsonb_build_object('src', ${src}, 'url', ${mediaBase}::text || ${src}, 'alt_en', ${en}, 'alt_ar', ${ar})`;
  return sql`(CASE WHEN ${alias}.image_desktop = ${PLACEHOLDER_IMAGES.imageDesktop} THEN '[]'::jsonb
      ELSE jsonb_build_array(${picture(sql`${alias}.image_desktop`, sql`${alias}.image_alt_en`, sql`${alias}.image_alt_ar`)}) END
    || coalesce((SELECT jsonb_agg(${picture(sql`g.image`, sql`g.alt_en`, sql`g.alt_ar`)} ORDER BY g.position)
      FROM ${gallery} g WHERE g.${owner} = ${alias}.id), '[]'::jsonb))`;
}

/** Publishing needs a picture of its own, not the placeholder a new product or offer starts with. */
export async function requirePicture(rows: Rows, locale: Locale, kind: Kind, id: number) {
  const [row] = await rows<{ placeholder: boolean }>(sql`
    SELECT image_desktop = ${PLACEHOLDER_IMAGES.imageDesktop} AS placeholder FROM ${TABLES[kind].main} WHERE id = ${id}`);
  if (row?.placeholder) throw fieldText(locale, 'images', 'imageRequired');
}

/** Replaces the pictures (inside the caller's versioned write); refuses a repeated or unknown `src` by its row. */
export async function writeImages(rows: Rows, locale: Locale, kind: Kind, id: number, input: StaffImagesSave) {
  const { main, gallery, owner } = TABLES[kind];
  const current = oneRow(
    await rows<Pick<TableRow<typeof tables.products>, 'image' | 'image_desktop' | 'image_mobile'> & { gallery: string[] }>(sql`
    SELECT m.image, m.image_desktop, m.image_mobile,
      coalesce((SELECT array_agg(g.image) FROM ${gallery} g WHERE g.${owner} = m.id), '{}') AS gallery
    FROM ${main} m WHERE m.id = ${id}`),
  );
  const uploadKeys = input.images.map((image) => productUploadKey(image.src)).filter((key): key is string => Boolean(key));
  const uploaded = new Set(
    (
      await rows<Pick<TableRow<typeof tables.mediaUploads>, 'key'>>(
        sql`SELECT key FROM media_uploads WHERE key = ANY(${sql.param(uploadKeys)}::text[])`,
      )
    ).map((r) => r.key),
  );
  const own = new Set([current.image_desktop, ...current.gallery].filter((src) => src !== PLACEHOLDER_IMAGES.imageDesktop));
  const seen = new Set<string>();
  input.images.forEach((image, i) => {
    const key = productUploadKey(image.src);
    if (!(key && uploaded.has(key)) && !own.has(image.src)) throw fieldText(locale, `images.${i}.src`, 'imageUnknown');
    if (seen.has(image.src)) throw fieldText(locale, `images.${i}.src`, 'imageRepeated');
    seen.add(image.src);
  });

  const [first, ...rest] = input.images;
  // The contract asks for one picture at least; none is the same refusal as publishing without one.
  if (!first) throw fieldText(locale, 'images', 'imageRequired');
  const key = productUploadKey(first.src);
  // A former gallery picture has only its large rendition: it stands in for all three.
  const renditions = key
    ? productUploadRenditions(key)
    : first.src === current.image_desktop
      ? { image: current.image, imageDesktop: current.image_desktop, imageMobile: current.image_mobile }
      : { image: first.src, imageDesktop: first.src, imageMobile: first.src };
  await rows(sql`
    UPDATE ${main} SET image = ${renditions.image}, image_desktop = ${renditions.imageDesktop},
      image_mobile = ${renditions.imageMobile}, image_alt_en = ${first.alt_en}, image_alt_ar = ${first.alt_ar}
    WHERE id = ${id}`);
  await rows(sql`DELETE FROM ${gallery} WHERE ${owner} = ${id}`);
  for (const [position, image] of rest.entries()) {
    await rows(sql`
      INSERT INTO ${gallery} (${owner}, image, position, alt_en, alt_ar)
      VALUES (${id}, ${image.src}, ${position}, ${image.alt_en}, ${image.alt_ar})`);
  }
}
