import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Address, City, Fee, Region } from '@attar/contract';
import { useTestApp } from '../test/app';
import { client } from '../test/client';
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
