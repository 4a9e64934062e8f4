import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  OfflineOrder,
  RECEIPT_APPROVAL_ABOVE,
  ReceiptImportRefused,
  StaffReceipt,
  StaffReceiptEntered,
  StaffReceiptImported,
  StaffReceiptPage,
  type StaffRole,
} from '@attar/contract';
import { useTestApp } from '../test/app';
import { signedInShopper } from '../test/shoppers';
import { signedInStaff } from '../test/staff';
import { claimCodeHash } from './receipts';

const t = useTestApp();
let serial = 0;
/** A receipt number no other test uses. */
const fresh = (prefix = 'KR') => `${prefix}-${Date.now() % 1_000_000}-${++serial}`;
const receiptCount = async () => (await t.db.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM offline_orders`))[0]!.n;
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString();
/** The shop's claim codes: XXXXX-XXXXX from an alphabet without look-alikes. */
const SHOP_CODE = /^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/;

describe('in-store receipts in the back office', () => {
  it('are entered and listed by owners and managers only, each with a claim code the shop makes', async () => {
    for (const role of ['fulfilment', 'support'] as StaffRole[]) {
      const staff = await signedInStaff(t, role);
      expect((await staff.get('/api/staff/receipts/')).statusCode).toBe(403);
      expect((await staff.post('/api/staff/receipts/', {})).statusCode).toBe(403);
      expect((await staff.post('/api/staff/receipts/import/', { csv: 'x' })).statusCode).toBe(403);
    }
    expect((await t.app.inject('/api/staff/receipts/')).statusCode).toBe(401);
    const before = await receiptCount();
    for (const role of ['owner', 'manager'] as StaffRole[]) {
      const staff = await signedInStaff(t, role);
      const entered = await staff.post('/api/staff/receipts/', {
        number: fresh(),
        purchased_at: yesterday(),
        total: 100,
        // A code chosen by staff is not taken.
        claim_code: 'ABCDE-23456',
      });
      expect(entered.statusCode, role).toBe(201);
      const { claim_code } = StaffReceiptEntered.parse(entered.json());
      expect(claim_code).toMatch(SHOP_CODE);
      expect(claim_code).not.toBe('ABCDE-23456');
      expect((await staff.get('/api/staff/receipts/')).statusCode, role).toBe(200);
    }
    expect(await receiptCount()).toBe(before + 2);
  });

  it('entered by staff, a receipt is claimed by a shopper with its printed code, its points worked out as an order’s', async () => {
    const support = await signedInStaff(t, 'manager');
    const number = fresh('st').toLowerCase();
    const entered = await support.post('/api/staff/receipts/', {
      number,
      purchased_at: '2025-11-20T18:45:00+02:00',
      total: 1234.5,
    });
    expect(entered.statusCode, entered.body).toBe(201);
    const receipt = StaffReceiptEntered.parse(entered.json());
    const code = receipt.claim_code;
    // 1 point per 10 pounds spent (the shop's loyalty rate), rounded down, as a delivered order earns.
    expect(receipt).toMatchObject({ number: number.toUpperCase(), total: 1234.5, points: 123, claimed_at: null, claimed_by: null });
    expect(receipt.entered_by).toEqual({ id: support.id, name: 'Test manager' });
    expect(receipt).toMatchObject({ awaiting_approval: false, approved_by: null });
    expect(new Date(receipt.purchased_at).toISOString()).toBe('2025-11-20T16:45:00.000Z');
    const [stored] = await t.db.database.rows<{ claim_code_hash: string }>(
      sql`SELECT claim_code_hash FROM offline_orders WHERE id = ${receipt.id}`,
    );
    expect(stored!.claim_code_hash).toBe(claimCodeHash(number, code));
    expect(stored!.claim_code_hash).not.toContain(code.slice(0, 5));

    const shopper = await signedInShopper(t.app);
    const query = `number=${number}&claim_code=${code}`;
    expect(OfflineOrder.parse((await shopper.get(`/api/offline-order/order_number/?${query}`)).json())).toMatchObject({
      points: 123,
      claimed: false,
      created_at: expect.stringMatching(/^2025-11-20T16:45:00/),
    });
    const claimed = await shopper.post('/api/offline-order/claim/', { number, claim_code: code.replace('-', '').toLowerCase() });
    expect(claimed.statusCode).toBe(200);
    expect(((await shopper.get('/api/users/points/')).json() as { points: number }).points).toBe(123);

    const listed = StaffReceiptPage.parse((await support.get(`/api/staff/receipts/?q=${number}&state=claimed`)).json());
    expect(listed.results).toEqual([
      expect.objectContaining({
        id: receipt.id,
        claimed_by: { id: shopper.user.id, name: shopper.user.name },
        claimed_at: expect.any(String),
      }),
    ]);
    expect(StaffReceiptPage.parse((await support.get(`/api/staff/receipts/?q=${number}&state=unclaimed`)).json()).results).toEqual([]);
  });

  it('works points out by the shop’s loyalty rate of the day, and keeps what it promised', async () => {
    const manager = await signedInStaff(t, 'manager');
    const enter = async () =>
      StaffReceipt.parse(
        (
          await manager.post('/api/staff/receipts/', {
            number: fresh(),
            purchased_at: yesterday(),
            total: 1234.5,
          })
        ).json(),
      );
    await t.db.database.rows(sql`UPDATE site_config SET piastres_per_point = 500 WHERE id = 1`);
    try {
      const doubled = await enter();
      expect(doubled.points).toBe(246);
      await t.db.database.rows(sql`UPDATE site_config SET piastres_per_point = 1000 WHERE id = 1`);
      expect((await enter()).points).toBe(123);
      const [kept] = await t.db.database.rows<{ points: number }>(sql`SELECT points FROM offline_orders WHERE id = ${doubled.id}`);
      expect(kept!.points).toBe(246);
    } finally {
      await t.db.database.rows(sql`UPDATE site_config SET piastres_per_point = 1000 WHERE id = 1`);
    }
  });

  it('refuses bad input and a number entered before, in the caller’s language, saving nothing', async () => {
    const manager = await signedInStaff(t, 'manager');
    const number = fresh();
    const good = { number, purchased_at: yesterday(), total: 99.99 };
    expect((await manager.post('/api/staff/receipts/', good)).statusCode).toBe(201);
    const before = await receiptCount();
    const taken = await manager.call(
      'POST',
      '/api/staff/receipts/',
      { ...good, number: number.toLowerCase() },
      { 'accept-language': 'ar' },
    );
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ number: ['تم إدخال إيصال بهذا الرقم من قبل.'] });
    const future = await manager.post('/api/staff/receipts/', {
      ...good,
      number: fresh(),
      purchased_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(future.json()).toEqual({ purchased_at: ['The sale cannot be in the future.'] });
    for (const bad of [
      { ...good, number: fresh(), total: -1 },
      { ...good, number: fresh(), total: 10.001 },
      { ...good, number: 'has space' },
      { ...good, number: '' },
      { ...good, number: fresh(), purchased_at: '2025-11-20 18:45' },
      { number: fresh(), total: 5 },
    ]) {
      expect((await manager.post('/api/staff/receipts/', bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await receiptCount()).toBe(before);
  });

  it('imports the till’s CSV all or nothing, naming each line at fault', async () => {
    const owner = await signedInStaff(t, 'owner');
    const taken = fresh();
    await owner.post('/api/staff/receipts/', { number: taken, purchased_at: yesterday(), total: 10 });
    const [a, b, c] = [fresh(), fresh(), fresh()];
    const before = await receiptCount();
    const importing = (csv: string, lang = 'en') => owner.call('POST', '/api/staff/receipts/import/', { csv }, { 'accept-language': lang });

    const bad = [
      'Number,Date,Total,Claim_Code',
      `${a},2025-11-20 10:15,250.00,AAAAA-BBBBB`,
      `${a},2025-11-20 10:16,10,CCCCC-DDDDD`,
      `${taken},2025-11-20 10:17,10,EEEEE-FFFFF`,
      `${b},2025-02-30 10:00,abc,SHORT`,
      `${c},2099-01-01 10:00,10,GGGGG-HHHHH`,
      'only,three,columns',
    ].join('\r\n');
    const refused = await importing(bad, 'ar');
    expect(refused.statusCode).toBe(400);
    const body = ReceiptImportRefused.parse(refused.json());
    expect(body.detail).toBe('لم يُستورد شيء: صحّح الأسطر المذكورة وحاول مرة أخرى.');
    expect(body.problems.map((p) => [p.line, p.column])).toEqual([
      [3, 'number'],
      [5, 'date'],
      [5, 'total'],
      [7, null],
    ]);
    expect(body.problems[0]!.message).toBe('هذا الرقم موجود أيضًا في السطر ٢.');
    expect(await receiptCount()).toBe(before);

    // Once the file's own lines are right, what the database knows is checked: a number entered before, a future sale.
    const second = await importing(
      ['number,date,total,claim code', `${taken},2025-11-20 10:17,10,EEEEE-FFFFF`, `${c},2099-01-01 10:00,10,GGGGG-HHHHH`].join('\n'),
    );
    expect(ReceiptImportRefused.parse(second.json()).problems).toEqual([
      { line: 2, column: 'number', message: 'A receipt with this number was already entered.' },
      { line: 3, column: 'date', message: 'The sale cannot be in the future.' },
    ]);
    expect(await receiptCount()).toBe(before);

    const good = [
      '\uFEFFclaim code,total,date,number',
      `"AAAAA-BBBBB",250.00,2025-11-20 10:15,${a}`,
      '',
      `CCCCC-DDDDD,"1999.5",2025-11-20T21:00:00Z,${b.toLowerCase()}`,
    ].join('\r\n');
    const imported = await importing(good);
    expect(imported.statusCode, imported.body).toBe(201);
    const answer = StaffReceiptImported.parse(imported.json());
    // The till's codes in the file are not taken: the shop makes each one, answered to be printed.
    expect(answer).toEqual({
      imported: 2,
      receipts: [
        { number: a, claim_code: expect.stringMatching(SHOP_CODE) },
        { number: b, claim_code: expect.stringMatching(SHOP_CODE) },
      ],
    });
    const rows = await t.db.database.rows<{
      order_number: string;
      total_piastres: number;
      points: number;
      purchased_at: Date;
      staff_id: number;
    }>(sql`
      SELECT order_number, total_piastres, points, purchased_at, staff_id FROM offline_orders
      WHERE order_number IN (${a}, ${b}) ORDER BY order_number`);
    expect(rows.map((r) => [r.order_number, r.total_piastres, r.points, new Date(r.purchased_at).toISOString(), r.staff_id])).toEqual([
      [a, 25_000, 25, '2025-11-20T08:15:00.000Z', owner.id],
      [b, 199_950, 199, '2025-11-20T21:00:00.000Z', owner.id],
    ]);
    const shopper = await signedInShopper(t.app);
    expect((await shopper.post('/api/offline-order/claim/', { number: b, claim_code: 'CCCCCDDDDD' })).statusCode).toBe(404);
    expect((await shopper.post('/api/offline-order/claim/', { number: b, claim_code: answer.receipts[1]!.claim_code })).statusCode).toBe(
      200,
    );

    // The same file again: every number is taken now.
    const repeat = ReceiptImportRefused.parse((await importing(good)).json());
    expect(repeat.problems.map((p) => p.line)).toEqual([2, 4]);

    for (const csv of [
      'number,date,total',
      'number,date,claim code\nA-1,2025-11-20 10:00,AAAAA-BBBBB',
      'number,date,total,claim code\n',
      'number,date,total,claim code\n"unclosed,2025-11-20 10:00,1,AAAAA-BBBBB',
    ]) {
      const answer = await importing(csv);
      expect(answer.statusCode, csv).toBe(400);
      expect(ReceiptImportRefused.parse(answer.json()).problems[0]!.line).toBe(1);
    }
    expect((await owner.post('/api/staff/receipts/import/', { csv: '' })).statusCode).toBe(400);
    expect((await owner.post('/api/staff/receipts/import/', {})).statusCode).toBe(400);
    expect(await receiptCount()).toBe(before + 2);
  });

  it(`waits above ${RECEIPT_APPROVAL_ABOVE} LE for a second owner or manager, never the one who entered it`, async () => {
    const manager = await signedInStaff(t, 'manager');
    const owner = await signedInStaff(t, 'owner');
    const support = await signedInStaff(t, 'support');
    const enter = async (total: number) =>
      StaffReceiptEntered.parse((await manager.post('/api/staff/receipts/', { number: fresh(), purchased_at: yesterday(), total })).json());
    const atLimit = await enter(RECEIPT_APPROVAL_ABOVE);
    expect(atLimit.awaiting_approval).toBe(false);
    const large = await enter(RECEIPT_APPROVAL_ABOVE + 0.01);
    expect(large).toMatchObject({ awaiting_approval: true, approved_by: null, approved_at: null });

    const shopper = await signedInShopper(t.app);
    const claim = (receipt: StaffReceiptEntered, who = shopper) =>
      who.post('/api/offline-order/claim/', { number: receipt.number, claim_code: receipt.claim_code });
    const waiting = await claim(large);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toMatchObject({ code: 'receipt_awaiting_approval' });

    const approve = (who: typeof owner, id: number) => who.post(`/api/staff/receipts/${id}/approve/`);
    expect((await approve(manager, large.id)).json()).toMatchObject({ code: 'own_receipt' });
    expect((await approve(manager, large.id)).statusCode).toBe(403);
    expect((await approve(support, large.id)).json()).toMatchObject({ code: 'permission_denied' });
    expect((await approve(owner, atLimit.id)).statusCode).toBe(409);
    const approved = await approve(owner, large.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(StaffReceipt.parse(approved.json())).toMatchObject({
      awaiting_approval: false,
      approved_by: { id: owner.id, name: 'Test owner' },
      approved_at: expect.any(String),
    });
    expect((await approve(owner, large.id)).json()).toMatchObject({ code: 'approval_not_needed' });
    expect((await owner.post('/api/staff/receipts/2147483647/approve/')).statusCode).toBe(404);
    expect((await claim(large)).statusCode).toBe(200);
    // The table itself refuses an approval by the member who entered it.
    await expect(
      t.db.database.rows(sql`UPDATE offline_orders SET approved_by = staff_id, approved_at = now() WHERE id = ${atLimit.id}`),
    ).rejects.toThrow();
  });

  it('refuses the points of a receipt to the shopper account of the member who entered it', async () => {
    const manager = await signedInStaff(t, 'manager');
    const receipt = StaffReceiptEntered.parse(
      (await manager.post('/api/staff/receipts/', { number: fresh(), purchased_at: yesterday(), total: 900 })).json(),
    );
    const own = await signedInShopper(t.app);
    // Staff and shoppers are apart, tied by the e-mail address (decision 0034).
    await t.db.database.rows(sql`UPDATE users SET email = ${manager.email} WHERE id = ${own.user.id}`);
    const body = { number: receipt.number, claim_code: receipt.claim_code };
    const refused = await own.post('/api/offline-order/claim/', body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'own_receipt' });
    expect(((await own.get('/api/users/points/')).json() as { points: number }).points).toBe(0);
    const other = await signedInShopper(t.app);
    expect((await other.post('/api/offline-order/claim/', body)).statusCode).toBe(200);
  });
});
