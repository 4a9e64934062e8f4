import { screen, waitFor, within } from '@testing-library/react';
import { dialogButtons, fill, LANGUAGE_PAIRS, openScreenShowing, pageOf, rowWith } from '../test/screen-kit';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { NewsletterIssue, StaffRole, StaffSubscriber } from '@attar/contract';
import { formatDate } from '../lib/format';
import { translator } from '../lib/translate';
import { en } from '../messages/en';
import { CSRF, isolateScreenTests, json, openScreen, standInApi } from '../test/screen';

const PATH = '/api/staff/subscribers/';

const subscribed: StaffSubscriber = {
  id: 1,
  email: 'huda@attar.example',
  locale: 'en',
  created_at: '2026-11-20T10:00:00Z',
  confirmed_at: '2026-11-20T10:05:00Z',
  unsubscribed_at: null,
};
const pending: StaffSubscriber = { ...subscribed, id: 2, email: 'omar@attar.example', locale: 'ar', confirmed_at: null };
const left: StaffSubscriber = { ...subscribed, id: 3, email: 'mona@attar.example', unsubscribed_at: '2026-11-25T08:00:00Z' };

const ISSUE: NewsletterIssue = {
  subject_en: 'New oud arrivals',
  subject_ar: 'وصل العود الجديد',
  body_en: 'Three new ouds are in the shop.',
  body_ar: 'ثلاثة أنواع جديدة من العود في المتجر.',
};

/** The API as the screen sees it: the subscribers (Huda unsubscribes when asked, unless `refuse`), and the calls. */
function fakeApi(role: StaffRole, { subscribers = [subscribed, pending, left], refuse = false } = {}) {
  let shown = subscribers;
  const calls = standInApi(role, ({ method, url, body }) => {
    if (method === 'GET' && url.pathname === PATH) return json(200, pageOf(shown));
    if (method === 'POST' && url.pathname === `${PATH}1/unsubscribe/`) {
      if (refuse) return json(409, { detail: 'This address was already unsubscribed.', code: 'conflict' });
      shown = shown.map((one) => (one.id === 1 ? { ...one, unsubscribed_at: '2026-11-28T09:00:00Z' } : one));
      return json(200, shown[0]);
    }
    if (method === 'POST' && url.pathname === `${PATH}newsletter/`)
      return (body as NewsletterIssue).subject_ar.length > 20
        ? json(400, { subject_ar: ['At most 20 characters here.'] })
        : json(200, { recipients: 1 });
  });
  return {
    listCalls: () => calls.filter((call) => call.url.pathname === PATH).map((call) => call.path),
    writes: () => calls.filter((call) => call.method !== 'GET'),
  };
}

const rowOf = (email: string) => rowWith('subscriber-row', email);

isolateScreenTests();

describe('the newsletter subscribers', () => {
  it.each(LANGUAGE_PAIRS)(
    'lists each address with its language, date and state, and unsubscribes one when confirmed (%s)',
    async (locale, words) => {
      const t = translator(locale);
      const api = fakeApi('manager');
      await openScreenShowing(locale, '/admin/subscribers', words.subscribersTitle);
      expect(await screen.findByText(t('subscribersCount', { count: 3 }))).toBeTruthy();
      expect(screen.getByRole('link', { name: words.exportSubscribers }).getAttribute('href')).toBe(`${PATH}export.csv`);

      const huda = await rowOf('huda@attar.example');
      expect(within(huda).getByText('huda@attar.example').closest('bdi')?.getAttribute('dir')).toBe('ltr');
      expect(within(huda).getByText(words.languageName_en)).toBeTruthy();
      expect(within(huda).getByText(formatDate(locale, subscribed.created_at))).toBeTruthy();
      expect(within(huda).getByText(words.subscriberState_subscribed)).toBeTruthy();
      const omar = await rowOf('omar@attar.example');
      expect(within(omar).getByText(words.languageName_ar)).toBeTruthy();
      expect(within(omar).getByText(words.subscriberState_pending)).toBeTruthy();
      const mona = await rowOf('mona@attar.example');
      expect(within(mona).getByText(t('unsubscribedOn', { date: formatDate(locale, left.unsubscribed_at!) }))).toBeTruthy();
      expect(within(mona).queryByRole('button', { name: words.unsubscribe })).toBeNull();

      await userEvent.click(within(huda).getByRole('button', { name: words.unsubscribe }));
      const dialog = await screen.findByRole('dialog', { name: t('unsubscribeTitle', { email: 'huda@attar.example' }) });
      expect(dialog.textContent).toContain(words.unsubscribeExplain);
      expect(dialogButtons(dialog)).toEqual([words.keepAsIs, words.unsubscribe]);
      expect(api.writes()).toEqual([]);
      await userEvent.click(within(dialog).getByRole('button', { name: words.unsubscribe }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByRole('status').textContent).toContain(t('unsubscribedNotice', { email: 'huda@attar.example' }));
      expect(api.writes()).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: `${PATH}1/unsubscribe/`,
          headers: expect.objectContaining({ 'X-CSRF-Token': CSRF }),
        }),
      ]);
      const after = await rowOf('huda@attar.example');
      expect(await within(after).findByText(t('unsubscribedOn', { date: formatDate(locale, '2026-11-28T09:00:00Z') }))).toBeTruthy();
    },
  );

  it('shows the API’s refusal to unsubscribe in the dialog, the row unchanged', async () => {
    fakeApi('owner', { refuse: true });
    openScreen('en', '/admin/subscribers');
    const huda = await rowOf('huda@attar.example');
    await userEvent.click(within(huda).getByRole('button', { name: en.unsubscribe }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: en.unsubscribe }));
    expect(await within(dialog).findByText('This address was already unsubscribed.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: en.keepAsIs }));
    expect(within(huda).getByText(en.subscriberState_subscribed)).toBeTruthy();
  });

  it.each(LANGUAGE_PAIRS)('says when no subscriber matches, and filters by state and e-mail as they change (%s)', async (locale, words) => {
    const api = fakeApi('owner', { subscribers: [] });
    const router = openScreen(locale, '/admin/subscribers?page=2');
    expect(await screen.findByText(words.noSubscribers)).toBeTruthy();
    const filters = screen.getByRole('search', { name: words.filters });
    await userEvent.selectOptions(within(filters).getByLabelText(words.columnState), words.subscriberState_unsubscribed);
    await waitFor(() => expect(router.state.location.search).toEqual({ state: 'unsubscribed' }));
    await userEvent.type(within(filters).getByLabelText(words.search), 'huda');
    await waitFor(() => expect(api.listCalls().at(-1)).toBe(`${PATH}?state=unsubscribed&q=huda&page_size=25`));
  });

  it.each(LANGUAGE_PAIRS)('sends a newsletter written in both languages, refusals under their fields (%s)', async (locale, words) => {
    const t = translator(locale);
    const api = fakeApi('manager');
    openScreen(locale, '/admin/subscribers');
    await userEvent.click(await screen.findByRole('button', { name: words.writeNewsletter }));
    const dialog = await screen.findByRole('dialog', { name: words.writeNewsletter });
    expect(dialogButtons(dialog)).toEqual([words.keepAsIs, words.sendNewsletter]);
    await userEvent.click(within(dialog).getByRole('button', { name: words.sendNewsletter }));
    expect(await within(dialog).findAllByText(words.errorRequired)).toHaveLength(4);
    expect(api.writes()).toEqual([]);

    await fill(within(dialog).getByLabelText(words.newsletterSubjectEn), ISSUE.subject_en);
    await fill(within(dialog).getByLabelText(words.newsletterBodyEn), ISSUE.body_en);
    await fill(within(dialog).getByLabelText(words.newsletterSubjectAr), `${ISSUE.subject_ar} اليوم فقط`);
    await fill(within(dialog).getByLabelText(words.newsletterBodyAr), ISSUE.body_ar);
    await userEvent.click(within(dialog).getByRole('button', { name: words.sendNewsletter }));
    expect(await within(dialog).findByText('At most 20 characters here.')).toBeTruthy();
    expect(within(dialog).getByLabelText(words.newsletterSubjectAr).getAttribute('aria-invalid')).toBe('true');

    const subject = within(dialog).getByLabelText(words.newsletterSubjectAr);
    await userEvent.clear(subject);
    await fill(subject, ISSUE.subject_ar);
    await userEvent.click(within(dialog).getByRole('button', { name: words.sendNewsletter }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status').textContent).toContain(t('newsletterQueued', { count: 1 }));
    expect(api.writes().map((call) => [call.path, call.body])).toEqual([
      [`${PATH}newsletter/`, { ...ISSUE, subject_ar: `${ISSUE.subject_ar} اليوم فقط` }],
      [`${PATH}newsletter/`, ISSUE],
    ]);
  });

  it('is neither linked nor loaded for a role that may not manage subscribers', async () => {
    const api = fakeApi('support');
    openScreen('en', '/admin/subscribers');
    expect(await screen.findByText(en.noAccess)).toBeTruthy();
    expect(screen.queryByRole('link', { name: en.navSubscribers })).toBeNull();
    expect(api.listCalls()).toEqual([]);
  });
});
