import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { en } from '../messages/en';
import { fill, LANGUAGE_PAIRS, openScreenShowing, type Words } from '../test/screen-kit';
import { isolateScreenTests, json, openScreen, standInApi } from '../test/screen';

const PATH = '/api/staff/password/';
const PASSWORD = 'a long enough pass phrase';

/** The API with nobody signed in: the link's token `good` sets a password, any other has expired. */
function signedOutApi() {
  const calls = standInApi(
    'owner',
    ({ method, url, body }) => {
      if (method !== 'POST' || url.pathname !== PATH) return undefined;
      return (body as { token: string }).token === 'good'
        ? json(204, null)
        : json(400, { detail: 'This link has expired. Ask the owner for a new one.', code: 'link_expired' });
    },
    null,
  );
  return { passwords: () => calls.filter((call) => call.path === PATH).map((call) => call.body) };
}

/** The new password and its repetition, as a person types them; then the button. */
async function choose(words: Words, password: string, repeat: string) {
  await fill(screen.getByLabelText(words.newPassword), password);
  await fill(screen.getByLabelText(words.repeatPassword), repeat);
  await userEvent.click(screen.getByRole('button', { name: words.setPassword }));
}

isolateScreenTests();

describe('setting a password from a one-time link', () => {
  it.each(LANGUAGE_PAIRS)('checks the password twice, sets it and sends the member to sign in (%s)', async (locale, words) => {
    const api = signedOutApi();
    await openScreenShowing(locale, '/admin/set-password?token=good', words.setPasswordTitle);

    await choose(words, 'too short', 'too short');
    expect(await screen.findByText(words.errorPasswordLength)).toBeTruthy();
    await userEvent.clear(screen.getByLabelText(words.newPassword));
    await userEvent.clear(screen.getByLabelText(words.repeatPassword));
    await choose(words, PASSWORD, `${PASSWORD}!`);
    expect(await screen.findByText(words.passwordsDiffer)).toBeTruthy();
    expect(screen.getByLabelText(words.repeatPassword).getAttribute('aria-invalid')).toBe('true');
    expect(api.passwords()).toEqual([]);

    await userEvent.clear(screen.getByLabelText(words.repeatPassword));
    await fill(screen.getByLabelText(words.repeatPassword), PASSWORD);
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: words.signInTitle })).toBeTruthy();
    expect(screen.getByText(words.passwordSet)).toBeTruthy();
    expect(api.passwords()).toEqual([{ token: 'good', password: PASSWORD }]);
  });

  it('says why an expired link set nothing, and stays', async () => {
    const api = signedOutApi();
    openScreen('en', '/admin/set-password?token=old');
    await screen.findByRole('heading', { name: en.setPasswordTitle });
    await choose(en, PASSWORD, PASSWORD);
    expect(await screen.findByText('This link has expired. Ask the owner for a new one.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: en.setPasswordTitle })).toBeTruthy();
    expect(api.passwords()).toEqual([{ token: 'old', password: PASSWORD }]);
  });

  it.each(LANGUAGE_PAIRS)('says a link without its token is incomplete, offering no form (%s)', async (locale, words) => {
    signedOutApi();
    openScreen(locale, '/admin/set-password');
    expect(await screen.findByText(words.linkMissing)).toBeTruthy();
    expect(screen.queryByLabelText(words.newPassword)).toBeNull();
  });
});
