import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffRole, StaffSynonym } from '@attar/contract';
import { ar } from '../messages/ar';
import { en } from '../messages/en';
import { CSRF, isolateScreenTests, json, openScreen, standInApi } from '../test/screen';

const PATH = '/api/staff/search/synonyms/';
const AT = '2026-11-28T10:00:00Z';

/** The API as the screen sees it: the entries (as the API normalises them), and the calls it received. */
function fakeApi(role: StaffRole) {
  let entries: StaffSynonym[] = [{ id: 1, kind: 'replacement', word: 'بارفان', replacement: ['عطر'], updated_at: AT }];
  let nextId = 2;
  const calls = standInApi(role, ({ method, url, body }) => {
    const sent = body as { words: string[]; word: string; replacement: string[] };
    if (method === 'GET' && url.pathname === PATH) return json(200, entries);
    if (method === 'POST' && url.pathname === PATH) {
      if (sent.words.includes('oud')) return json(400, { words: ['“oud” is already in another synonym entry.'] });
      const created: StaffSynonym = { id: nextId++, kind: 'group', words: sent.words.map((word) => word.toLowerCase()), updated_at: AT };
      entries = [...entries, created];
      return json(201, created);
    }
    const id = Number(url.pathname.slice(PATH.length).replace('/', ''));
    if (method === 'PUT') {
      const changed: StaffSynonym = { id, kind: 'replacement', word: sent.word, replacement: sent.replacement, updated_at: AT };
      entries = entries.map((entry) => (entry.id === id ? changed : entry));
      return json(200, changed);
    }
    if (method === 'DELETE') {
      entries = entries.filter((entry) => entry.id !== id);
      return json(204, null);
    }
  });
  return { calls, synonymCalls: () => calls.filter((call) => call.path.startsWith(PATH)) };
}

isolateScreenTests();

describe('the synonyms screen', () => {
  it('checks the words before sending and shows the API’s refusal under the field', async () => {
    const api = fakeApi('manager');
    openScreen('en', '/admin/catalogue/synonyms');
    expect(await screen.findByRole('heading', { name: en.synonymsTitle })).toBeTruthy();
    expect(screen.getByRole('link', { name: en.navSynonyms })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: en.addSynonymGroup }));
    const words = screen.getByLabelText(en.synonymWords);
    await userEvent.type(words, 'scent');
    await userEvent.click(screen.getByRole('button', { name: en.create }));
    expect(await screen.findByText(en.errorSynonymWords)).toBeTruthy();
    expect(api.synonymCalls().some((call) => call.method === 'POST')).toBe(false);

    await userEvent.type(words, ', oud');
    await userEvent.click(screen.getByRole('button', { name: en.create }));
    expect(await screen.findByText('“oud” is already in another synonym entry.')).toBeTruthy();
  });

  it('adds a group of English and Arabic words, separated by either comma', async () => {
    const api = fakeApi('owner');
    openScreen('en', '/admin/catalogue/synonyms');
    await userEvent.click(await screen.findByRole('button', { name: en.addSynonymGroup }));
    await userEvent.type(screen.getByLabelText(en.synonymWords), 'Scent, perfume، عطر');
    await userEvent.click(screen.getByRole('button', { name: en.create }));
    expect(await screen.findByRole('button', { name: 'Edit scent, perfume, عطر' })).toBeTruthy();
    expect(api.synonymCalls().find((call) => call.method === 'POST')).toMatchObject({
      body: { kind: 'group', words: ['Scent', 'perfume', 'عطر'] },
      headers: expect.objectContaining({ 'X-CSRF-Token': CSRF }),
    });
    expect(screen.getByRole('status').textContent).toContain('Saved: scent, perfume, عطر.');
  });

  it('edits a replacement and deletes it', async () => {
    const api = fakeApi('manager');
    openScreen('en', '/admin/catalogue/synonyms');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit بارفان → عطر' }));
    const readAs = screen.getByLabelText(en.columnReadAs);
    expect((readAs as HTMLInputElement).value).toBe('عطر');
    await userEvent.type(readAs, '  فرنسي');
    await userEvent.click(screen.getByRole('button', { name: en.save }));
    expect(await screen.findByRole('button', { name: 'Edit بارفان → عطر فرنسي' })).toBeTruthy();
    expect(api.synonymCalls().find((call) => call.method === 'PUT')).toMatchObject({
      path: `${PATH}1/`,
      body: { kind: 'replacement', word: 'بارفان', replacement: ['عطر', 'فرنسي'] },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Delete بارفان → عطر فرنسي' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: en.deleteLabel }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete بارفان → عطر فرنسي' })).toBeNull());
    expect(api.synonymCalls().find((call) => call.method === 'DELETE')?.path).toBe(`${PATH}1/`);
  });

  it('reads right to left in Arabic, each word isolated', async () => {
    fakeApi('owner');
    openScreen('ar', '/admin/catalogue/synonyms');
    expect(await screen.findByRole('heading', { name: ar.synonymsTitle })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    const row = (await screen.findAllByTestId('synonym-row'))[0]!;
    expect(within(row).getByText('بارفان').tagName).toBe('BDI');
    expect(within(row).getByRole('button', { name: 'تعديل بارفان ← عطر' })).toBeTruthy();
    expect(screen.getByRole('button', { name: ar.addSynonymGroup })).toBeTruthy();
  });

  it('is neither linked nor loaded for a role that may not edit the catalogue', async () => {
    const api = fakeApi('support');
    openScreen('en', '/admin/catalogue/synonyms');
    expect(await screen.findByText(en.noAccess)).toBeTruthy();
    expect(screen.queryByRole('link', { name: en.navSynonyms })).toBeNull();
    expect(api.synonymCalls()).toEqual([]);
  });
});
