/**
 * Pictures staff upload: `POST /api/staff/media/?purpose=…` takes the file itself as the body (any
 * content type: the API checks what the bytes are, never the name or the declared type) and answers the stored
 * picture; products and offers then name their pictures by `src` in `PUT …/images/`, sliders by path.
 */
import { z } from 'zod';
import { Id } from './common';

/** What a picture is for decides its renditions: square for products and offers, a banner's shape for sliders. */
export const UPLOAD_PURPOSES = ['product', 'slider_desktop', 'slider_mobile'] as const;
export const UploadPurpose = z.enum(UPLOAD_PURPOSES);
export type UploadPurpose = z.infer<typeof UploadPurpose>;
export const MediaUploadQuery = z.object({ purpose: UploadPurpose });

/** The largest file taken (10 MB) and the smallest picture per purpose (its largest rendition needs no more). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MIN_UPLOAD_PIXELS: Record<UploadPurpose, { width: number; height: number }> = {
  product: { width: 480, height: 480 },
  slider_desktop: { width: 1200, height: 450 },
  slider_mobile: { width: 600, height: 600 },
};
/** Files come as JPEG, PNG or WebP and are stored as WebP renditions. */
export const UPLOAD_FORMATS = ['jpeg', 'png', 'webp'] as const;

/** A path below the media root, as the API stores it (`uploads/product/…-1200.webp`, `products/….webp`). */
export const MediaPath = z
  .string()
  .regex(/^(?!.*\.\.)[a-z0-9][a-z0-9/_.-]{0,199}$/)
  .describe('A path below the media root.');

export const MediaUpload = z.object({
  id: Id,
  purpose: UploadPurpose,
  /** What a product, offer or slider save names the picture by. */
  src: MediaPath,
  /** The picture at its largest rendition, to preview. */
  url: z.url(),
  /** The file as received. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  bytes: z.number().int().positive(),
});
export type MediaUpload = z.infer<typeof MediaUpload>;

const alt = z.string().trim().max(200);
/** A product's or offer's picture: the first is the main one (listings, the product page's first slide). */
export const StaffImage = z.object({ src: MediaPath, url: z.url(), alt_en: z.string(), alt_ar: z.string() });
export type StaffImage = z.infer<typeof StaffImage>;
export const StaffImageInput = z.object({ src: MediaPath, alt_en: alt, alt_ar: alt });
export type StaffImageInput = z.infer<typeof StaffImageInput>;
/** The whole ordered list at once, saved on the product's (or offer's) version. */
export const StaffImagesSave = z.object({
  version: z.number().int().positive(),
  images: z.array(StaffImageInput).min(1).max(12),
});
export type StaffImagesSave = z.infer<typeof StaffImagesSave>;
