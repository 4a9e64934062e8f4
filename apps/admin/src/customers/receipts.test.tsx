import { screen, waitFor, within } from '@testing-library/react';
import { formDataWithChosenFiles, LANGUAGE_PAIRS, openScreenShowing, pageOf, rowWith } from '../test/screen-kit';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffReceipt, StaffReceiptInput, StaffRole } from '@attar/contract';
import { formatDate, formatMoney, formatNumber } from '../lib/format';
import { fromShopInput } from '../lib/shop-time';
import { translator } from '../lib/translate';
import { en } from '../messages/en';
import { CSRF, isolateScreenTests, json, openScreen, standInApi } from '../test/screen';
import { writeDayTime } from '../lib/typed-dates';

const PATH = '/api/staff/receipts/';
const AT = '2026-11-20T12:00:00Z';
/** 12:00 on Cairo's clock (no summer time in November). */
const NOW = '2026-11-26T10:00:00Z';
const nadia = { id: 1, name: 'Nadia' };

const claimed: StaffReceipt = {
  id: 1,
  number: 'TILL-1001',
  purchased_at: AT,
  total: 850,
  points: 85,
  claimed_at: '2026-11-21T12:00:00Z',
  claimed_by: { id: 7, name: 'Salma Adel' },
  entered_by: nadia,
  approved_by: null,
  approved_at: null,
  awaiting_approval: false,
  created_at: AT,
};
/** Above the approval threshold, entered by Karim: Nadia (signed in) may approve it. */
const karims: StaffReceipt = {
  ...claimed,
  id: 2,
  number: 'TILL-1002',
  total: 6200,
  points: 620,
  claimed_at: null,
  claimed_by: null,
  entered_by: { id: 2, name: 'Karim' },
  awaiting_approval: true,
};
/** Above the threshold and entered by Nadia herself: another must approve it. */
const nadias: StaffReceipt = { ...karims, id: 3, number: 'TILL-1003', entered_by: nadia };

const CSV = 'number,date,total\nTILL-2001,2026-11-25 14:30,450\nTILL-2002,2026-11-25 15:00,oops\n';

/**
 * The API as the screen sees it: the receipts (approved when asked), a receipt entered unless its number is taken,
 * an import refused line by line unless every line is right; and the calls it received.
 */
function fakeApi(role: StaffRole, receipts: StaffReceipt[] = [claimed, karims, nadias]) {
  let shown = receipts;
  const calls = standInApi(role, ({ method, url, body }) => {
    if (method === 'GET' && url.pathname === PATH) return json(200, pageOf(shown));
    if (method === 'POST' && url.pathname === `${PATH}2/approve/`) {
      shown = shown.map((receipt) =>
        receipt.id === 2 ? { ...receipt, awaiting_approval: false, approved_by: nadia, approved_at: AT } : receipt,
      );
      return json(200, shown[1]);
    }
    if (method === 'POST' && url.pathname === PATH) {
      const entered = body as StaffReceiptInput;
      if (entered.number === 'TILL-1001') return json(400, { number: ['Receipt TILL-1001 was entered already.'] });
      const receipt = { ...claimed, id: 9, number: entered.number.toUpperCase(), points: 45, claimed_at: null, claimed_by: null };
      shown = [receipt, ...shown];
      return json(201, { ...receipt, claim_code: 'K7QP2-M4XZ9' });
    }
    if (method === 'POST' && url.pathname === `${PATH}import/`)
      return (body as { csv: string }).csv.includes('oops')
        ? json(400, {
            detail: 'Nothing was imported.',
            code: 'import_invalid',
            problems: [{ line: 3, column: 'total', message: 'Not an amount.' }],
          })
        : json(200, { imported: 1, receipts: [{ number: 'TILL-2001', claim_code: 'AB12C-DE34F' }] });
  });
  return {
    listCalls: () => calls.filter((call) => call.url.pathname === PATH && call.method === 'GET'),
    writes: () => calls.filter((call) => call.method !== 'GET'),
  };
}

const rowOf = (number: string) => rowWith('receipt-row', number);
const enterForm = (title: string) => screen.getByRole('region', { name: title });

isolateScreenTests();
afterEach(() => void vi.useRealTimers());

describe('the in-store receipts', () => {
  it.each(LANGUAGE_PAIRS)('lists receipts claimed or waiting, and approves another’s large one (%s)', async (locale, words) => {
    const t = translator(locale);
    const api = fakeApi('owner');
    await openScreenShowing(locale, '/admin/receipts', words.receiptsTitle);
    expect(await screen.findByText(t('receiptsCount', { count: 3 }))).toBeTruthy();
    expect(screen.getByText(formatMoney(locale, 5000)).closest('p')?.textContent).toBe(
      t('receiptApprovalRule', { amount: formatMoney(locale, 5000) }),
    );

    const row = await rowOf('TILL-1001');
    expect(within(row).getByText(formatDate(locale, AT))).toBeTruthy();
    expect(within(row).getByText(formatMoney(locale, 850))).toBeTruthy();
    expect(within(row).getAllByRole('cell')[3]!.textContent).toBe(formatNumber(locale, 85));
    expect(within(row).getByText(words.receiptState_claimed)).toBeTruthy();
    expect(within(row).getByText('Salma Adel')).toBeTruthy();
    const mine = await rowOf('TILL-1003');
    expect(within(mine).getByText(words.receiptAwaitingApproval)).toBeTruthy();
    expect(within(mine).getByText(words.receiptApproveNotYours)).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: words.approveReceipt })).toBeNull();

    const karimsRow = await rowOf('TILL-1002');
    await userEvent.click(within(karimsRow).getByRole('button', { name: words.approveReceipt }));
    expect(await within(karimsRow).findByText(words.receiptApprovedBy)).toBeTruthy();
    expect(within(karimsRow).getByText(words.receiptState_unclaimed)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(t('receiptApproved', { number: 'TILL-1002' }));
    expect(api.writes()).toEqual([
      expect.objectContaining({ path: `${PATH}2/approve/`, headers: expect.objectContaining({ 'X-CSRF-Token': CSRF }) }),
    ]);
  });

  it.each(LANGUAGE_PAIRS)('enters a receipt from the till’s paper and shows its claim code once (%s)', async (locale, words) => {
    const t = translator(locale);
    const api = fakeApi('manager', []);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    openScreen(locale, '/admin/receipts');
    expect(await screen.findByText(words.noReceipts)).toBeTruthy();
    const form = enterForm(words.enterReceipt);
    const number = within(form).getByLabelText(words.receiptNumber);
    const total = within(form).getByLabelText(words.receiptTotal);
    const soldAt = within(form).getByLabelText(words.receiptSoldAt);
    // Most receipts are entered as the sale happens: the time starts at now on the shop's clock, and can be changed.
    expect((soldAt as HTMLInputElement).value).toBe(writeDayTime(locale, '2026-11-26T12:00'));
    await userEvent.clear(soldAt);
    await userEvent.type(number, 'TILL 1001');
    await userEvent.type(total, 'many');
    await userEvent.click(within(form).getByRole('button', { name: words.saveReceipt }));
    expect(await within(form).findByText(words.errorReceiptNumber)).toBeTruthy();
    expect(within(form).getByText(words.errorReceiptDate)).toBeTruthy();
    expect(within(form).getByText(words.errorAmount)).toBeTruthy();
    expect(api.writes()).toEqual([]);

    await userEvent.clear(number);
    await userEvent.type(number, 'TILL-1001');
    await userEvent.type(soldAt, writeDayTime(locale, '2026-11-25T14:30'));
    await userEvent.clear(total);
    await userEvent.type(total, '450,5');
    await userEvent.click(within(form).getByRole('button', { name: words.saveReceipt }));
    expect(await within(form).findByText('Receipt TILL-1001 was entered already.')).toBeTruthy();
    expect(screen.queryByTestId('claim-codes')).toBeNull();

    await userEvent.clear(number);
    await userEvent.type(number, 'till-2001');
    await userEvent.click(within(form).getByRole('button', { name: words.saveReceipt }));
    const codes = await screen.findByTestId('claim-codes');
    expect(within(codes).getByText('K7QP2-M4XZ9').closest('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(within(codes).getByText('TILL-2001')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(t('receiptSaved', { number: 'TILL-2001', count: 45 }));
    expect((number as HTMLInputElement).value).toBe('');
    expect(await rowOf('TILL-2001')).toBeTruthy();
    expect(api.writes().map((call) => call.body)).toEqual([
      { number: 'TILL-1001', purchased_at: fromShopInput('2026-11-25T14:30'), total: 450.5 },
      { number: 'till-2001', purchased_at: fromShopInput('2026-11-25T14:30'), total: 450.5 },
    ]);

    await userEvent.click(screen.getByRole('button', { name: words.claimCodesDone }));
    expect(screen.queryByTestId('claim-codes')).toBeNull();
  });

  it.each(LANGUAGE_PAIRS)('imports the till’s CSV all or nothing, naming each line at fault (%s)', async (locale, words) => {
    const t = translator(locale);
    const api = fakeApi('owner', []);
    formDataWithChosenFiles();
    openScreen(locale, '/admin/receipts');
    const form = await screen.findByRole('region', { name: words.importReceipts });
    await userEvent.click(within(form).getByRole('button', { name: words.importFile }));
    expect(await within(form).findByText(words.errorCsvFile)).toBeTruthy();

    const file = within(form).getByLabelText(words.receiptFile);
    await userEvent.upload(file, new File([CSV], 'till.csv', { type: 'text/csv' }));
    await userEvent.click(within(form).getByRole('button', { name: words.importFile }));
    expect(await within(form).findByText(words.importProblems)).toBeTruthy();
    const problem = within(form).getByTestId('import-problem');
    expect(
      within(problem)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([formatNumber(locale, 3), 'total', 'Not an amount.']);
    expect(screen.queryByTestId('claim-codes')).toBeNull();

    await userEvent.upload(file, new File([CSV.replace(/\nTILL-2002.*\n/, '\n')], 'till.csv', { type: 'text/csv' }));
    await userEvent.click(within(form).getByRole('button', { name: words.importFile }));
    expect(await within(await screen.findByTestId('claim-codes')).findByText('AB12C-DE34F')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(t('receiptsImported', { count: 1 }));
    expect(within(form).queryByText(words.importProblems)).toBeNull();
    expect(api.writes().map((call) => [call.path, call.body])).toEqual([
      [`${PATH}import/`, { csv: CSV }],
      [`${PATH}import/`, { csv: 'number,date,total\nTILL-2001,2026-11-25 14:30,450\n' }],
    ]);
  });

  it('filters by number and state as they change, back on the first page', async () => {
    const api = fakeApi('owner');
    openScreen('en', '/admin/receipts?page=2');
    await rowOf('TILL-1001');
    const filters = screen.getByRole('search', { name: en.filters });
    await userEvent.type(within(filters).getByLabelText(en.search), '1002');
    await waitFor(() => expect(api.listCalls().at(-1)?.path).toBe(`${PATH}?q=1002&page_size=25`));
    await userEvent.selectOptions(within(filters).getByLabelText(en.columnState), en.receiptState_unclaimed);
    await waitFor(() => expect(api.listCalls().at(-1)?.path).toBe(`${PATH}?q=1002&state=unclaimed&page_size=25`));
  });

  it('is neither linked nor loaded for a role that may not enter receipts', async () => {
    const api = fakeApi('support');
    openScreen('en', '/admin/receipts');
    expect(await screen.findByText(en.noAccess)).toBeTruthy();
    expect(screen.queryByRole('link', { name: en.navReceipts })).toBeNull();
    expect(api.listCalls()).toEqual([]);
  });
});
