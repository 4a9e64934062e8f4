import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffSession, StaffSignIn } from '@attar/contract';
import { en } from '../messages/en';
import { emptyBoard } from '../test/orders';
import { LANGUAGE_PAIRS, openScreenShowing } from '../test/screen-kit';
import { isolateScreenTests, json, openScreen, staffSession, standInApi } from '../test/screen';

const PATH = '/api/staff/session/';

/**
 * The API with nobody signed in: a sign-in with the right password asks for the authenticator's code, refuses a wrong
 * one, and opens `opened` with the right one (123456). Returns the sign-ins it received.
 */
function signedOutApi(opened: StaffSession = staffSession('owner')) {
  const calls = standInApi(
    'owner',
    ({ method, url, body }) => {
      if (url.pathname === '/api/staff/orders/') return json(200, emptyBoard);
      if (method !== 'POST' || url.pathname !== PATH) return undefined;
      const { password, totp } = body as StaffSignIn;
      if (password !== 'right horse battery')
        return json(400, { detail: 'That e-mail and password do not match.', code: 'invalid_credentials' });
      if (!totp) return json(400, { detail: 'Enter the 6-digit code.', code: 'totp_required' });
      if (totp !== '123456') return json(400, { detail: 'That code is not right, or was already used.', code: 'totp_invalid' });
      return json(200, opened);
    },
    null,
  );
  return { signIns: () => calls.filter((call) => call.method === 'POST').map((call) => call.body) };
}

isolateScreenTests();

describe('signing in', () => {
  it.each(LANGUAGE_PAIRS)('checks the form, then says in words why a sign-in was refused (%s)', async (locale, words) => {
    const api = signedOutApi();
    await openScreenShowing(locale, '/admin/orders', words.signInTitle);
    expect(screen.getByLabelText(words.email).getAttribute('dir')).toBe('ltr');
    expect(screen.queryByLabelText(words.totpCode)).toBeNull();

    await userEvent.type(screen.getByLabelText(words.email), 'nadia@attar');
    await userEvent.click(screen.getByRole('button', { name: words.signIn }));
    expect(await screen.findByText(words.errorEmail)).toBeTruthy();
    expect(screen.getByText(words.errorRequired)).toBeTruthy();
    expect(api.signIns()).toEqual([]);

    await userEvent.type(screen.getByLabelText(words.email), '.test');
    await userEvent.type(screen.getByLabelText(words.password), 'wrong horse');
    await userEvent.click(screen.getByRole('button', { name: words.signIn }));
    expect(await screen.findByText('That e-mail and password do not match.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: words.signInTitle })).toBeTruthy();
    expect(api.signIns()).toEqual([{ email: 'nadia@attar.test', password: 'wrong horse' }]);
  });

  it.each(LANGUAGE_PAIRS)('asks for the authenticator’s code when the account has it, then opens the board (%s)', async (locale, words) => {
    const api = signedOutApi();
    openScreen(locale, '/admin/sign-in');
    await userEvent.type(await screen.findByLabelText(words.email), 'nadia@attar.test');
    await userEvent.type(screen.getByLabelText(words.password), 'right horse battery');
    await userEvent.click(screen.getByRole('button', { name: words.signIn }));
    const code = await screen.findByLabelText(words.totpCode);
    await waitFor(() => expect(document.activeElement).toBe(code));
    // Asking for the code is no failure: nothing is said but the field.
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.type(code, '12345');
    await userEvent.click(screen.getByRole('button', { name: words.signIn }));
    expect(await screen.findByText(words.errorTotp)).toBeTruthy();
    await userEvent.type(code, '9');
    await userEvent.click(screen.getByRole('button', { name: words.signIn }));
    expect(await screen.findByText('That code is not right, or was already used.')).toBeTruthy();
    expect((code as HTMLInputElement).value).toBe('');

    await userEvent.type(code, '123456');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: words.ordersTitle })).toBeTruthy();
    expect(api.signIns()).toEqual([
      { email: 'nadia@attar.test', password: 'right horse battery' },
      { email: 'nadia@attar.test', password: 'right horse battery', totp: '123459' },
      { email: 'nadia@attar.test', password: 'right horse battery', totp: '123456' },
    ]);
  });

  it('sends a member who must turn on two-step sign-in there first', async () => {
    const owner = staffSession('owner');
    signedOutApi({ ...owner, staff: { ...owner.staff, totp_enabled: false }, must_enrol_totp: true });
    openScreen('en', '/admin/sign-in');
    await userEvent.type(await screen.findByLabelText(en.email), 'nadia@attar.test');
    await userEvent.type(screen.getByLabelText(en.password), 'right horse battery');
    await userEvent.click(screen.getByRole('button', { name: en.signIn }));
    await userEvent.type(await screen.findByLabelText(en.totpCode), '123456');
    await userEvent.click(screen.getByRole('button', { name: en.signIn }));
    expect(await screen.findByRole('heading', { name: en.twoStepTitle })).toBeTruthy();
    expect(screen.getByText(en.twoStepRequired)).toBeTruthy();
  });

  it.each(LANGUAGE_PAIRS)('says the password is set when a password link led here (%s)', async (locale, words) => {
    signedOutApi();
    openScreen(locale, '/admin/sign-in?done=password-set');
    expect(await screen.findByText(words.passwordSet)).toBeTruthy();
  });

  it('takes a member already signed in straight to the board', async () => {
    standInApi('support', ({ url }) => (url.pathname === '/api/staff/orders/' ? json(200, emptyBoard) : undefined));
    openScreen('en', '/admin/sign-in');
    expect(await screen.findByRole('heading', { name: en.ordersTitle })).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.signIn })).toBeNull();
  });
});
