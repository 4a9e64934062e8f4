import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Product, StaffProduct, StaffProductPage, StaffSize, StaffTerm, type StaffProductCreate, type StaffRole } from '@attar/contract';
import { useTestApp } from '../test/app';
import { orderFixtures } from '../test/orders';
import { givePicture } from '../test/pictures';
import { signedInStaff, type StaffCaller } from '../test/staff';
import { publishDueProducts } from './staff-service';

const t = useTestApp();
const f = orderFixtures(t);
let serial = 0;

async function terms(staff: StaffCaller, taxonomy: string) {
  return StaffTerm.array().parse((await staff.get(`/api/staff/catalogue/${taxonomy}/`)).json());
}
async function sizeIds(staff: StaffCaller) {
  const sizes = StaffSize.array().parse((await staff.get('/api/staff/catalogue/sizes/')).json());
  return Object.fromEntries(sizes.map((size) => [size.ml, size.id])) as Record<number, number>;
}

/** A new product's fields: a perfume in 50 ml (default) and 100 ml, with unique slug and SKUs. */
async function newProduct(staff: StaffCaller, overrides: Partial<StaffProductCreate> = {}): Promise<StaffProductCreate> {
  const n = ++serial;
  const [category] = await terms(staff, 'categories');
  const notes = await terms(staff, 'notes');
  const sizes = await sizeIds(staff);
  return {
    slug: `back-office-oud-${n}-${Date.now()}`,
    type: 'perfume',
    category: category!.id,
    family: null,
    name_en: `Back Office Oud ${n}`,
    name_ar: `عود المكتب ${n}`,
    description_en: 'A warm oud.',
    description_ar: 'عود دافئ.',
    concentration_en: 'Eau de Parfum',
    concentration_ar: 'أو دو بارفان',
    gender: 'unisex',
    is_new: true,
    low_stock_threshold: 5,
    notes: { top: [notes[0]!.id], heart: [notes[1]!.id], base: [notes[2]!.id] },
    occasions: [],
    sizes: [
      { size: sizes[50]!, sku: `BO-${n}-50-${Date.now()}`, price: 1250.5, stock: 7, is_default: true },
      { size: sizes[100]!, sku: `BO-${n}-100-${Date.now()}`, price: 1999, stock: 3, is_default: false },
    ],
    ...overrides,
  };
}

async function create(staff: StaffCaller, fields: StaffProductCreate) {
  const response = await staff.post('/api/staff/products/', fields);
  expect(response.statusCode, response.body).toBe(201);
  return StaffProduct.parse(response.json());
}
const storefront = (slug: string, lang = 'en') => t.app.inject(`/api/products/${slug}/?lang=${lang}`);
const productCount = async () => Number((await t.db.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM products`))[0]!.n);

describe('the back office’s catalogue', () => {
  it('is for owners and managers only', async () => {
    for (const role of ['fulfilment', 'support'] as StaffRole[]) {
      const staff = await signedInStaff(t, role);
      for (const [method, url] of [
        ['GET', '/api/staff/products/'],
        ['POST', '/api/staff/products/'],
        ['GET', '/api/staff/catalogue/categories/'],
        ['POST', '/api/staff/catalogue/notes/'],
        ['GET', '/api/staff/catalogue/sizes/'],
      ] as const) {
        const response = await staff.call(method, url, method === 'POST' ? {} : undefined);
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    expect((await t.app.inject('/api/staff/products/')).statusCode).toBe(401);
    for (const role of ['owner', 'manager'] as StaffRole[]) {
      expect((await (await signedInStaff(t, role)).get('/api/staff/products/')).statusCode).toBe(200);
    }
  });

  it('names things in both languages, refuses a slug twice, and keeps what products use', async () => {
    const manager = await signedInStaff(t, 'manager');
    const created = await manager.post('/api/staff/catalogue/notes/', { slug: 'smoked-fig', name_en: 'Smoked fig', name_ar: 'تين مدخن' });
    expect(created.statusCode, created.body).toBe(201);
    const note = StaffTerm.parse(created.json());
    expect(note).toMatchObject({ name_ar: 'تين مدخن', products: 0, position: null });

    const twice = await manager.call(
      'POST',
      '/api/staff/catalogue/notes/',
      { slug: 'smoked-fig', name_en: 'Fig', name_ar: 'تين' },
      { 'accept-language': 'ar' },
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ slug: ['هذا العنوان مستخدم بالفعل.'] });

    // A category renamed: its products are found by the new name.
    const [category] = await terms(manager, 'categories');
    const product = await givePicture(manager, 'products', await create(manager, await newProduct(manager, { category: category!.id })));
    await manager.post(`/api/staff/products/${product.id}/publication/`, { state: 'published', version: product.version });
    const renamed = await manager.patch(`/api/staff/catalogue/categories/${category!.id}/`, { name_en: 'Zanzibar Essences' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const found = Product.array().parse((await t.app.inject('/api/products/?search=zanzibar&page_size=100')).json().results);
    expect(found.map((each) => each.id)).toContain(product.id);

    const inUse = await manager.call('DELETE', `/api/staff/catalogue/categories/${category!.id}/`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ code: 'in_use' });
    expect((await manager.call('DELETE', `/api/staff/catalogue/notes/${note.id}/`)).statusCode).toBe(204);
    expect((await manager.call('DELETE', `/api/staff/catalogue/notes/${note.id}/`)).statusCode).toBe(404);

    const size = await manager.post('/api/staff/catalogue/sizes/', { ml: 42 });
    expect(size.statusCode, size.body).toBe(201);
    expect((await manager.post('/api/staff/catalogue/sizes/', { ml: 42 })).json()).toEqual({ ml: ['This size already exists.'] });
    expect((await manager.call('DELETE', `/api/staff/catalogue/sizes/${(await sizeIds(manager))[50]}/`)).statusCode).toBe(409);

    const audit = await t.db.database.rows<{ action: string }>(sql`
      SELECT action FROM audit_log WHERE staff_id = ${manager.id} ORDER BY id`);
    expect(audit.map((row) => row.action)).toEqual([
      'notes.create',
      'product.create',
      'product.images',
      'product.publish',
      'categories.update',
      'notes.delete',
      'sizes.create',
    ]);
  });

  it('creates a draft, publishes it to the storefront and its search, and lists it by name, SKU and state', async () => {
    const owner = await signedInStaff(t, 'owner');
    const fields = await newProduct(owner);
    const product = await create(owner, fields);
    expect(product).toMatchObject({ state: 'draft', publish_at: null, version: 1, is_new: true });
    expect(product.sizes.map((size) => [size.ml, size.price, size.stock, size.is_default])).toEqual([
      [50, 1250.5, 7, true],
      [100, 1999, 3, false],
    ]);
    expect(product.image_mobile).toMatch(/\/media\/products\/placeholder-480\.webp$/);
    expect((await storefront(product.slug)).statusCode).toBe(404);

    const list = async (query: string) => StaffProductPage.parse((await owner.get(`/api/staff/products/?${query}`)).json());
    expect((await list(`search=${fields.sizes[1]!.sku}`)).results.map((row) => [row.id, row.category])).toEqual([
      [product.id, fields.category],
    ]);
    expect((await list(`search=${encodeURIComponent('عود المكتب')}&state=draft&page_size=100`)).results.map((row) => row.id)).toContain(
      product.id,
    );
    // Any part of the slug or of a SKU, in any case, each on its own index.
    for (const part of [product.slug.slice(2, -2).toUpperCase(), fields.sizes[0]!.sku.slice(1).toLowerCase()])
      expect(
        (await list(`search=${encodeURIComponent(part)}&page_size=100`)).results.map((row) => row.id),
        part,
      ).toContain(product.id);

    // Not with the placeholder it starts with: a picture of its own first.
    const unpictured = await owner.post(`/api/staff/products/${product.id}/publication/`, { state: 'published', version: 1 });
    expect(unpictured.json()).toEqual({ images: ['Upload at least one picture before publishing.'] });
    const pictured = await givePicture(owner, 'products', product);
    expect(pictured).toMatchObject({ version: 2, images: [{ alt_en: 'The bottle', alt_ar: 'الزجاجة' }] });
    const published = await owner.post(`/api/staff/products/${product.id}/publication/`, { state: 'published', version: 2 });
    expect(published.statusCode, published.body).toBe(200);
    expect(StaffProduct.parse(published.json())).toMatchObject({ state: 'published', version: 3 });
    const shown = Product.parse((await storefront(product.slug, 'ar')).json());
    expect(shown).toMatchObject({ name: fields.name_ar, price: 1250.5, stock: 7, sizes: [50, 100] });
    const searched = Product.array().parse(
      (await t.app.inject(`/api/products/?search=${encodeURIComponent('المكتب')}&page_size=100`)).json().results,
    );
    expect(searched.map((each) => each.id)).toContain(product.id);
    expect((await list('state=published&page_size=100')).results.map((row) => row.id)).toContain(product.id);
  });

  it('refuses bad input field by field, in the caller’s language, and saves nothing', async () => {
    const manager = await signedInStaff(t, 'manager');
    const taken = await create(manager, await newProduct(manager));
    const before = await productCount();
    const refused = async (overrides: Partial<StaffProductCreate>, lang = 'en') => {
      const response = await manager.call('POST', '/api/staff/products/', await newProduct(manager, overrides), {
        'accept-language': lang,
      });
      expect(response.statusCode, response.body).toBe(400);
      return response.json() as Record<string, string[]>;
    };
    const base = await newProduct(manager);
    const [first, second] = base.sizes as [(typeof base.sizes)[0], (typeof base.sizes)[0]];

    expect(Object.keys(await refused({ sizes: [{ ...first, price: -1 }] }))).toEqual(['sizes.0.price']);
    expect(Object.keys(await refused({ sizes: [{ ...first, price: 10.005 }] }))).toEqual(['sizes.0.price']);
    expect(await refused({ slug: taken.slug })).toEqual({ slug: ['Another one already has this address.'] });
    expect(await refused({ slug: 'suggestions' }, 'ar')).toEqual({ slug: ['هذا العنوان محجوز لصفحات المتجر: اختر عنوانًا آخر.'] });
    expect(await refused({ sizes: [first, { ...second, sku: taken.sizes[0]!.sku.toLowerCase() }] })).toEqual({
      'sizes.1.sku': [`The SKU ${taken.sizes[0]!.sku} belongs to another product.`],
    });
    expect(await refused({ sizes: [first, { ...second, is_default: true }] }, 'ar')).toEqual({
      sizes: ['اختر حجمًا افتراضيًا واحدًا بالضبط.'],
    });
    expect(await refused({ sizes: [first, { ...second, size: first.size, is_default: false }] })).toEqual({
      sizes: ['Each size may be listed once.'],
    });
    expect(await refused({ sizes: [first, { ...second, sku: first.sku.toLowerCase() }] })).toEqual({
      sizes: ['Each size needs its own SKU.'],
    });
    expect(await refused({ category: 2_000_000 })).toEqual({ category: ['Choose one from the list.'] });
    expect(await refused({ notes: { top: [2_000_000], heart: [], base: [] } })).toEqual({ notes: ['Choose one from the list.'] });
    expect(Object.keys(await refused({ slug: 'Not A Slug' }))).toEqual(['slug']);
    expect(Object.keys(await refused({ sizes: [] }))).toEqual(['sizes']);
    expect(await productCount()).toBe(before);
  });

  it('saves on the version read: a second save of the same version is a 409 with the product as it is now', async () => {
    const manager = await signedInStaff(t, 'manager');
    const product = await create(manager, await newProduct(manager));
    const { id, version, created_at: _c, updated_at: _u, state: _s, publish_at: _p, image_mobile: _i, ...fields } = product;
    const save = (changes: Record<string, unknown>, onVersion = version) =>
      manager.put(`/api/staff/products/${id}/`, {
        ...fields,
        sizes: product.sizes.map(({ ml: _ml, stock: _st, ...size }) => size),
        ...changes,
        version: onVersion,
      });

    const saved = await save({ name_en: 'Renamed Oud', sizes: [{ ...product.sizes[0]!, ml: undefined, stock: undefined, price: 1300 }] });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = StaffProduct.parse(saved.json());
    expect(after).toMatchObject({ name_en: 'Renamed Oud', version: version + 1 });
    // The 100 ml size left out of the save is removed; the 50 ml keeps its stock.
    expect(after.sizes.map((size) => [size.ml, size.price, size.stock])).toEqual([[50, 1300, 7]]);

    const stale = await save({ name_en: 'Lost update' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'product_changed', product: { name_en: 'Renamed Oud', version: version + 1 } });
  });

  it('keeps an old address working after a slug change, and publishes a scheduled product on time', async () => {
    const owner = await signedInStaff(t, 'owner');
    const product = await givePicture(owner, 'products', await create(owner, await newProduct(owner)));
    const published = StaffProduct.parse(
      (await owner.post(`/api/staff/products/${product.id}/publication/`, { state: 'published', version: product.version })).json(),
    );
    const { id: _id, version, created_at: _c, updated_at: _u, state: _s, publish_at: _p, image_mobile: _i, ...fields } = published;
    const newSlug = `${product.slug}-renamed`;
    const renamed = await owner.put(`/api/staff/products/${product.id}/`, {
      ...fields,
      slug: newSlug,
      sizes: published.sizes.map(({ ml: _ml, stock: _st, ...size }) => size),
      version,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const old = await storefront(product.slug, 'ar');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/api/products/${newSlug}/?lang=ar`);
    expect(Product.parse((await storefront(newSlug)).json()).id).toBe(product.id);

    // Scheduled: not on the storefront until its time, then published by the job.
    const draft = await givePicture(owner, 'products', await create(owner, await newProduct(owner)));
    const past = await owner.post(`/api/staff/products/${draft.id}/publication/`, {
      state: 'scheduled',
      publish_at: new Date(Date.now() - 60_000).toISOString(),
      version: draft.version,
    });
    expect(past.json()).toEqual({ publish_at: ['Choose a time in the future.'] });
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = StaffProduct.parse(
      (
        await owner.post(`/api/staff/products/${draft.id}/publication/`, { state: 'scheduled', publish_at: at, version: draft.version })
      ).json(),
    );
    expect(scheduled).toMatchObject({ state: 'scheduled' });
    expect(Date.parse(scheduled.publish_at!)).toBe(Date.parse(at));
    expect(await publishDueProducts(t.db.database)).not.toContain(draft.id);
    expect((await storefront(draft.slug)).statusCode).toBe(404);
    await t.db.database.rows(sql`UPDATE products SET publish_at = now() - interval '1 second' WHERE id = ${draft.id}`);
    expect(await publishDueProducts(t.db.database)).toEqual([draft.id]);
    expect((await storefront(draft.slug)).statusCode).toBe(200);
    expect(StaffProduct.parse((await owner.get(`/api/staff/products/${draft.id}/`)).json())).toMatchObject({
      state: 'published',
      publish_at: null,
    });
  });

  it('refuses to remove a size that has been ordered', async () => {
    const manager = await signedInStaff(t, 'manager');
    const productId = await f.productWithStock(5, 50_000);
    const product = StaffProduct.parse((await manager.get(`/api/staff/products/${productId}/`)).json());
    const s = await f.shopperWithAddress();
    await s.post('/api/cart-products/', { product: productId, quantity: 1 });
    expect((await f.order(s, { address: s.addressId, payment_method: 'cod' })).statusCode).toBe(201);
    const sizes = await sizeIds(manager);
    const replacement = {
      size: Object.values(sizes).find((id) => id !== product.sizes[0]!.size)!,
      sku: `NEW-${Date.now()}`,
      price: 10,
      is_default: true,
    };
    const {
      id: _id,
      version,
      created_at: _c,
      updated_at: _u,
      state: _s,
      publish_at: _p,
      image_mobile: _i,
      sizes: _sizes,
      ...fields
    } = product;
    const response = await manager.put(`/api/staff/products/${productId}/`, { ...fields, sizes: [replacement], version });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      sizes: [`The ${product.sizes[0]!.ml} ml size has been ordered and stays: set its stock to 0 instead.`],
    });
    expect(StaffProduct.parse((await manager.get(`/api/staff/products/${productId}/`)).json()).version).toBe(version);
  });
});
