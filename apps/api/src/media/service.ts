/**
 * Uploads: a file is taken for what its bytes are (sharp reads them; the name and declared type are
 * never trusted), refused when it is not a JPEG, PNG or WebP picture, too heavy, too small for its purpose or too
 * many pixels (a decompression bomb), then rendered to the WebP renditions its purpose needs, stored, and recorded.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import { MAX_UPLOAD_BYTES, MIN_UPLOAD_PIXELS, UPLOAD_FORMATS, type Locale, type MediaUpload, type UploadPurpose } from '@attar/contract';
import type { Database } from '../db/client';
import { oneRow } from '../db/one-row';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { fieldText } from '../catalog/staff-writes';
import type { MediaStorage } from './storage';

/** Past this many pixels a picture is refused before it is decoded. */
const MAX_PIXELS = 40_000_000;
type Rendition = { name: string; width: number; height: number; fit: 'contain' | 'cover' };
/**
 * The first rendition is the one a save names (`src`). Bottles are shown whole on the shop's white (contain); banners
 * fill their frame (cover).
 */
const RENDITIONS: Record<UploadPurpose, [Rendition, ...Rendition[]]> = {
  product: [
    { name: '1200', width: 1200, height: 1200, fit: 'contain' },
    { name: '600', width: 600, height: 600, fit: 'contain' },
    { name: '480', width: 480, height: 480, fit: 'contain' },
  ],
  slider_desktop: [{ name: '1600x600', width: 1600, height: 600, fit: 'cover' }],
  slider_mobile: [{ name: '800x800', width: 800, height: 800, fit: 'cover' }],
};

/** `uploads/product/<hex>-1200.webp`: a product or offer picture from an upload, and the upload's key. */
const PRODUCT_UPLOAD = /^(uploads\/product\/[0-9a-f]{24})-1200\.webp$/;
export const productUploadKey = (src: string) => PRODUCT_UPLOAD.exec(src)?.[1];
/** A product upload's three renditions, as the catalogue's columns name them. */
export const productUploadRenditions = (key: string) => ({
  image: `${key}-600.webp`,
  imageDesktop: `${key}-1200.webp`,
  imageMobile: `${key}-480.webp`,
});

async function readPicture(locale: Locale, body: Buffer, purpose: UploadPurpose) {
  if (body.length > MAX_UPLOAD_BYTES) throw fieldText(locale, 'file', 'uploadTooLarge', { mb: MAX_UPLOAD_BYTES / 1024 / 1024 });
  let metadata: Metadata;
  try {
    // The header only: nothing is decoded before the pixel count is known.
    metadata = await sharp(body, { limitInputPixels: false }).metadata();
  } catch {
    throw fieldText(locale, 'file', 'uploadNotImage');
  }
  if (!(UPLOAD_FORMATS as readonly string[]).includes(metadata.format ?? '')) throw fieldText(locale, 'file', 'uploadNotImage');
  if (metadata.width * metadata.height > MAX_PIXELS) {
    throw fieldText(locale, 'file', 'uploadTooManyPixels', { megapixels: MAX_PIXELS / 1_000_000 });
  }
  // As it will be shown: EXIF orientations 5–8 turn the picture a quarter.
  const { width, height } = metadata.autoOrient;
  const least = MIN_UPLOAD_PIXELS[purpose];
  if (width < least.width || height < least.height) throw fieldText(locale, 'file', 'uploadTooSmall', least);
  return { width, height, contentType: `image/${metadata.format}` };
}

async function render(locale: Locale, body: Buffer, rendition: Rendition) {
  try {
    return await sharp(body, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(rendition.width, rendition.height, { fit: rendition.fit, background: '#ffffff' })
      .flatten({ background: '#ffffff' })
      .webp({ quality: 80, effort: 4 })
      .toBuffer();
  } catch {
    // The header read, the pixels did not (a truncated or corrupt file).
    throw fieldText(locale, 'file', 'uploadNotImage');
  }
}

export async function acceptUpload(
  ctx: { database: Database; storage: MediaStorage; mediaBase: string },
  staffId: number,
  locale: Locale,
  purpose: UploadPurpose,
  body: Buffer,
): Promise<MediaUpload> {
  const { width, height, contentType } = await readPicture(locale, body, purpose);
  const renditions = RENDITIONS[purpose];
  const files = await Promise.all(
    renditions.map(async (rendition) => ({ name: rendition.name, file: await render(locale, body, rendition) })),
  );
  const key = `uploads/${purpose}/${randomBytes(12).toString('hex')}`;
  await Promise.all(files.map(({ name, file }) => ctx.storage.put(`${key}-${name}.webp`, file, 'image/webp')));
  const row = oneRow(
    await ctx.database.rows<Pick<TableRow<typeof tables.mediaUploads>, 'id'>>(sql`
      INSERT INTO media_uploads (key, content_type, bytes, width, height, staff_id)
      VALUES (${key}, ${contentType}, ${body.length}, ${width}, ${height}, ${staffId})
      RETURNING id`),
  );
  const src = `${key}-${renditions[0].name}.webp`;
  return { id: row.id, purpose, src, url: `${ctx.mediaBase}${src}`, width, height, bytes: body.length };
}
