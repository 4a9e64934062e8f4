import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffMember, StaffRole } from '@attar/contract';
import { ar } from '../messages/ar';
import { en } from '../messages/en';
import { CSRF, isolateScreenTests, json, openScreen, standInApi } from '../test/screen';
import { LANGUAGES } from '../test/screen-kit';

const PATH = '/api/staff/members/';

/** The API as the screen sees it: two members (the owner signed in, and Karim in fulfilment), and the calls received. */
function fakeApi(role: StaffRole) {
  let members: StaffMember[] = [
    {
      id: 1,
      email: 'owner@attar.test',
      name: 'Nadia',
      role: 'owner',
      totp_enabled: true,
      is_active: true,
      created_at: '2026-11-01T10:00:00Z',
    },
    {
      id: 2,
      email: 'karim@attar.test',
      name: 'Karim',
      role: 'fulfilment',
      totp_enabled: false,
      is_active: true,
      created_at: '2026-11-02T10:00:00Z',
    },
  ];
  const calls = standInApi(role, ({ method, url, body }) => {
    if (method === 'GET' && url.pathname === PATH) return json(200, { results: members });
    if (method === 'PATCH' && url.pathname === `${PATH}2/`) {
      members = members.map((member) => (member.id === 2 ? { ...member, ...(body as Partial<StaffMember>) } : member));
      return json(200, members[1]);
    }
  });
  return { patches: () => calls.filter((call) => call.method === 'PATCH') };
}

isolateScreenTests();

const karimsRow = async () => (await screen.findByText('karim@attar.test')).closest('tr')!;

describe('the staff screen', () => {
  it('says what a new role means and changes it only when confirmed', async () => {
    const api = fakeApi('owner');
    openScreen('en', '/admin/staff');
    const row = await karimsRow();
    await userEvent.selectOptions(within(row).getByLabelText('Role of Karim'), 'manager');
    let dialog = await screen.findByRole('dialog', { name: 'Make Karim Manager?' });
    await userEvent.click(within(dialog).getByRole('button', { name: en.keepAsIs }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.patches()).toEqual([]);
    expect((within(row).getByLabelText('Role of Karim') as HTMLSelectElement).value).toBe('fulfilment');

    await userEvent.selectOptions(within(row).getByLabelText('Role of Karim'), 'manager');
    dialog = await screen.findByRole('dialog', { name: 'Make Karim Manager?' });
    await userEvent.click(within(dialog).getByRole('button', { name: en.changeRole }));
    expect(await screen.findByText('Karim is now Manager.')).toBeTruthy();
    expect(api.patches()).toEqual([
      expect.objectContaining({ path: `${PATH}2/`, body: { role: 'manager' }, headers: expect.objectContaining({ 'X-CSRF-Token': CSRF }) }),
    ]);
  });

  it.each(LANGUAGES)('offers to undo a confirmed change of role, setting the one before back ($locale)', async ({ locale, words, say }) => {
    const api = fakeApi('owner');
    openScreen(locale, '/admin/staff');
    const row = await karimsRow();
    const role = () => (within(row).getByLabelText(say('roleOf', { name: 'Karim' })) as HTMLSelectElement).value;
    await userEvent.selectOptions(within(row).getByLabelText(say('roleOf', { name: 'Karim' })), 'support');
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: words.changeRole }));
    const toast = await screen.findByRole('status');
    await waitFor(() => expect(toast.textContent).toContain(say('roleChanged', { name: 'Karim', role: words.role_support })));
    await waitFor(() => expect(role()).toBe('support'));
    await userEvent.click(within(toast).getByRole('button', { name: words.undo }));
    expect(await within(toast).findByText(words.undone)).toBeTruthy();
    await waitFor(() => expect(role()).toBe('fulfilment'));
    expect(api.patches().map((call) => call.body)).toEqual([{ role: 'support' }, { role: 'fulfilment' }]);
    expect(within(toast).queryByRole('button', { name: words.undo })).toBeNull();
  });

  it('asks before deactivating, saying what it does, and reactivates in one step', async () => {
    const api = fakeApi('owner');
    openScreen('en', '/admin/staff');
    const row = await karimsRow();
    await userEvent.click(within(row).getByRole('button', { name: en.deactivate }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Karim?' });
    expect(dialog.textContent).toContain(en.confirmDeactivateHint.replace('{name}', 'Karim'));
    expect(api.patches()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: en.deactivate }));
    await waitFor(() => expect(api.patches().map((call) => call.body)).toEqual([{ is_active: false }]));
    await userEvent.click(await within(row).findByRole('button', { name: en.reactivate }));
    await waitFor(() => expect(api.patches().map((call) => call.body)).toEqual([{ is_active: false }, { is_active: true }]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes the add-staff dialog with its close button, sending nothing', async () => {
    const api = fakeApi('owner');
    openScreen('en', '/admin/staff');
    await karimsRow();
    await userEvent.click(screen.getByRole('button', { name: en.addStaff }));
    const dialog = await screen.findByRole('dialog', { name: en.addStaff });
    await userEvent.click(within(dialog).getByRole('button', { name: en.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.patches()).toEqual([]);
  });

  it('asks in Arabic, right to left', async () => {
    fakeApi('owner');
    openScreen('ar', '/admin/staff');
    const row = await karimsRow();
    expect(document.documentElement.dir).toBe('rtl');
    await userEvent.click(within(row).getByRole('button', { name: ar.deactivate }));
    expect(await screen.findByRole('dialog', { name: 'إيقاف حساب Karim؟' })).toBeTruthy();
  });

  it('is not shown to a role that may not manage staff', async () => {
    fakeApi('manager');
    openScreen('en', '/admin/staff');
    expect(await screen.findByText(en.noAccess)).toBeTruthy();
    expect(screen.queryByText('karim@attar.test')).toBeNull();
  });
});
