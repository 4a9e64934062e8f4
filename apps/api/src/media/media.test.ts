import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaUpload, Product, StaffProduct, type StaffRole } from '@attar/contract';
import { useTestApp } from '../test/app';
import { orderFixtures } from '../test/orders';
import { testPicture, upload } from '../test/pictures';
import { signedInStaff } from '../test/staff';

const t = useTestApp();
const f = orderFixtures(t);
const uploads = async () => Number((await t.db.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM media_uploads`))[0]!.n);

describe('uploads', () => {
  it('are for owners and managers, and served back as WebP renditions', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/staff/media/?purpose=product', payload: await testPicture() })).statusCode,
    ).toBe(401);
    for (const role of ['fulfilment', 'support'] as StaffRole[]) {
      expect((await upload(await signedInStaff(t, role), await testPicture())).statusCode).toBe(403);
    }
    const manager = await signedInStaff(t, 'manager');
    // A JPEG sent as if it were a PNG named .gif: the bytes decide.
    const response = await upload(manager, await testPicture(1000, 700, 'jpeg'), 'product', {
      'content-type': 'image/png',
      'x-file-name': 'bottle.gif',
    });
    expect(response.statusCode, response.body).toBe(201);
    const picture = MediaUpload.parse(response.json());
    expect(picture).toMatchObject({ purpose: 'product', width: 1000, height: 700 });
    expect(picture.src).toMatch(/^uploads\/product\/[0-9a-f]{24}-1200\.webp$/);
    const [row] = await t.db.database.rows<{ content_type: string; staff_id: number }>(
      sql`SELECT content_type, staff_id FROM media_uploads WHERE id = ${picture.id}`,
    );
    expect(row).toEqual({ content_type: 'image/jpeg', staff_id: manager.id });

    for (const [suffix, size] of [
      ['1200', 1200],
      ['600', 600],
      ['480', 480],
    ] as const) {
      const served = await t.app.inject(`/media/${picture.src.replace('-1200.webp', `-${suffix}.webp`)}`);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toContain('immutable');
      const { default: sharp } = await import('sharp');
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: size, height: size });
    }
    const banner = MediaUpload.parse((await upload(manager, await testPicture(2000, 800), 'slider_desktop')).json());
    expect(banner.src).toMatch(/-1600x600\.webp$/);
    expect((await t.app.inject('/media/uploads/product/nothing-here.webp')).statusCode).toBe(404);
    expect((await t.app.inject('/media/uploads/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
  });

  it('refuses what is not a picture, too heavy, too small or too many pixels, in both languages, storing nothing', async () => {
    const owner = await signedInStaff(t, 'owner');
    const before = await uploads();
    const refused = async (body: Buffer, purpose = 'product', lang = 'en') => {
      const response = await upload(owner, body, purpose, { 'accept-language': lang });
      return { status: response.statusCode, body: response.json() as Record<string, unknown> };
    };
    expect(await refused(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({
      status: 400,
      body: { file: ['This file is not a JPEG, PNG or WebP picture.'] },
    });
    expect(await refused(Buffer.from('GIF89a not really'), 'product', 'ar')).toEqual({
      status: 400,
      body: { file: ['هذا الملف ليس صورة بصيغة JPEG أو PNG أو WebP.'] },
    });
    // The header of a PNG and then nothing: read, but it cannot be drawn.
    expect((await refused((await testPicture(800, 800)).subarray(0, 60))).status).toBe(400);
    expect(await refused(Buffer.alloc(0))).toMatchObject({ status: 400 });
    expect(await refused(await testPicture(300, 900))).toEqual({
      status: 400,
      body: { file: ['The picture must be at least 480 × 480 pixels.'] },
    });
    expect(await refused(await testPicture(1000, 1000), 'slider_desktop')).toEqual({
      status: 400,
      body: { file: ['The picture must be at least 1200 × 450 pixels.'] },
    });
    expect(await refused(await testPicture(8000, 6000, 'png'))).toEqual({
      status: 400,
      body: { file: ['The picture is too large: at most 40 megapixels.'] },
    });
    const heavy = await refused(Buffer.alloc(10 * 1024 * 1024 + 1, 1), 'product', 'ar');
    expect(heavy).toEqual({ status: 413, body: { detail: 'حجم الملف أكبر من 10 ميجابايت.', code: 'payload_too_large' } });
    expect((await refused(await testPicture(), 'banner')).status).toBe(400);
    expect(await uploads()).toBe(before);
  });
});

describe("a product's pictures", () => {
  it('are ordered with descriptions in both languages, shown by the storefront, and only the shop’s own', async () => {
    const manager = await signedInStaff(t, 'manager');
    const productId = await f.productWithStock(3);
    const product = StaffProduct.parse((await manager.get(`/api/staff/products/${productId}/`)).json());
    expect(product.images.length).toBeGreaterThan(0);
    const [a, b] = await Promise.all(
      ['#223344', '#aa7722'].map(async (colour) =>
        MediaUpload.parse((await upload(manager, await testPicture(900, 900, 'webp', colour))).json()),
      ),
    );
    const save = (images: unknown[], version = product.version, lang = 'en') =>
      manager.call('PUT', `/api/staff/products/${productId}/images/`, { version, images }, { 'accept-language': lang });
    const alt = { alt_en: 'Gold bottle', alt_ar: 'زجاجة ذهبية' };

    expect((await save([{ src: 'products/someone-else.webp', ...alt }])).json()).toEqual({
      'images.0.src': ["This picture is not one of the shop's uploads."],
    });
    expect(
      (
        await save(
          [
            { src: a!.src, ...alt },
            { src: a!.src, ...alt },
          ],
          product.version,
          'ar',
        )
      ).json(),
    ).toEqual({
      'images.1.src': ['هذه الصورة مكررة في القائمة.'],
    });
    expect((await save([])).statusCode).toBe(400);
    const unchanged = StaffProduct.parse((await manager.get(`/api/staff/products/${productId}/`)).json());
    expect(unchanged.version).toBe(product.version);

    // The upload first, a former picture kept second.
    const saved = await save([
      { src: b!.src, ...alt },
      { ...product.images[0]!, alt_en: 'Old', alt_ar: 'قديمة' },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const after = StaffProduct.parse(saved.json());
    expect(after.images.map((image) => [image.src, image.alt_en])).toEqual([
      [b!.src, 'Gold bottle'],
      [product.images[0]!.src, 'Old'],
    ]);
    expect((await save([{ src: a!.src, ...alt }])).statusCode).toBe(409);

    const shown = Product.parse((await t.app.inject(`/api/products/${product.slug}/`)).json());
    expect(shown.image_desktop).toBe(`http://api.test/media/${b!.src}`);
    expect(shown.image_mobile).toBe(`http://api.test/media/${b!.src.replace('-1200', '-480')}`);
    expect(shown.image_alt).toBe('Gold bottle');
    expect(shown.productimages).toEqual([{ image: `http://api.test/media/${product.images[0]!.src}`, product: productId, alt: 'Old' }]);
    const inArabic = Product.parse((await t.app.inject(`/api/products/${product.slug}/?lang=ar`)).json());
    expect([inArabic.image_alt, inArabic.productimages[0]!.alt]).toEqual(['زجاجة ذهبية', 'قديمة']);
    const audit = await t.db.database.rows<{ action: string }>(sql`
      SELECT action FROM audit_log WHERE staff_id = ${manager.id} AND entity_id = ${String(productId)}`);
    expect(audit.map((row) => row.action)).toEqual(['product.images']);
  });
});

describe('object storage', () => {
  let server: S3rver;
  let dir: string;
  let endpoint = '';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'attar-s3-'));
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'attar-media' }] });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const s3 = useTestApp(() => ({
    S3_BUCKET: 'attar-media',
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  }));

  it('keeps uploads in the bucket and serves them from there', async () => {
    const owner = await signedInStaff(s3, 'owner');
    const picture = MediaUpload.parse((await upload(owner, await testPicture(1800, 700), 'slider_desktop')).json());
    const served = await s3.app.inject(`/media/${picture.src}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.length).toBeGreaterThan(0);
    // Nothing on the local disk: the bucket has it.
    const { existsSync } = await import('node:fs');
    expect(existsSync(path.join(s3.config.mediaDir, picture.src))).toBe(false);
  });
});
