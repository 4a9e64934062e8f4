import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffSynonym, type StaffRole } from '@attar/contract';
import { buildApp } from '../app';
import { useTestApp } from '../test/app';
import { signedInStaff, type StaffCaller } from '../test/staff';

const PATH = '/api/staff/search/synonyms/';

// A long micro-cache and a second instance: only the change notice and the moved catalogue version can explain a
// search that finds a new synonym within the test.
const t = useTestApp({ CATALOGUE_CACHE_MS: '600000' });
let other: FastifyInstance;
beforeAll(async () => {
  other = await buildApp({ config: t.config, database: t.db.database }, { logger: false });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
});

const found = async (app: FastifyInstance, text: string, lang = 'en') => {
  const response = await app.inject(`/api/products/?search=${encodeURIComponent(text)}&lang=${lang}&page_size=50`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { results: { slug: string }[] }).results.map((product) => product.slug);
};

/** Asks until `check` holds (the change notice arrives after the commit, asynchronously), for at most 3 s. */
async function eventually(read: () => Promise<string[]>, check: (slugs: string[]) => boolean) {
  const until = Date.now() + 3000;
  let seen = await read();
  while (!check(seen) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    seen = await read();
  }
  return seen;
}

const version = async () =>
  (await t.db.database.rows<{ version: string }>(sql`SELECT version::text AS version FROM catalogue_version`))[0]!.version;
const stored = async () =>
  (
    await t.db.database.rows<{ n: number }>(
      sql`SELECT ((SELECT count(*) FROM search_synonyms) + (SELECT count(*) FROM search_synonym_words))::int AS n`,
    )
  )[0]!.n;

async function add(staff: StaffCaller, entry: unknown) {
  const response = await staff.post(PATH, entry);
  expect(response.statusCode, response.body).toBe(201);
  return StaffSynonym.parse(response.json());
}

describe('search synonyms in the back office', () => {
  it('are for owners and managers only', async () => {
    for (const role of ['fulfilment', 'support'] as StaffRole[]) {
      const staff = await signedInStaff(t, role);
      for (const [method, url] of [
        ['GET', PATH],
        ['POST', PATH],
        ['PUT', `${PATH}1/`],
        ['DELETE', `${PATH}1/`],
      ] as const) {
        const response = await staff.call(
          method,
          url,
          method === 'POST' || method === 'PUT' ? { kind: 'group', words: ['a', 'b'] } : undefined,
        );
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    expect((await t.app.inject(PATH)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: PATH, payload: { kind: 'group', words: ['a', 'b'] } })).statusCode).toBe(401);
    for (const role of ['owner', 'manager'] as StaffRole[]) {
      expect((await (await signedInStaff(t, role)).get(PATH)).statusCode).toBe(200);
    }
    expect(await stored()).toBe(0);
  });

  it('a group makes each word find what the others find, on every instance, from the next search', async () => {
    const manager = await signedInStaff(t, 'manager');
    // Both instances have planned and cached these searches before the change.
    for (const app of [t.app, other]) {
      expect(await found(app, 'glimmerwood')).toEqual([]);
      expect(await found(app, 'تلألؤ', 'ar')).toEqual([]);
      expect(await found(app, 'papyrus')).not.toContain('sultan-leather');
    }
    const before = await version();
    const group = await add(manager, { kind: 'group', words: ['Glimmerwood', 'تلألؤ', 'Sultan'] });
    expect(group).toMatchObject({ kind: 'group', words: ['glimmerwood', 'تلالو', 'sultan'] });
    expect(BigInt(await version())).toBeGreaterThan(BigInt(before));

    for (const app of [other, t.app]) {
      expect(
        await eventually(
          () => found(app, 'glimmerwood'),
          (slugs) => slugs.includes('sultan-leather'),
        ),
      ).toContain('sultan-leather');
      expect(await found(app, 'تلألؤ', 'ar')).toContain('sultan-leather');
    }
    const [audit] = await t.db.database.rows<{ action: string; staff_id: number }>(sql`
      SELECT action, staff_id FROM audit_log WHERE entity = 'search_synonyms' AND entity_id = ${String(group.id)} ORDER BY id DESC LIMIT 1`);
    expect(audit).toEqual({ action: 'search_synonyms.create', staff_id: manager.id });

    // Edited: the word taken out finds nothing again; the one put in finds the group's products.
    const edited = await manager.put(`${PATH}${group.id}/`, { kind: 'group', words: ['Glimmerwood', 'Papyrus'] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(
      await eventually(
        () => found(other, 'glimmerwood'),
        (slugs) => !slugs.includes('sultan-leather'),
      ),
    ).toContain('nile-papyrus');
    expect(await found(other, 'تلألؤ', 'ar')).toEqual([]);

    const deleted = await manager.call('DELETE', `${PATH}${group.id}/`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(
      await eventually(
        () => found(other, 'glimmerwood'),
        (slugs) => slugs.length === 0,
      ),
    ).toEqual([]);
    expect(await stored()).toBe(0);
  });

  it('a replacement reads its word as another, never the other way', async () => {
    const owner = await signedInStaff(t, 'owner');
    expect(await found(other, 'zamalek')).not.toContain('nile-papyrus');
    const replacement = await add(owner, { kind: 'replacement', word: 'Zamalek', replacement: ['النيل'] });
    expect(replacement).toMatchObject({ kind: 'replacement', word: 'zamalek', replacement: ['نيل'] });
    const zamalek = await eventually(
      () => found(other, 'zamalek'),
      (slugs) => slugs.includes('nile-papyrus'),
    );
    expect(zamalek).toEqual(expect.arrayContaining(['zamalek-garden', 'nile-papyrus']));
    expect(await found(other, 'النيل', 'ar')).not.toContain('zamalek-garden');
    expect((await owner.call('DELETE', `${PATH}${replacement.id}/`)).statusCode).toBe(204);
  });

  it('refuses bad input with a 4xx in the contract’s shape, changing nothing', async () => {
    const owner = await signedInStaff(t, 'owner');
    const kept = await add(owner, { kind: 'group', words: ['oud', 'agarwood'] });
    const before = { version: await version(), stored: await stored(), list: (await owner.get(PATH)).json() };
    const long = 'a'.repeat(41);
    for (const [body, field] of [
      [{ kind: 'group', words: [] }, 'words'],
      [{ kind: 'group', words: ['', 'musk'] }, 'words.0'],
      [{ kind: 'group', words: ['musk'] }, 'words'],
      [{ kind: 'group', words: Array.from({ length: 11 }, (_, i) => `word${i}`) }, 'words'],
      [{ kind: 'group', words: [long, 'musk'] }, 'words.0'],
      [{ kind: 'group', words: ['🌹', 'musk'] }, 'words.0'],
      [{ kind: 'group', words: ['eau de', 'musk'] }, 'words.0'],
      [{ kind: 'replacement', word: 'cologne', replacement: [] }, 'replacement'],
      [{ kind: 'replacement', word: 'cologne', replacement: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'replacement'],
      [{ kind: 'replacement', word: '', replacement: ['eau'] }, 'word'],
      [{ kind: 'synonym', words: ['a', 'b'] }, 'kind'],
    ] as const) {
      const response = await owner.post(PATH, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json()), JSON.stringify(body)).toContain(field);
    }
    // Twice in one entry once normalised, or already another entry's: field errors in the caller's language.
    const twice = await owner.call('POST', PATH, { kind: 'group', words: ['العطر', 'عطر'] }, { 'accept-language': 'ar' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ words: ['«عطر» مكررة هنا (يقرؤها البحث كلمة واحدة).'] });
    const taken = await owner.post(PATH, { kind: 'group', words: ['Musk', 'OUD'] });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ words: ['“oud” is already in another synonym entry.'] });
    const takenAsReplacement = await owner.post(PATH, { kind: 'replacement', word: 'agarwood', replacement: ['oud'] });
    expect(takenAsReplacement.json()).toEqual({ word: ['“agarwood” is already in another synonym entry.'] });
    const unreadable = await owner.post(PATH, { kind: 'group', words: ['Привет', 'musk'] });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json()).toEqual({ words: ['Search cannot read “Привет”: use letters or digits.'] });

    for (const [method, url] of [
      ['PUT', `${PATH}999999/`],
      ['DELETE', `${PATH}999999/`],
    ] as const) {
      const response = await owner.call(method, url, method === 'PUT' ? { kind: 'group', words: ['a', 'b'] } : undefined);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
    expect((await owner.call('DELETE', `${PATH}abc/`)).statusCode).toBe(400);

    expect({ version: await version(), stored: await stored(), list: (await owner.get(PATH)).json() }).toEqual(before);
    // Its own words are not another entry's: an entry saved as it is is accepted.
    expect((await owner.put(`${PATH}${kept.id}/`, { kind: 'group', words: ['Oud', 'agarwood'] })).statusCode).toBe(200);
  });
});
