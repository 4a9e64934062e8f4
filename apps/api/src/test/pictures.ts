/** Pictures for tests: made by sharp in memory, uploaded as staff upload them, and given to a product or offer. */
import sharp from 'sharp';
import { MediaUpload, StaffOffer, StaffProduct } from '@attar/contract';
import type { StaffCaller } from './staff';

/** A picture of `width` × `height` in `format`, a gradient-free solid so it stays small. */
export const testPicture = (width = 800, height = 800, format: 'png' | 'jpeg' | 'webp' = 'png', colour = '#b08d57') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();

export async function upload(staff: StaffCaller, body: Buffer, purpose = 'product', headers: Record<string, string> = {}) {
  return staff.call('POST', `/api/staff/media/?purpose=${purpose}`, body, { 'content-type': 'application/octet-stream', ...headers });
}

/** Uploads a picture and makes it the product's (or offer's) only one; answers the saved product (or offer). */
export async function givePicture<T extends StaffProduct | StaffOffer>(
  staff: StaffCaller,
  kind: 'products' | 'offers',
  thing: T,
): Promise<T> {
  const picture = MediaUpload.parse((await upload(staff, await testPicture())).json());
  const saved = await staff.put(`/api/staff/${kind}/${thing.id}/images/`, {
    version: thing.version,
    images: [{ src: picture.src, alt_en: 'The bottle', alt_ar: 'الزجاجة' }],
  });
  if (saved.statusCode !== 200) throw new Error(`saving the picture failed: ${saved.body}`);
  return saved.json() as T;
}
