import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SavedView } from '@attar/contract';
import { useTestApp } from '../test/app';
import { signedInStaff, type StaffCaller } from '../test/staff';

const PATH = '/api/staff/saved-views/';
const LIST = `${PATH}?list=orders`;
const t = useTestApp();

const stored = async () => (await t.db.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM saved_views`))[0]!.n;
const auditOf = (id: number) =>
  t.db.database.rows<{ action: string; staff_id: number }>(sql`
    SELECT action, staff_id FROM audit_log WHERE entity = 'saved_view' AND entity_id = ${String(id)} ORDER BY id`);

async function save(staff: StaffCaller, view: Record<string, unknown>) {
  const response = await staff.post(PATH, { list: 'orders', ...view });
  expect(response.statusCode, response.body).toBe(201);
  return SavedView.parse(response.json());
}
const names = async (staff: StaffCaller) => {
  const response = await staff.get(LIST);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as SavedView[]).map((view) => view.name);
};

describe('saved views of the orders board', () => {
  it('are each member’s own: another member neither sees nor deletes them', async () => {
    const support = await signedInStaff(t, 'support');
    const fulfilment = await signedInStaff(t, 'fulfilment');
    const view = await save(support, {
      name: '  Cairo COD to confirm ',
      search: { status: 'placed', region: 1, payment_method: 'cod', q: ' 0100 ', sort: '-total' },
    });
    expect(view).toMatchObject({
      name: 'Cairo COD to confirm',
      shared: false,
      search: { status: 'placed', region: 1, payment_method: 'cod', q: '0100', sort: '-total' },
    });
    await save(support, { name: 'packed, not handed over', search: { status: 'packed' } });

    expect(await names(support)).toEqual(['Cairo COD to confirm', 'packed, not handed over']);
    expect(await names(fulfilment)).toEqual([]);
    expect((await fulfilment.call('DELETE', `${PATH}${view.id}/`)).statusCode).toBe(404);
    // The same name is another member's to use; a private view is not audited.
    await save(fulfilment, { name: 'cairo cod to confirm', search: {} });
    expect(await auditOf(view.id)).toEqual([]);

    expect((await support.call('DELETE', `${PATH}${view.id}/`)).statusCode).toBe(204);
    expect(await names(support)).toEqual(['packed, not handed over']);
    expect((await support.call('DELETE', `${PATH}${view.id}/`)).statusCode).toBe(404);
  });

  it('shared by the owner are seen by everyone and deleted by the owner only, audited', async () => {
    const owner = await signedInStaff(t, 'owner');
    const manager = await signedInStaff(t, 'manager');
    const before = await stored();
    for (const staff of [manager, await signedInStaff(t, 'support')]) {
      const refused = await staff.post(PATH, { list: 'orders', name: 'Everyone’s', search: {}, shared: true });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'permission_denied' });
    }
    expect(await stored()).toBe(before);

    const shared = await save(owner, { name: 'Unpaid cards', search: { payment_method: 'card', paid: 'no' }, shared: true });
    expect(shared.shared).toBe(true);
    const own = await save(manager, { name: 'Mine', search: { from: '2026-11-01', to: '2026-11-30' } });
    expect(await names(manager)).toEqual(['Mine', 'Unpaid cards']);
    expect(await auditOf(shared.id)).toEqual([{ action: 'saved_view.share', staff_id: owner.id }]);

    const denied = await manager.call('DELETE', `${PATH}${shared.id}/`);
    expect(denied.statusCode).toBe(403);
    expect(await names(manager)).toContain('Unpaid cards');
    // The owner deletes shared views, never a member's own.
    expect((await owner.call('DELETE', `${PATH}${own.id}/`)).statusCode).toBe(404);
    expect((await owner.call('DELETE', `${PATH}${shared.id}/`)).statusCode).toBe(204);
    expect(await names(manager)).toEqual(['Mine']);
    expect(await auditOf(shared.id)).toEqual([
      { action: 'saved_view.share', staff_id: owner.id },
      { action: 'saved_view.delete_shared', staff_id: owner.id },
    ]);
  });

  it('refuses a name taken among the member’s views or among the shared ones with 409', async () => {
    const owner = await signedInStaff(t, 'owner');
    await save(owner, { name: 'Today', search: {} });
    const mine = await owner.post(PATH, { list: 'orders', name: 'TODAY', search: { paid: 'yes' } });
    expect(mine.statusCode).toBe(409);
    expect(mine.json()).toMatchObject({ code: 'name_taken' });
    // A shared view is another owner's list of names: the same name may be shared once.
    await save(owner, { name: 'Today', search: {}, shared: true });
    const sharedTwice = await owner.call(
      'POST',
      PATH,
      { list: 'orders', name: 'today ', search: {}, shared: true },
      { 'accept-language': 'ar' },
    );
    expect(sharedTwice.statusCode).toBe(409);
    expect(sharedTwice.json()).toMatchObject({ code: 'name_taken', detail: expect.stringContaining('«today»') });
  });

  it('refuses bad input with 400 and keeps nothing', async () => {
    const manager = await signedInStaff(t, 'manager');
    const before = await stored();
    for (const body of [
      { list: 'orders', name: '', search: {} },
      { list: 'orders', name: '   ', search: {} },
      { list: 'orders', name: 'x'.repeat(61), search: {} },
      { list: 'customers', name: 'Other list', search: {} },
      { list: 'orders', name: 'No search' },
      { list: 'orders', name: 'Bad status', search: { status: 'placed,lost' } },
      { list: 'orders', name: 'Bad date', search: { from: '2026-13-01' } },
      { list: 'orders', name: 'Bad sort', search: { sort: 'name' } },
      { list: 'orders', name: 'Bad region', search: { region: -1 } },
      { list: 'orders', name: 'Unknown field', search: { page: 2 } },
      { list: 'orders', name: 'Not a flag', search: {}, shared: 'yes' },
    ]) {
      const response = await manager.post(PATH, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await stored()).toBe(before);
    expect((await manager.get(PATH)).statusCode).toBe(400);
    expect((await manager.get(`${PATH}?list=products`)).statusCode).toBe(400);
    expect((await manager.call('DELETE', `${PATH}abc/`)).statusCode).toBe(400);
    // Sixty characters is the longest name.
    await save(manager, { name: 'x'.repeat(60), search: {} });
  });

  it('need a signed-in member and the CSRF token', async () => {
    expect((await t.app.inject(LIST)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: PATH, payload: { list: 'orders', name: 'x', search: {} } })).statusCode).toBe(401);
    const support = await signedInStaff(t, 'support');
    const before = await stored();
    const noToken = await support.call('POST', PATH, { list: 'orders', name: 'x', search: {} }, { 'x-csrf-token': 'wrong' });
    expect(noToken.statusCode).toBe(403);
    expect(await stored()).toBe(before);
  });
});
