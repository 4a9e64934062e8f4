import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Address, City, ErrorBody, Fee, Order, Region } from '@attar/contract';
import { useTestApp } from '../test/app';
import { client } from '../test/client';
import { orderFixtures } from '../test/orders';
import { signedInShopper } from '../test/shoppers';

const t = useTestApp();

async function cairo() {
  const regions = z.array(Region).parse((await client(t.app).get('/api/region/')).json());
  const region = regions.find((r) => r.name === 'Cairo')!;
  const cities = z.array(City).parse((await client(t.app).get(`/api/city/?region=${region.id}`)).json());
  return { region, city: cities[0]!, regions };
}

describe('governorates, cities and fees', () => {
  it('lists Egypt’s 27 governorates in both languages', async () => {
    const { regions } = await cairo();
    expect(regions).toHaveLength(27);
    const arabic = z.array(Region).parse((await t.app.inject({ url: '/api/region/', headers: { 'accept-language': 'ar' } })).json());
    expect(arabic.map((r) => r.id)).toEqual(regions.map((r) => r.id));
    expect(arabic.find((r) => r.id === regions[0]!.id)!.name).toBe('القاهرة');
  });

  it('lists a governorate’s cities and its fee', async () => {
    const { region, city } = await cairo();
    expect(city.region).toBe(region.id);
    expect(Fee.parse((await client(t.app).get(`/api/fees/?region=${region.id}`)).json())).toEqual({ region: region.id, fee: 50 });
    expect((await client(t.app).get('/api/fees/?region=9999')).statusCode).toBe(404);
    expect((await client(t.app).get('/api/fees/?region=abc')).statusCode).toBe(400);
    expect((await client(t.app).get('/api/city/')).statusCode).toBe(400);
  });

  it('names cities in Arabic with ?lang=ar, though the call’s query schema does not list lang', async () => {
    const { region } = await cairo();
    const cities = z.array(City).parse((await client(t.app).get(`/api/city/?region=${region.id}&lang=ar`)).json());
    expect(cities.map((c) => c.name)).toContain('مصر الجديدة');
  });
});

describe('addresses', () => {
  const body = (region: number, city: number) => ({
    name: 'Hoda Samir',
    phone: '01112345678',
    region,
    city,
    street: '9 El Thawra Street',
    building: '4',
    floor: '3',
    apartment: '12',
    landmark: 'Next to the pharmacy',
  });

  it('adds addresses (the first is the default), edits them, and keeps one default', async () => {
    const { region, city } = await cairo();
    const s = await signedInShopper(t.app);
    const first = await s.post('/api/addresses/', body(region.id, city.id));
    expect(first.statusCode, first.body).toBe(201);
    const a1 = Address.parse(first.json());
    expect(a1).toMatchObject({ phone: '+201112345678', is_default: true, region: { id: region.id }, city: { id: city.id } });
    const a2 = Address.parse((await s.post('/api/addresses/', { ...body(region.id, city.id), is_default: true })).json());
    expect(a2.is_default).toBe(true);
    const list = z.array(Address).parse((await s.get('/api/addresses/')).json());
    expect(list.filter((a) => a.is_default).map((a) => a.id)).toEqual([a2.id]);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/addresses/${a1.id}/`,
      payload: { landmark: 'Opposite the bakery' },
      headers: { authorization: `Token ${s.token}` },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(Address.parse(patched.json())).toMatchObject({ landmark: 'Opposite the bakery', street: '9 El Thawra Street', building: '4' });
  });

  it('refuses a city outside the governorate, an unknown governorate and a foreign phone', async () => {
    const { region, regions } = await cairo();
    const giza = regions.find((r) => r.name === 'Giza')!;
    const gizaCity = z.array(City).parse((await client(t.app).get(`/api/city/?region=${giza.id}`)).json())[0]!;
    const s = await signedInShopper(t.app);
    const mismatch = await s.post('/api/addresses/', body(region.id, gizaCity.id));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toHaveProperty('city');
    expect((await s.post('/api/addresses/', body(9999, gizaCity.id))).statusCode).toBe(400);
    const foreign = await s.post('/api/addresses/', { ...body(giza.id, gizaCity.id), phone: '+14155550123' });
    expect(foreign.json()).toHaveProperty('phone');
    expect((await s.get('/api/addresses/')).json()).toEqual([]);
  });

  it('keeps every address to its owner', async () => {
    const { region, city } = await cairo();
    const a = await signedInShopper(t.app);
    const b = await signedInShopper(t.app);
    const mine = Address.parse((await a.post('/api/addresses/', body(region.id, city.id))).json());
    expect((await b.get('/api/addresses/')).json()).toEqual([]);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/addresses/${mine.id}/`,
      payload: { street: 'Stolen' },
      headers: { authorization: `Token ${b.token}` },
    });
    expect(patch.statusCode).toBe(404);
    const [row] = await t.db.database.rows<{ street: string }>(sql`SELECT street FROM addresses WHERE id = ${mine.id}`);
    expect(row!.street).toBe('9 El Thawra Street');
    expect((await client(t.app).get('/api/addresses/')).statusCode).toBe(401);
  });
});

describe('address book: delete and the default', () => {
  const f = orderFixtures(t);
  const defaults = async (s: { get: (url: string) => Promise<{ json: () => unknown }> }) =>
    z
      .array(Address)
      .parse((await s.get('/api/addresses/')).json())
      .filter((a) => a.is_default)
      .map((a) => a.id);
  const add = async (s: Awaited<ReturnType<typeof signedInShopper>>, extra: Record<string, unknown> = {}) => {
    const response = await s.post('/api/addresses/', { ...(await f.addressFields()), ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return Address.parse(response.json());
  };
  const patch = (s: { token: string }, id: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/addresses/${id}/`, payload, headers: { authorization: `Token ${s.token}` } });

  it('deletes the owner’s address (204); another shopper’s, an unknown id or a guest: 4xx and nothing deleted', async () => {
    const owner = await signedInShopper(t.app);
    const other = await signedInShopper(t.app);
    const mine = await add(owner);
    const theirs = await add(other);
    const refused = await other.delete(`/api/addresses/${mine.id}/`);
    expect(refused.statusCode).toBe(404);
    expect(ErrorBody.parse(refused.json()).code).toBe('not_found');
    expect((await owner.delete('/api/addresses/999999/')).statusCode).toBe(404);
    expect((await owner.delete('/api/addresses/abc/')).statusCode).toBe(400);
    expect((await client(t.app).call({ method: 'DELETE', url: `/api/addresses/${mine.id}/` })).statusCode).toBe(401);
    expect(
      z
        .array(Address)
        .parse((await owner.get('/api/addresses/')).json())
        .map((a) => a.id),
    ).toEqual([mine.id]);

    expect((await owner.delete(`/api/addresses/${mine.id}/`)).statusCode).toBe(204);
    expect((await owner.get('/api/addresses/')).json()).toEqual([]);
    expect((await owner.delete(`/api/addresses/${mine.id}/`)).statusCode).toBe(404);
    expect(
      z
        .array(Address)
        .parse((await other.get('/api/addresses/')).json())
        .map((a) => a.id),
    ).toEqual([theirs.id]);
  });

  it('chooses the default with PATCH is_default (one at a time); false changes nothing', async () => {
    const s = await signedInShopper(t.app);
    const other = await signedInShopper(t.app);
    const first = await add(s);
    const second = await add(s);
    const othersOwn = await add(other);
    expect(await defaults(s)).toEqual([first.id]);
    const chosen = await patch(s, second.id, { is_default: true });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(Address.parse(chosen.json()).is_default).toBe(true);
    expect(await defaults(s)).toEqual([second.id]);
    // Unsetting is not how the default moves: it stays where it is.
    expect(Address.parse((await patch(s, second.id, { is_default: false })).json()).is_default).toBe(true);
    expect(await defaults(s)).toEqual([second.id]);
    // Another shopper's address cannot be made this shopper's default, and theirs stays untouched.
    expect((await patch(s, othersOwn.id, { is_default: true })).statusCode).toBe(404);
    expect((await patch(other, first.id, { is_default: true })).statusCode).toBe(404);
    expect(await defaults(s)).toEqual([second.id]);
    expect(await defaults(other)).toEqual([othersOwn.id]);
    expect((await patch(s, first.id, { is_default: 'yes' })).statusCode).toBe(400);
    expect(await defaults(s)).toEqual([second.id]);
  });

  it('deleting the default makes the newest remaining address the default; the last one leaves none', async () => {
    const s = await signedInShopper(t.app);
    const oldest = await add(s);
    const middle = await add(s);
    const newest = await add(s);
    await patch(s, middle.id, { is_default: true });
    expect((await s.delete(`/api/addresses/${middle.id}/`)).statusCode).toBe(204);
    expect(await defaults(s)).toEqual([newest.id]);
    // Deleting one that is not the default leaves the default alone.
    expect((await s.delete(`/api/addresses/${oldest.id}/`)).statusCode).toBe(204);
    expect(await defaults(s)).toEqual([newest.id]);
    expect((await s.delete(`/api/addresses/${newest.id}/`)).statusCode).toBe(204);
    expect((await s.get('/api/addresses/')).json()).toEqual([]);
  });

  it('deletes the address an order in progress was placed with; the order keeps its copy', async () => {
    const s = await f.shopperWithAddress();
    const productId = await f.productWithStock(3);
    await s.post('/api/cart-products/', { product: productId, quantity: 1 });
    const placed = await f.order(s, { address: s.addressId, payment_method: 'cod' });
    expect(placed.statusCode, placed.body).toBe(201);
    const before = Order.parse(placed.json());
    expect(before.status).toBe('placed');
    expect((await s.delete(`/api/addresses/${s.addressId}/`)).statusCode).toBe(204);
    const after = Order.parse((await s.get(`/api/orders/order_number/?number=${before.order_number}`)).json());
    expect(after.address).toEqual(before.address);
    expect(after.address).toMatchObject({ name: 'Amira Fathy', street: '5 Nile Street' });
    expect(after.status).toBe('placed');
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('keeps exactly one default under concurrent switches (PostgreSQL)', async () => {
    const s = await signedInShopper(t.app);
    const list = [await add(s), await add(s), await add(s), await add(s)];
    const answers = await Promise.all([...list, ...list].map((address) => patch(s, address.id, { is_default: true })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(await defaults(s)).toHaveLength(1);
    const [count] = await t.db.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM addresses WHERE user_id = ${s.user.id} AND is_default`,
    );
    expect(count!.n).toBe(1);
  });
});
