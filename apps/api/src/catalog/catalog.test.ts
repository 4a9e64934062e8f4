import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Category, Concentration, ErrorBody, Family, Note, Occasion, Offer, OfferPage, Product, ProductPage, Size } from '@attar/contract';
import { useTestApp } from '../test/app';
import { CATEGORIES, OFFERS, PRODUCTS } from '../db/seed/catalogue';

const t = useTestApp();
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const productPage = async (url: string, headers?: Record<string, string>) => {
  const response = await get(url, headers);
  expect(response.statusCode, response.body).toBe(200);
  return ProductPage.parse(response.json());
};
const published = PRODUCTS;

describe('GET /api/products/', () => {
  it('pages the catalogue in the contract shape, 24 by default, with absolute image URLs', async () => {
    const page = await productPage('/api/products/');
    expect(page.count).toBe(published.length);
    expect(page.results).toHaveLength(24);
    expect(page.previous).toBeNull();
    expect(page.next).toBe('http://api.test/api/products/?page=2');
    expect(page.results[0]!.image).toMatch(/^http:\/\/api\.test\/media\/.+\.webp$/);
    expect(page.results.every((p) => p.isFavourite === false)).toBe(true);
  });

  it('gives an empty list past the last page, and refuses page sizes over 100', async () => {
    const page = await productPage('/api/products/?page=999');
    expect(page.results).toEqual([]);
    expect(page.count).toBe(published.length);
    const tooBig = await get('/api/products/?page_size=101');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toHaveProperty('page_size');
    expect((await get('/api/products/?page=0')).statusCode).toBe(400);
    expect((await get('/api/products/?page=abc')).statusCode).toBe(400);
  });

  it.each(CATEGORIES.map((c) => c.slug))('filters by category %s', async (slug) => {
    const page = await productPage(`/api/products/?category_slug=${slug}&page_size=100`);
    expect(page.count).toBe(published.filter((p) => p.categorySlug === slug).length);
    expect(page.results.every((p) => p.category.slug === slug)).toBe(true);
  });

  it('matches the category slug without regard to case, as the storefront links Deodorants', async () => {
    const page = await productPage('/api/products/?category_slug=Deodorants');
    expect(page.count).toBe(published.filter((p) => p.categorySlug === 'deodorants').length);
    expect(page.count).toBeGreaterThan(0);
    expect((await productPage('/api/products/?category_slug=no-such-category')).results).toEqual([]);
  });

  it('filters by type, newness, family and occasion', async () => {
    const bullets = await productPage('/api/products/?type=bullet&page_size=100');
    expect(bullets.count).toBe(published.filter((p) => p.type === 'bullet').length);
    expect(bullets.count).toBeGreaterThanOrEqual(8);
    const fresh = await productPage('/api/products/?is_new=true&page_size=100');
    expect(fresh.count).toBe(published.filter((p) => p.isNew).length);
    expect(fresh.results.every((p) => p.is_new)).toBe(true);
    const family = published[0]!.familySlug!;
    const byFamily = await productPage(`/api/products/?family=${family}&page_size=100`);
    expect(byFamily.count).toBe(published.filter((p) => p.familySlug === family).length);
    const occasion = published.find((p) => p.occasionSlugs.length)!.occasionSlugs[0]!;
    const byOccasion = await productPage(`/api/products/?occasion=${occasion}&page_size=100`);
    expect(byOccasion.count).toBe(published.filter((p) => p.occasionSlugs.includes(occasion)).length);
    expect((await get('/api/products/?type=candle')).statusCode).toBe(400);
  });

  it('filters by price range (any size within it), gender, notes (any of them), concentration and size, together', async () => {
    const all = (await productPage('/api/products/?page_size=100')).results;
    const ids = (page: { results: Product[] }) => page.results.map((p) => p.id).sort((a, b) => a - b);
    const expected = (keep: (p: Product) => boolean) =>
      all
        .filter(keep)
        .map((p) => p.id)
        .sort((a, b) => a - b);

    const inRange = (p: Product) => p.variants.some((size) => size.price >= 300 && size.price <= 600);
    expect(ids(await productPage('/api/products/?price_min=300&price_max=600&page_size=100'))).toEqual(expected(inRange));
    expect(expected(inRange).length).toBeGreaterThan(0);
    expect(ids(await productPage('/api/products/?price_min=2000&page_size=100'))).toEqual(
      expected((p) => p.variants.some((size) => size.price >= 2000)),
    );
    expect(ids(await productPage('/api/products/?gender=women&page_size=100'))).toEqual(expected((p) => p.gender === 'women'));

    const notes = z.array(Note).parse((await get('/api/products/notes/')).json());
    const [first, second] = [notes[0]!, notes[1]!];
    const hasNote = (p: Product) =>
      Object.values(p.notes)
        .flat()
        .some((name) => name === first.name || name === second.name);
    expect(ids(await productPage(`/api/products/?notes=${first.slug},${second.slug}&page_size=100`))).toEqual(expected(hasNote));

    const concentrations = z.array(Concentration).parse((await get('/api/products/concentrations/')).json());
    const edp = concentrations.find((c) => c.value === 'Eau de Parfum')!;
    expect(ids(await productPage('/api/products/?concentration=eau%20de%20parfum&page_size=100'))).toEqual(
      expected((p) => p.concentration === edp.name),
    );
    expect(ids(await productPage('/api/products/?size=30&page_size=100'))).toEqual(expected((p) => p.sizes.includes(30)));

    const together = await productPage('/api/products/?gender=women&size=30&price_max=800&page_size=100');
    expect(ids(together)).toEqual(
      expected((p) => p.gender === 'women' && p.sizes.includes(30) && p.variants.some((size) => size.price <= 800)),
    );

    for (const bad of ['price_min=abc', 'price_max=-1', 'gender=other', 'notes=Not%20A%20Slug', 'size=0', 'size=big']) {
      const response = await get(`/api/products/?${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toHaveProperty(bad.split('=')[0]!);
    }
  });

  it('ignores a filter value the shop does not offer and keeps the known ones', async () => {
    const ids = (page: { results: Product[] }) => page.results.map((p) => p.id).sort((a, b) => a - b);
    const everything = ids(await productPage('/api/products/?page_size=100'));
    expect(everything.length).toBeGreaterThan(0);
    for (const unknown of [
      'notes=no-such-note',
      'family=no-such-family',
      'occasion=no-such-occasion',
      'size=7',
      'concentration=perfume%20oil%20x',
    ]) {
      expect(ids(await productPage(`/api/products/?${unknown}&page_size=100`)), unknown).toEqual(everything);
    }
    const note = z.array(Note).parse((await get('/api/products/notes/')).json())[0]!;
    const known = ids(await productPage(`/api/products/?notes=${note.slug}&page_size=100`));
    expect(known.length).toBeGreaterThan(0);
    expect(known.length).toBeLessThan(everything.length);
    expect(ids(await productPage(`/api/products/?notes=no-such-note,${note.slug}&page_size=100`))).toEqual(known);
    const family = published[0]!.familySlug!;
    expect(ids(await productPage(`/api/products/?family=${family}&notes=no-such-note&page_size=100`))).toEqual(
      ids(await productPage(`/api/products/?family=${family}&page_size=100`)),
    );
  });

  it('lists the notes and concentrations to filter by, in the page’s language', async () => {
    const notes = z.array(Note).parse((await get('/api/products/notes/?lang=ar')).json());
    const concentrations = z.array(Concentration).parse((await get('/api/products/concentrations/?lang=ar')).json());
    expect(notes.length).toBeGreaterThan(10);
    expect(notes.every((note) => /[\u0600-\u06FF]/.test(note.name))).toBe(true);
    expect(concentrations.map((c) => c.name)).toContain('أو دو بارفان');
    expect(concentrations.find((c) => c.name === 'أو دو بارفان')!.value).toBe('Eau de Parfum');
  });

  it('returns exactly the products asked for by id, and refuses a malformed list', async () => {
    const all = await productPage('/api/products/?page_size=3');
    const ids = all.results.map((p) => p.id);
    const picked = await productPage(`/api/products/?ids=${ids.join(',')}`);
    expect(picked.results.map((p) => p.id).sort()).toEqual([...ids].sort());
    expect((await get('/api/products/?ids=1,x')).statusCode).toBe(400);
    const offers = OfferPage.parse((await get('/api/offers/?ids=1')).json());
    expect(offers.results.map((o) => o.id)).toEqual([1]);
  });

  it('orders by price both ways and by name', async () => {
    const up = await productPage('/api/products/?ordering=price&page_size=100');
    const prices = up.results.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const down = await productPage('/api/products/?ordering=-price&page_size=100');
    expect(down.results.map((p) => p.price)).toEqual([...prices].sort((a, b) => b - a));
    const byName = await productPage('/api/products/?ordering=name&page_size=100');
    const names = byName.results.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await get('/api/products/?ordering=stock')).statusCode).toBe(400);
  });

  it('answers in Arabic for Accept-Language: ar and for ?lang=ar, with both names always present', async () => {
    for (const [url, headers] of [
      ['/api/products/', { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.8' }],
      ['/api/products/?lang=ar', {}],
    ] as const) {
      const page = await productPage(url, headers);
      for (const p of page.results) {
        expect(p.name).toBe(p.name_ar);
        expect(p.name).toMatch(/[\u0600-\u06FF]/);
      }
    }
    const english = await productPage('/api/products/', { 'accept-language': 'en-US,en;q=0.9,ar;q=0.5' });
    expect(english.results.every((p) => p.name === p.name_en)).toBe(true);
  });

  it('marks stock-less products out of stock', async () => {
    const page = await productPage('/api/products/?page_size=100');
    const soldOut = page.results.filter((p) => p.stock === 0);
    expect(soldOut.length).toBeGreaterThan(0);
    expect(soldOut.every((p) => p.availability === 'out_of_stock')).toBe(true);
    expect(page.results.filter((p) => p.stock > 0).every((p) => p.availability === 'available')).toBe(true);
  });

  it('computes prices exactly from piastres', async () => {
    const page = await productPage('/api/products/?page_size=100');
    for (const p of page.results) {
      const seeded = published.find((s) => s.slug === p.slug)!;
      expect(Math.round(p.price * 100)).toBe(seeded.pricePiastres);
      expect(String(p.price)).toMatch(/^\d+(\.\d{1,2})?$/);
    }
  });

  it('carries cache headers and answers 304 to a matching If-None-Match', async () => {
    const first = await get('/api/products/?category_slug=eau-de-parfum');
    expect(first.headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect(first.headers.vary).toMatch(/Accept-Language/);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get('/api/products/?category_slug=eau-de-parfum', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const arabic = await get('/api/products/?category_slug=eau-de-parfum', { 'accept-language': 'ar', 'if-none-match': etag });
    expect(arabic.statusCode).toBe(200);
  });
});

describe('GET /api/products/{slug}/', () => {
  it('returns the whole product', async () => {
    const seeded = published.find((p) => p.notes.top.length && p.occasionSlugs.length)!;
    const response = await get(`/api/products/${seeded.slug}/`);
    expect(response.statusCode).toBe(200);
    const product = Product.parse(response.json());
    expect(product.slug).toBe(seeded.slug);
    expect(product.notes.top).toHaveLength(seeded.notes.top.length);
    expect(product.notes.heart).toHaveLength(seeded.notes.heart.length);
    expect(product.notes.base).toHaveLength(seeded.notes.base.length);
    expect(product.sizes).toEqual([...seeded.sizesMl].sort((a, b) => a - b));
    expect(product.occasions).toHaveLength(seeded.occasionSlugs.length);
    expect(product.productimages.every((i) => i.product === product.id)).toBe(true);
    expect(response.headers.etag).toBeDefined();
  });

  it('answers 404 {detail, code} for an unknown slug', async () => {
    for (const slug of ['no-such-perfume', 'ÉTÉ', "x' OR 1=1 --", 'a'.repeat(150)]) {
      const response = await get(`/api/products/${encodeURIComponent(slug)}/`);
      expect(response.statusCode).toBe(404);
      expect(ErrorBody.parse(response.json()).code).toBe('not_found');
    }
  });
});

describe('GET /api/products/{slug}/similar/', () => {
  const noteSet = (p: Product) => new Set(Object.values(p.notes).flat());
  const score = (of: Product, other: Product) =>
    [...noteSet(other)].filter((note) => noteSet(of).has(note)).length + (other.family && other.family.id === of.family?.id ? 2 : 0);

  it('suggests up to 8 products in stock sharing notes or the family, the closest first', async () => {
    const all = (await productPage('/api/products/?page_size=100')).results;
    const of = all.find((p) => p.family && noteSet(p).size > 0)!;
    const response = await get(`/api/products/${of.slug}/similar/`);
    expect(response.statusCode).toBe(200);
    const similar = z.array(Product).parse(response.json());
    const eligible = all.filter((p) => p.id !== of.id && score(of, p) > 0 && p.variants.some((size) => size.stock > 0));
    expect(similar).toHaveLength(Math.min(8, eligible.length));
    expect(similar.map((p) => p.id)).not.toContain(of.id);
    expect(similar.every((p) => p.variants.some((size) => size.stock > 0))).toBe(true);
    const scores = similar.map((p) => score(of, p));
    expect(scores.every((each) => each > 0)).toBe(true);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores[0]).toBe(Math.max(...eligible.map((p) => score(of, p))));
  });

  it('answers in Arabic on request, and 404 for an unknown slug', async () => {
    const seeded = published.find((p) => p.notes.top.length)!;
    const arabic = z.array(Product).parse((await get(`/api/products/${seeded.slug}/similar/?lang=ar`)).json());
    expect(arabic.length).toBeGreaterThan(0);
    expect(arabic.every((p) => p.name === p.name_ar)).toBe(true);
    const unknown = await get('/api/products/no-such-perfume/similar/', { 'accept-language': 'ar' });
    expect(unknown.statusCode).toBe(404);
    expect(ErrorBody.parse(unknown.json()).detail).toBe('هذا المنتج غير موجود.');
  });
});

describe('GET /api/products/like/', () => {
  const noteSet = (p: Product) => new Set(Object.values(p.notes).flat());
  const related = (seeds: Product[], other: Product) =>
    seeds.some(
      (seed) => [...noteSet(other)].some((note) => noteSet(seed).has(note)) || (other.family && other.family.id === seed.family?.id),
    );

  it('suggests products in stock like the given ones, never one of them', async () => {
    const all = (await productPage('/api/products/?page_size=100')).results;
    const seeds = all.filter((p) => p.family && noteSet(p).size > 0).slice(0, 2);
    const response = await get(`/api/products/like/?ids=${seeds.map((p) => p.id).join(',')},999999`);
    expect(response.statusCode).toBe(200);
    const like = z.array(Product).parse(response.json());
    const eligible = all.filter((p) => !seeds.includes(p) && related(seeds, p) && p.variants.some((size) => size.stock > 0));
    expect(like).toHaveLength(Math.min(12, eligible.length));
    expect(like.length).toBeGreaterThan(0);
    expect(like.every((p) => !seeds.some((seed) => seed.id === p.id) && related(seeds, p))).toBe(true);
    expect(like.every((p) => p.variants.some((size) => size.stock > 0))).toBe(true);
  });

  it('answers nothing for unknown ids and 400 without a list', async () => {
    expect(z.array(Product).parse((await get('/api/products/like/?ids=999999')).json())).toEqual([]);
    for (const bad of ['', '?ids=', '?ids=a,b']) {
      const response = await get(`/api/products/like/${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toHaveProperty('ids');
    }
  });
});

describe('offers', () => {
  it('lists offers with their products and a price below the parts', async () => {
    const response = await get('/api/offers/');
    expect(response.statusCode).toBe(200);
    const page = OfferPage.parse(response.json());
    expect(page.count).toBe(OFFERS.length);
    for (const offer of page.results) {
      expect(offer.products.length).toBeGreaterThan(0);
      expect(offer.price).toBeLessThan(offer.original_price);
      const sizePrice = (line: (typeof offer.products)[number]) => line.product.variants.find((size) => size.id === line.variant)!.price;
      const parts = offer.products.reduce((sum, line) => sum + Math.round(sizePrice(line) * 100) * line.quantity, 0);
      expect(Math.round(offer.original_price * 100)).toBe(parts);
    }
    expect(page.results.some((o) => o.availability === 'out_of_stock')).toBe(true);
    expect(page.results.some((o) => o.availability === 'offer')).toBe(true);
  });

  it('returns one offer by slug, in Arabic on request, and 404 for an unknown one', async () => {
    const response = await get(`/api/offers/${OFFERS[0]!.slug}/`, { 'accept-language': 'ar' });
    const offer = Offer.parse(response.json());
    expect(offer.name).toBe(offer.name_ar);
    expect((await get('/api/offers/nothing-here/')).statusCode).toBe(404);
  });
});

describe('reference lists', () => {
  it.each([
    ['/api/categories/', Category],
    ['/api/fragrance/', Family],
    ['/api/products/sizes/', Size],
    ['/api/products/occasions-names/', Occasion],
  ] as const)('%s is a plain array in the contract shape, in both languages', async (url, item) => {
    const en = z.array(item).parse((await get(url)).json());
    const ar = z.array(item).parse((await get(url, { 'accept-language': 'ar' })).json());
    expect(en.length).toBeGreaterThan(0);
    expect(ar.map((x) => x.id).sort()).toEqual(en.map((x) => x.id).sort());
    expect(ar.some((x) => /[\u0600-\u06FF]/.test(x.name))).toBe(true);
  });

  it('lists the four categories the storefront links', async () => {
    const categories = z.array(Category).parse((await get('/api/categories/')).json());
    expect(categories.map((c) => c.slug)).toEqual(
      expect.arrayContaining(['eau-de-parfum', 'eau-de-toilette', 'energy-boosting-fragrances', 'deodorants']),
    );
  });
});
