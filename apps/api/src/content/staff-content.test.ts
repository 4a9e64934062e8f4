import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  Cart,
  City,
  InfoPage,
  SiteConfig,
  Slider,
  StaffCity,
  StaffInfoPage,
  StaffRegion,
  StaffSiteConfig,
  StaffSlider,
  type StaffRole,
} from '@attar/contract';
import { useTestApp } from '../test/app';
import { orderFixtures } from '../test/orders';
import { signedInStaff, type StaffCaller } from '../test/staff';

const t = useTestApp();
const f = orderFixtures(t);
const AR = { 'accept-language': 'ar' };
const ARABIC = /[\u0600-\u06FF]/;

const publicGet = async (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const audits = async (action: string) =>
  (await t.db.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = ${action}`))[0]!.n;
const sliderCount = async () => (await t.db.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM sliders`))[0]!.n;
const settingsOf = async (staff: StaffCaller) => StaffSiteConfig.parse((await staff.get('/api/staff/site-config/')).json());
/** Field names and their messages, each message checked to be Arabic. */
const arabicFields = (body: Record<string, string[]>) => {
  for (const messages of Object.values(body)) for (const message of messages) expect(message).toMatch(ARABIC);
  return Object.keys(body).sort();
};

const slide = (overrides: Record<string, unknown> = {}) => ({
  title_en: 'Summer Oud',
  title_ar: 'عود الصيف',
  subtitle_en: 'Light and bright',
  subtitle_ar: 'خفيف ومشرق',
  image_desktop: 'sliders/01-art-of-oud-desktop.webp',
  image_mobile: 'sliders/01-art-of-oud-mobile.webp',
  alt_en: 'Three amber bottles',
  alt_ar: 'ثلاث زجاجات كهرمانية',
  link: '/new',
  is_active: true,
  starts_at: null,
  ends_at: null,
  ...overrides,
});

describe('content and settings in the back office: who may', () => {
  it('is for owners and managers; support and fulfilment get 403 on every call, a visitor 401', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/staff/site-config/'],
      ['PUT', '/api/staff/site-config/', {}],
      ['GET', '/api/staff/regions/'],
      ['PUT', '/api/staff/regions/1/fee/', { fee: 1 }],
      ['POST', '/api/staff/regions/1/cities/', { name_en: 'X', name_ar: 'س' }],
      ['PUT', '/api/staff/cities/1/', { name_en: 'X', name_ar: 'س' }],
      ['DELETE', '/api/staff/cities/1/'],
      ['GET', '/api/staff/sliders/'],
      ['GET', '/api/staff/sliders/images/'],
      ['POST', '/api/staff/sliders/', slide()],
      ['POST', '/api/staff/sliders/order/', { ids: [1] }],
      ['PUT', '/api/staff/sliders/1/', slide()],
      ['PATCH', '/api/staff/sliders/1/', { is_active: false }],
      ['DELETE', '/api/staff/sliders/1/'],
      ['GET', '/api/staff/pages/'],
      ['GET', '/api/staff/pages/about/'],
      ['PUT', '/api/staff/pages/about/', {}],
    ];
    const before = await t.db.database.rows(sql`SELECT * FROM site_config`);
    for (const role of ['support', 'fulfilment'] as StaffRole[]) {
      const staff = await signedInStaff(t, role);
      for (const [method, url, body] of calls) {
        const response = await staff.call(method as 'GET', url, body);
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(response.json()).toMatchObject({ code: 'permission_denied' });
      }
    }
    for (const [method, url, body] of calls) {
      const response = await t.app.inject({ method: method as 'GET', url, ...(body === undefined ? {} : { payload: body as object }) });
      expect(response.statusCode, `visitor ${method} ${url}`).toBe(401);
    }
    expect(await t.db.database.rows(sql`SELECT * FROM site_config`)).toEqual(before);
    expect((await t.db.database.rows(sql`SELECT id FROM cities WHERE name_en = 'X'`)).length).toBe(0);
    for (const role of ['owner', 'manager'] as StaffRole[]) {
      const staff = await signedInStaff(t, role);
      for (const url of ['/api/staff/site-config/', '/api/staff/regions/', '/api/staff/sliders/', '/api/staff/pages/']) {
        expect((await staff.get(url)).statusCode, `${role} ${url}`).toBe(200);
      }
    }
  });
});

describe('the site’s settings', () => {
  it('saves every setting on a version; the storefront’s config and a shopper’s cart follow', async () => {
    const manager = await signedInStaff(t, 'manager');
    const read = await settingsOf(manager);
    expect(read).toMatchObject({
      free_shipping_after: 1500,
      point_value: 0.1,
      spend_per_point: 10,
      returns_window_days: 14,
      search_retention_days: 90,
    });
    const saved = await manager.put('/api/staff/site-config/', {
      ...read,
      free_shipping_after: 999.5,
      point_value: 0.25,
      spend_per_point: 20,
      returns_window_days: 30,
      search_retention_days: 30,
      store_name_ar: 'عطّار مصر الجديدة',
      whatsapp_url: '',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(StaffSiteConfig.parse(saved.json())).toMatchObject({
      version: read.version + 1,
      free_shipping_after: 999.5,
      point_value: 0.25,
      search_retention_days: 30,
    });
    expect(await audits('site_config.save')).toBe(1);

    const storefront = SiteConfig.parse((await publicGet('/api/siteconfigb/', AR)).json());
    expect(storefront).toMatchObject({
      free_shipping_after: 999.5,
      point_value: 0.25,
      spend_per_point: 20,
      returns_window_days: 30,
      store_name: 'عطّار مصر الجديدة',
      whatsapp_url: '',
    });

    // The cart reads the threshold and the rate that earns points from the settings.
    const shopper = await f.shopperWithAddress();
    const product = await f.productWithStock(5, 50_000);
    await shopper.post('/api/cart-products/', { product, quantity: 1 });
    const cart = Cart.parse((await shopper.get('/api/carts/me/')).json());
    expect(cart).toMatchObject({ free_shipping_after: 999.5, remaining_for_free_shipping: 499.5, points_earned: 25 });

    // An order spends points at the new value: 40 points take 10 LE off.
    await f.db().rows(sql`UPDATE users SET points = 40 WHERE id = (SELECT user_id FROM addresses WHERE id = ${shopper.addressId})`);
    const placed = await f.order(shopper, { address: shopper.addressId, payment_method: 'cod', use_points: 40 });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ points_used: 40, points_discount: 10 });

    const stale = await manager.put('/api/staff/site-config/', { ...read, free_shipping_after: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'site_config_changed',
      site_config: { free_shipping_after: 999.5, version: read.version + 1 },
    });

    const back = await manager.put('/api/staff/site-config/', { ...read, version: read.version + 1 });
    expect(back.statusCode).toBe(200);
  });

  it('refuses bad settings field by field, in the caller’s language, and saves nothing', async () => {
    const owner = await signedInStaff(t, 'owner');
    const read = await settingsOf(owner);
    const bad = {
      ...read,
      free_shipping_after: -5,
      point_value: 0,
      returns_window_days: 400,
      search_retention_days: 0,
      store_name_en: '   ',
      phone: '0100 123',
      email: 'not-an-email',
      facebook_url: 'javascript:alert(1)',
      whatsapp_url: 'ftp://x',
    };
    const arabic = await owner.call('PUT', '/api/staff/site-config/', bad, AR);
    expect(arabic.statusCode).toBe(400);
    expect(arabicFields(arabic.json())).toEqual(
      [
        'email',
        'facebook_url',
        'free_shipping_after',
        'phone',
        'point_value',
        'returns_window_days',
        'search_retention_days',
        'store_name_en',
        'whatsapp_url',
      ].sort(),
    );
    const english = await owner.put('/api/staff/site-config/', bad);
    expect(english.json()).toMatchObject({
      free_shipping_after: ['Enter an amount in pounds, not below zero, such as 1500 or 12.50.'],
      store_name_en: ['Fill this in.'],
      search_retention_days: ['Enter a whole number of days from 1 to 730.'],
    });
    const tooLong = await owner.put('/api/staff/site-config/', { ...read, store_address_en: 'x'.repeat(201) });
    expect(tooLong.json()).toEqual({ store_address_en: ['At most 200 characters.'] });
    expect(await settingsOf(owner)).toEqual(read);
  });
});

describe('delivery fees and cities', () => {
  const regions = async (staff: StaffCaller) => z.array(StaffRegion).parse((await staff.get('/api/staff/regions/')).json());

  it('changes a governorate’s fee; the checkout’s fee follows; a bad fee is refused', async () => {
    const manager = await signedInStaff(t, 'manager');
    const [cairo] = await regions(manager);
    expect(cairo).toMatchObject({ slug: 'cairo', fee: 50 });
    expect(cairo!.cities.length).toBeGreaterThan(0);
    const changed = await manager.put(`/api/staff/regions/${cairo!.id}/fee/`, { fee: 55.5 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(StaffRegion.parse(changed.json()).fee).toBe(55.5);
    expect((await publicGet(`/api/fees/?region=${cairo!.id}`)).json()).toEqual({ region: cairo!.id, fee: 55.5 });

    const negative = await manager.call('PUT', `/api/staff/regions/${cairo!.id}/fee/`, { fee: -1 }, AR);
    expect(negative.statusCode).toBe(400);
    expect(arabicFields(negative.json())).toEqual(['fee']);
    expect((await manager.put('/api/staff/regions/99999/fee/', { fee: 1 })).statusCode).toBe(404);
    await manager.put(`/api/staff/regions/${cairo!.id}/fee/`, { fee: 50 });
    expect(await audits('region.fee')).toBe(2);
  });

  it('adds and renames cities, refuses a name twice, and removes only a city no address uses', async () => {
    const manager = await signedInStaff(t, 'manager');
    const [cairo] = await regions(manager);
    const added = await manager.post(`/api/staff/regions/${cairo!.id}/cities/`, { name_en: 'Garden City', name_ar: 'جاردن سيتي' });
    expect(added.statusCode, added.body).toBe(201);
    const city = StaffCity.parse(added.json());
    expect(city).toMatchObject({ region: cairo!.id, addresses: 0 });
    const listed = z.array(City).parse((await publicGet(`/api/city/?region=${cairo!.id}`, AR)).json());
    expect(listed).toContainEqual({ id: city.id, name: 'جاردن سيتي', region: cairo!.id });

    const twice = await manager.call('POST', `/api/staff/regions/${cairo!.id}/cities/`, { name_en: 'garden city', name_ar: 'جديدة' }, AR);
    expect(twice.statusCode).toBe(400);
    expect(arabicFields(twice.json())).toEqual(['name_en']);
    const blank = await manager.post(`/api/staff/regions/${cairo!.id}/cities/`, { name_en: '', name_ar: 'س' });
    expect(blank.json()).toEqual({ name_en: ['Fill this in.'] });
    expect((await manager.post('/api/staff/regions/99999/cities/', { name_en: 'Nowhere', name_ar: 'لا مكان' })).statusCode).toBe(404);

    const renamed = await manager.put(`/api/staff/cities/${city.id}/`, { name_en: 'Garden City (Cairo)', name_ar: 'جاردن سيتي' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(StaffCity.parse(renamed.json()).name_en).toBe('Garden City (Cairo)');

    // A shopper saves an address in it: it can be renamed, not removed.
    const shopper = await f.shopperWithAddress();
    const address = await shopper.post('/api/addresses/', { ...(await f.addressFields()), city: city.id });
    expect(address.statusCode, address.body).toBe(201);
    const refused = await manager.call('DELETE', `/api/staff/cities/${city.id}/`, undefined, AR);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'city_in_use', addresses: 1, detail: expect.stringMatching(ARABIC) });
    expect((await t.db.database.rows(sql`SELECT id FROM cities WHERE id = ${city.id}`)).length).toBe(1);

    const spare = StaffCity.parse(
      (await manager.post(`/api/staff/regions/${cairo!.id}/cities/`, { name_en: 'Spare Town', name_ar: 'بلدة احتياطية' })).json(),
    );
    expect((await manager.call('DELETE', `/api/staff/cities/${spare.id}/`)).statusCode).toBe(204);
    expect((await manager.call('DELETE', `/api/staff/cities/${spare.id}/`)).statusCode).toBe(404);
    expect(await audits('city.delete')).toBe(1);
  });
});

describe('home sliders', () => {
  const storefrontIds = async () =>
    z
      .array(Slider)
      .parse((await publicGet('/api/sliders/')).json())
      .map((each) => each.id);
  const hour = 3_600_000;
  const at = (offset: number) => new Date(Date.now() + offset).toISOString();

  it('creates, edits, switches off and reorders; the storefront shows active sliders inside their window only', async () => {
    const manager = await signedInStaff(t, 'manager');
    const seeded = await storefrontIds();
    const create = async (overrides: Record<string, unknown>) => {
      const response = await manager.post('/api/staff/sliders/', slide(overrides));
      expect(response.statusCode, response.body).toBe(201);
      return StaffSlider.parse(response.json());
    };
    const showing = await create({ starts_at: at(-hour), ends_at: at(hour) });
    const later = await create({ starts_at: at(hour) });
    const past = await create({ starts_at: at(-2 * hour), ends_at: at(-hour) });
    const off = await create({ is_active: false });
    expect([showing.state, later.state, past.state, off.state]).toEqual(['showing', 'scheduled', 'ended', 'inactive']);
    expect(showing.image_desktop_url).toBe('http://api.test/media/sliders/01-art-of-oud-desktop.webp');
    expect(await storefrontIds()).toEqual([...seeded, showing.id]);
    const [shown] = z
      .array(Slider)
      .parse((await publicGet('/api/sliders/', AR)).json())
      .filter((each) => each.id === showing.id);
    expect(shown).toMatchObject({ title: 'عود الصيف', alt: 'ثلاث زجاجات كهرمانية', link: '/new' });

    const edited = await manager.put(`/api/staff/sliders/${later.id}/`, slide({ title_en: 'Now showing', starts_at: null }));
    expect(StaffSlider.parse(edited.json())).toMatchObject({ title_en: 'Now showing', state: 'showing' });
    expect((await manager.patch(`/api/staff/sliders/${showing.id}/`, { is_active: false })).json()).toMatchObject({ state: 'inactive' });
    expect(await storefrontIds()).toEqual([...seeded, later.id]);

    const all = z.array(StaffSlider).parse((await manager.get('/api/staff/sliders/')).json());
    const reversed = all.map((each) => each.id).reverse();
    const reordered = await manager.post('/api/staff/sliders/order/', { ids: reversed });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(
      z
        .array(StaffSlider)
        .parse(reordered.json())
        .map((each) => each.id),
    ).toEqual(reversed);
    expect(await storefrontIds()).toEqual([later.id, ...[...seeded].reverse()]);
    const incomplete = await manager.call('POST', '/api/staff/sliders/order/', { ids: reversed.slice(1) }, AR);
    expect(incomplete.statusCode).toBe(400);
    expect(arabicFields(incomplete.json())).toEqual(['ids']);

    const images = (await manager.get('/api/staff/sliders/images/')).json() as { path: string; url: string }[];
    expect(images).toContainEqual({
      path: 'sliders/01-art-of-oud-desktop.webp',
      url: 'http://api.test/media/sliders/01-art-of-oud-desktop.webp',
    });

    for (const id of [showing.id, later.id, past.id, off.id])
      expect((await manager.call('DELETE', `/api/staff/sliders/${id}/`)).statusCode).toBe(204);
    expect((await manager.call('DELETE', `/api/staff/sliders/${off.id}/`)).statusCode).toBe(404);
    expect((await manager.patch(`/api/staff/sliders/${off.id}/`, { is_active: true })).statusCode).toBe(404);
    await manager.post('/api/staff/sliders/order/', { ids: all.map((each) => each.id).filter((id) => seeded.includes(id)) });
    expect(await storefrontIds()).toEqual(seeded);
    expect(await audits('slider.create')).toBe(4);
  });

  it('refuses a bad slider field by field in the caller’s language, and creates nothing', async () => {
    const manager = await signedInStaff(t, 'manager');
    const before = await sliderCount();
    const refused = await manager.call(
      'POST',
      '/api/staff/sliders/',
      slide({
        title_ar: '',
        image_desktop: '../../etc/passwd',
        link: 'javascript:alert(1)',
        starts_at: at(hour),
        ends_at: at(-hour),
      }),
      AR,
    );
    expect(refused.statusCode).toBe(400);
    expect(arabicFields(refused.json())).toEqual(['ends_at', 'image_desktop', 'link', 'title_ar']);
    expect((await manager.post('/api/staff/sliders/', slide({ link: '//evil.example' }))).json()).toEqual({
      link: ['Enter a path on the shop (starting with /) or a full https:// address.'],
    });
    expect((await manager.post('/api/staff/sliders/', slide({ starts_at: 'tomorrow' }))).json()).toEqual({
      starts_at: ['Enter a date and time.'],
    });
    expect((await manager.post('/api/staff/sliders/', ['not', 'an', 'object'])).statusCode).toBe(400);
    expect((await manager.put('/api/staff/sliders/abc/', slide())).statusCode).toBe(400);
    const after = await sliderCount();
    expect(after).toBe(before);
  });
});

describe('information pages', () => {
  it('are served to everyone in the asked language; an unknown page is 404', async () => {
    const en = InfoPage.parse((await publicGet('/api/pages/returns-policy/')).json());
    expect(en).toMatchObject({ slug: 'returns-policy', title: 'Returns & Exchanges Policy' });
    expect(en.body).toContain('## What you can return');
    const ar = InfoPage.parse((await publicGet('/api/pages/contactUs/?lang=ar')).json());
    expect(ar.title).toBe('اتصل بنا');
    expect(ar.body).toContain('[+20 100 123 4567](https://wa.me/201001234567)');
    const missing = await publicGet('/api/pages/careers/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'not_found' });
  });

  it('are saved in both languages on a version, and the storefront’s call serves the new text', async () => {
    const manager = await signedInStaff(t, 'manager');
    const pages = z.array(StaffInfoPage).parse((await manager.get('/api/staff/pages/')).json());
    expect(pages.map((page) => page.slug)).toEqual(['about', 'privacy-policy', 'terms-conditions', 'returns-policy', 'contactUs']);
    const page = StaffInfoPage.parse((await manager.get('/api/staff/pages/about/')).json());
    const body_ar = `${page.body_ar}\n\n## ساعات العمل\n\n- **السبت** إلى الخميس\n- [اتصل بنا](/contactUs)`;
    const saved = await manager.put('/api/staff/pages/about/', { ...page, title_en: 'About us', body_ar });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(StaffInfoPage.parse(saved.json())).toMatchObject({ version: page.version + 1, title_en: 'About us', body_ar });
    expect(InfoPage.parse((await publicGet('/api/pages/about/')).json()).title).toBe('About us');
    expect(InfoPage.parse((await publicGet('/api/pages/about/', AR)).json()).body).toBe(body_ar);
    expect(await audits('info_page.save')).toBe(1);

    const stale = await manager.put('/api/staff/pages/about/', { ...page, title_en: 'Lost update' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'page_changed', page: { title_en: 'About us' } });
    expect((await manager.put('/api/staff/pages/about/', { ...page, version: page.version + 1 })).statusCode).toBe(200);
  });

  it('refuses links that would not work, empty bodies and unknown pages, saving nothing', async () => {
    const manager = await signedInStaff(t, 'manager');
    const page = StaffInfoPage.parse((await manager.get('/api/staff/pages/returns-policy/')).json());
    const hostile = await manager.call(
      'PUT',
      '/api/staff/pages/returns-policy/',
      { ...page, body_en: 'Hi [click](javascript:alert(1)) <script>alert(1)</script>', body_ar: '' },
      AR,
    );
    expect(hostile.statusCode).toBe(400);
    expect(arabicFields(hostile.json())).toEqual(['body_ar']);
    const links = await manager.put('/api/staff/pages/returns-policy/', { ...page, body_en: 'See [this](javascript:alert(1)).' });
    expect(links.json()).toEqual({ body_en: [expect.stringContaining('javascript:alert(1')] });
    expect((await manager.put('/api/staff/pages/careers/', page)).statusCode).toBe(400);
    expect((await manager.get('/api/staff/pages/careers/')).statusCode).toBe(400);
    expect(StaffInfoPage.parse((await manager.get('/api/staff/pages/returns-policy/')).json())).toEqual(page);
  });
});
