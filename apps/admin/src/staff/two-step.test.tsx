import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffRole, StaffSession } from '@attar/contract';
import { en } from '../messages/en';
import { LANGUAGE_PAIRS, openScreenShowing } from '../test/screen-kit';
import { CSRF, isolateScreenTests, json, openScreen, staffSession, standInApi } from '../test/screen';

const SECRET = 'JBSWY3DPEHPK3PXP';

/** `role`'s session without two-step sign-in (`required`: it must be turned on before anything else). */
function withoutTwoStep(role: StaffRole, required: boolean): StaffSession {
  const session = staffSession(role);
  return { ...session, staff: { ...session.staff, totp_enabled: false }, must_enrol_totp: required };
}

/** The API as the page sees it: a new key to enrol, and the code 123456 (only) confirming it. */
function fakeApi(session: StaffSession) {
  const calls = standInApi(
    session.staff.role,
    ({ method, url, body }) => {
      if (method === 'POST' && url.pathname === '/api/staff/totp/')
        return json(201, { secret: SECRET, otpauth_url: `otpauth://totp/Attar:nadia?secret=${SECRET}&issuer=Attar` });
      if (method === 'POST' && url.pathname === '/api/staff/totp/confirm/')
        return (body as { code: string }).code === '123456'
          ? json(204, null)
          : json(400, { detail: 'That code is not right, or was already used.', code: 'totp_invalid' });
    },
    session,
  );
  return { writes: () => calls.filter((call) => call.method === 'POST') };
}

isolateScreenTests();

describe('turning on two-step sign-in', () => {
  it.each(LANGUAGE_PAIRS)('shows the key as a QR code and in groups, and turns it on with a right code (%s)', async (locale, words) => {
    const api = fakeApi(withoutTwoStep('manager', true));
    // A member who must turn it on is brought here from any screen.
    await openScreenShowing(locale, '/admin/orders', words.twoStepTitle);
    expect(screen.getByText(words.twoStepRequired)).toBeTruthy();
    expect(api.writes()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: words.twoStepStart }));
    expect(await screen.findByRole('img', { name: words.twoStepQr })).toBeTruthy();
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP');
    expect(screen.getByTestId('totp-secret').getAttribute('dir')).toBe('ltr');

    const code = screen.getByLabelText(words.totpCode);
    await userEvent.type(code, '12a');
    await userEvent.click(screen.getByRole('button', { name: words.twoStepConfirm }));
    expect(await screen.findByText(words.errorTotp)).toBeTruthy();
    await userEvent.clear(code);
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: words.twoStepConfirm }));
    expect(await screen.findByText('That code is not right, or was already used.')).toBeTruthy();
    expect(screen.queryByText(words.twoStepDone)).toBeNull();

    await userEvent.clear(code);
    await userEvent.type(code, '123456{Enter}');
    expect(await screen.findByText(words.twoStepDone)).toBeTruthy();
    expect(screen.getByRole('link', { name: words.backToOrders }).getAttribute('href')).toBe('/admin/orders');
    await waitFor(() =>
      expect(api.writes().map((call) => [call.path, call.body])).toEqual([
        ['/api/staff/totp/', undefined],
        ['/api/staff/totp/confirm/', { code: '654321' }],
        ['/api/staff/totp/confirm/', { code: '123456' }],
      ]),
    );
    expect(api.writes().every((call) => call.headers['X-CSRF-Token'] === CSRF)).toBe(true);
  });

  it('is offered to every role, from the menu, without insisting', async () => {
    fakeApi(withoutTwoStep('fulfilment', false));
    openScreen('en', '/admin/account/two-step');
    expect(await screen.findByRole('button', { name: en.twoStepStart })).toBeTruthy();
    expect(screen.getByRole('link', { name: en.navTwoStep }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByText(en.twoStepRequired)).toBeNull();
  });

  it.each(LANGUAGE_PAIRS)('says so when it is already on, offering nothing to turn on (%s)', async (locale, words) => {
    const api = fakeApi(staffSession('support'));
    openScreen(locale, '/admin/account/two-step');
    expect(await screen.findByText(words.twoStepOn)).toBeTruthy();
    expect(screen.queryByRole('button', { name: words.twoStepStart })).toBeNull();
    expect(api.writes()).toEqual([]);
  });
});
