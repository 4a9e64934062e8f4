import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEntry, StaffRole } from '@attar/contract';
import { ar } from '../messages/ar';
import { en } from '../messages/en';
import { isolateScreenTests, json, openScreen, standInApi } from '../test/screen';

const nadia = { id: 1, name: 'Nadia', email: 'owner@attar.test' };
const refund: AuditEntry = {
  id: 3,
  at: '2026-11-28T09:00:00Z',
  staff: nadia,
  action: 'order.refund',
  entity: 'order',
  entity_id: '12',
  before: { refunded_piastres: 0 },
  after: { refunded_piastres: 27_500, amount_piastres: 27_500, reason: 'One bottle arrived broken' },
};
const pageSaved: AuditEntry = {
  id: 2,
  at: '2026-11-27T09:00:00Z',
  staff: nadia,
  action: 'info_page.save',
  entity: 'info_page',
  entity_id: 'about',
  before: { body_en: 'Old words.' },
  after: { body_en: `Attar began in Cairo. ${'Every bottle is checked by hand before it leaves. '.repeat(6)}` },
};
const legacy: AuditEntry = { ...pageSaved, id: 1, action: 'order.legacy_step', before: null, after: { kept: true } };

/** The API as the screen sees it: three entries (any filter answers them), and the calls it received. */
function fakeApi(role: StaffRole) {
  const calls = standInApi(role, ({ url }) => {
    if (url.pathname === '/api/staff/audit/')
      return json(200, { count: 3, next: null, previous: null, results: [refund, pageSaved, legacy] });
    if (url.pathname === '/api/staff/members/')
      return json(200, { results: [{ ...nadia, role: 'owner', totp_enabled: true, is_active: true, created_at: '2026-11-01T10:00:00Z' }] });
  });
  return { auditCalls: () => calls.filter((call) => call.url.pathname === '/api/staff/audit/').map((call) => call.path) };
}

isolateScreenTests();

/** The table row showing `text`, once the entries have come (the filter's list shows the same words at once). */
const rowOf = (text: string) =>
  waitFor(() => {
    const row = screen
      .getAllByText(text)
      .map((element) => element.closest('tr'))
      .find((found) => found !== null);
    if (!row) throw new Error(`no row shows ${text}`);
    return row;
  });

describe('the audit log', () => {
  it('names actions and fields in words, amounts as money, and cuts long texts short', async () => {
    fakeApi('owner');
    openScreen('en', '/admin/audit');
    const row = await rowOf(en['audit_order.refund']);
    expect(within(row).getByText(en.historyField_amountRefunded)).toBeTruthy();
    expect(row.textContent).toContain('275.00');
    expect(row.textContent).toContain('One bottle arrived broken');
    expect(row.textContent).not.toContain('amount_piastres');

    const page = await rowOf(en['audit_info_page.save']);
    expect(within(page).getByText(en.showAll, { exact: false })).toBeTruthy();
    // An action the shop no longer records is shown as it was written.
    expect(await screen.findByText('order.legacy_step')).toBeTruthy();
  });

  it('filters by an action chosen from a list in words', async () => {
    const api = fakeApi('owner');
    openScreen('en', '/admin/audit');
    await rowOf(en['audit_order.refund']);
    const filters = screen.getByRole('search', { name: en.filters });
    // The form starts afresh once the staff list has come: choose after it.
    await within(filters).findByRole('option', { name: 'Nadia' });
    await userEvent.selectOptions(within(filters).getByLabelText(en.auditWhat), en['audit_order.refund']);
    await userEvent.click(within(filters).getByRole('button', { name: en.filter }));
    await waitFor(() => expect(api.auditCalls().at(-1)).toContain('action=order.refund'));
  });

  it('keeps an id typed in the address, though the address reads it as a number', async () => {
    const api = fakeApi('owner');
    openScreen('en', '/admin/audit?entity=order&entity_id=12');
    await rowOf(en['audit_order.refund']);
    expect(api.auditCalls()[0]).toContain('entity_id=12');
    expect(screen.getByLabelText(en.auditEntityId)).toHaveProperty('value', '12');
  });

  it('reads in Arabic, right to left', async () => {
    fakeApi('owner');
    openScreen('ar', '/admin/audit');
    expect(await rowOf(ar['audit_order.refund'])).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('is the owner’s only', async () => {
    const api = fakeApi('manager');
    openScreen('en', '/admin/audit');
    expect(await screen.findByText(en.noAccess)).toBeTruthy();
    expect(api.auditCalls()).toEqual([]);
  });
});
