import { createColumnHelper } from '@tanstack/react-table';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../api/client';
import { I18nProvider } from '../lib/i18n';
import { ar } from '../messages/ar';
import { en } from '../messages/en';
import { isolateScreenTests } from '../test/screen';
import { DataTable, type DataTableProps } from './data-table';

type Parcel = { id: number; number: string; placed: string; total: number; note: string };
const PARCELS: Parcel[] = [
  { id: 1, number: 'AT100001', placed: '2026-11-01', total: 120, note: 'Fragile' },
  { id: 2, number: 'AT100002', placed: '2026-11-02', total: 75, note: 'Gift wrap' },
  { id: 3, number: 'AT100003', placed: '2026-11-03', total: 310, note: 'Leave at the door' },
];

const column = createColumnHelper<Parcel>();
const COLUMNS = [
  column.accessor('number', { header: 'Parcel' }),
  column.accessor('placed', { header: 'Placed', enableSorting: true, sortDescFirst: true }),
  column.accessor('total', { header: 'Total', enableSorting: true }),
  column.accessor('note', { header: 'Note', meta: { optional: true } }),
];

type Given = Partial<DataTableProps<Parcel>>;

/**
 * The table as a screen uses it: the sort, the page and the selection held by the "screen" (here, state), each change
 * also recorded.
 */
function ScreenOf({ given, record }: { given: Given; record(what: string, value: unknown): void }) {
  const [sort, setSort] = useState(given.sort);
  const [page, setPage] = useState(given.paging?.page ?? 1);
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <DataTable<Parcel>
      label="Parcels"
      tableId="parcels"
      columns={COLUMNS}
      rows={PARCELS}
      empty="No parcels."
      onSortChange={(next) => {
        record('sort', next);
        setSort(next);
      }}
      selection={{
        selected,
        onChange: (ids) => {
          record('selected', ids);
          setSelected(ids);
        },
        rowLabel: (row) => `Select ${row.number}`,
      }}
      {...given}
      sort={sort}
      paging={
        given.paging && {
          ...given.paging,
          page,
          onPage: (next) => {
            record('page', next);
            setPage(next);
          },
        }
      }
    />
  );
}

function openTable(locale: 'en' | 'ar', given: Given = {}) {
  localStorage.setItem('attar-admin-locale', locale);
  const record = vi.fn();
  const view = render(
    <I18nProvider>
      <ScreenOf given={given} record={record} />
    </I18nProvider>,
  );
  /** What the "screen" was told, in order: [what, value]. */
  const told = (what: string) => record.mock.calls.filter(([name]) => name === what).map(([, value]) => value);
  return { ...view, told };
}

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);
const table = () => screen.getByRole('table', { name: 'Parcels' });

isolateScreenTests();

describe('the data table', () => {
  it('sorts by a sortable header only, saying which way', async () => {
    const { told } = openTable('en', { sort: '-placed' });
    const placed = screen.getByRole('columnheader', { name: 'Placed' });
    const total = screen.getByRole('columnheader', { name: 'Total' });
    expect(placed.getAttribute('aria-sort')).toBe('descending');
    expect(total.getAttribute('aria-sort')).toBe('none');
    // A column the API does not sort by has no button and says nothing about sorting.
    const parcel = screen.getByRole('columnheader', { name: 'Parcel' });
    expect(parcel.getAttribute('aria-sort')).toBeNull();
    expect(within(parcel).queryByRole('button')).toBeNull();

    await userEvent.click(within(placed).getByRole('button', { name: 'Placed' }));
    expect(told('sort')).toEqual(['placed']);
    expect(placed.getAttribute('aria-sort')).toBe('ascending');
    // Another column starts in its own first direction: lowest first unless it says otherwise.
    await userEvent.click(within(total).getByRole('button', { name: 'Total' }));
    expect(told('sort')).toEqual(['placed', 'total']);
    expect(total.getAttribute('aria-sort')).toBe('ascending');
    expect(placed.getAttribute('aria-sort')).toBe('none');
    await userEvent.click(within(total).getByRole('button', { name: 'Total' }));
    expect(told('sort')).toEqual(['placed', 'total', '-total']);
  });

  it('shows no sort buttons on a screen that does not follow a sort', () => {
    openTable('en', { onSortChange: undefined });
    expect(screen.queryAllByRole('button', { name: /Placed|Total/ })).toEqual([]);
    expect(screen.getAllByRole('columnheader').filter((header) => header.hasAttribute('aria-sort'))).toEqual([]);
  });

  it('pages with the shared pager, only when there is more than one page', async () => {
    const { told, unmount } = openTable('en', { paging: { page: 1, pageSize: 50, count: 120, onPage: () => {} } });
    const pager = screen.getByRole('navigation', { name: en.pages });
    expect(pager.textContent).toContain('Page 1 of 3');
    expect((within(pager).getByRole('button', { name: en.previous }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(pager).getByRole('button', { name: en.next }));
    await userEvent.click(within(pager).getByRole('button', { name: en.next }));
    expect(told('page')).toEqual([2, 3]);
    expect(pager.textContent).toContain('Page 3 of 3');
    expect((within(pager).getByRole('button', { name: en.next }) as HTMLButtonElement).disabled).toBe(true);
    unmount();

    openTable('en', { paging: { page: 1, pageSize: 50, count: 3, onPage: () => {} } });
    expect(screen.queryByRole('navigation', { name: en.pages })).toBeNull();
  });

  it('says it is loading until the first page comes, then what the screen says when there is nothing', () => {
    const { rerender } = openTable('en', { rows: undefined, paging: { page: 1, pageSize: 50, count: undefined, onPage: () => {} } });
    expect(table().getAttribute('aria-busy')).toBe('true');
    expect(within(table()).getByText(en.loading)).toBeTruthy();
    // The headers are there already; the pager waits for the count.
    expect(headers()).toContain('Parcel');
    expect(screen.queryByRole('navigation', { name: en.pages })).toBeNull();

    rerender(
      <I18nProvider>
        <ScreenOf given={{ rows: [] }} record={() => {}} />
      </I18nProvider>,
    );
    expect(table().getAttribute('aria-busy')).toBe('false');
    expect(within(table()).getByText('No parcels.')).toBeTruthy();
    expect(within(table()).queryByText(en.loading)).toBeNull();
  });

  it('says a failure with a Try again when the screen can retry, keeping the rows it had', async () => {
    const onRetry = vi.fn();
    const failure = new ApiFailure(500, 'server_error', '', {});
    const { rerender } = openTable('en', { rows: undefined, error: failure, onRetry });
    expect(screen.getByRole('alert').textContent).toBe(en.genericError);
    // Nothing came: no table to draw, and no "Loading…" that would never end.
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(en.loading)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: en.retry }));
    expect(onRetry).toHaveBeenCalledOnce();

    rerender(
      <I18nProvider>
        <ScreenOf given={{ error: failure, onRetry, retrying: true }} record={() => {}} />
      </I18nProvider>,
    );
    expect((screen.getByRole('button', { name: en.retry }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(table()).getByText('AT100002')).toBeTruthy();
  });

  it('hides an optional column when asked, and remembers it for that table in this browser', async () => {
    const { unmount } = openTable('en');
    const button = screen.getByRole('button', { name: en.tableColumns });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(button);
    const menu = screen.getByRole('group', { name: en.tableColumnsShown });
    // Only the optional columns are offered.
    expect(
      within(menu)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')!.textContent),
    ).toEqual(['Note']);
    await userEvent.click(within(menu).getByRole('checkbox', { name: 'Note' }));
    expect(headers()).not.toContain('Note');
    expect(screen.queryByText('Fragile')).toBeNull();
    expect(screen.getByRole('button', { name: /Columns/ }).textContent).toContain('1 hidden');
    // Escape closes the menu and gives the focus back to its button.
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: en.tableColumnsShown })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Columns/ }));
    unmount();

    openTable('en');
    expect(headers()).not.toContain('Note');
    expect(headers()).toContain('Total');
    await userEvent.click(screen.getByRole('button', { name: /Columns/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Note' }));
    expect(headers()).toContain('Note');
    expect(screen.getByText('Fragile')).toBeTruthy();
    // A click elsewhere closes it too.
    await userEvent.click(document.body);
    await waitFor(() => expect(screen.queryByRole('group', { name: en.tableColumnsShown })).toBeNull());
  });

  it('keeps another table’s column choice apart, and ignores a stored choice it cannot use', () => {
    localStorage.setItem('attar-admin-columns:other', JSON.stringify(['note']));
    // A required column stored as hidden (by an older version of the screen) still shows.
    localStorage.setItem('attar-admin-columns:parcels', JSON.stringify(['number']));
    openTable('en');
    expect(headers()).toEqual(expect.arrayContaining(['Parcel', 'Note']));
    expect(screen.getByRole('button', { name: en.tableColumns }).textContent).toBe(en.tableColumns);
  });

  it('selects rows one by one or all on the page, and tells the screen their ids', async () => {
    const { told } = openTable('en');
    const all = screen.getByRole('checkbox', { name: en.tableSelectAll }) as HTMLInputElement;
    const second = screen.getByRole('checkbox', { name: 'Select AT100002' });
    await userEvent.click(second);
    expect(told('selected')).toEqual([['2']]);
    // The same box, still focused: a keyboard user goes on from where they were.
    expect(document.activeElement).toBe(second);
    expect((second as HTMLInputElement).checked).toBe(true);
    // Some but not all: the box for all says so.
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);
    await userEvent.click(all);
    expect(told('selected').at(-1)).toEqual(['1', '2', '3']);
    expect(all.checked).toBe(true);
    expect(all.indeterminate).toBe(false);
    await userEvent.click(all);
    expect(told('selected').at(-1)).toEqual([]);
    expect(screen.getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked)).toEqual([]);
  });

  it('draws the rows as cards on a phone when the screen gives one, the table kept for wider screens', async () => {
    const { told, rerender } = openTable('en', { card: (row) => <strong>{row.number}</strong> });
    // The table is hidden below md, the cards above it (jsdom draws both: the classes decide).
    expect(table().closest('div')!.className).toContain('hidden md:block');
    const cards = screen.getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual(['AT100001', 'AT100002', 'AT100003']);
    expect(cards[0]!.closest('ul')!.className).toContain('md:hidden');
    // The cards hold what they hold: choosing columns is for the table.
    expect(screen.getByRole('button', { name: en.tableColumns }).parentElement!.className).toContain('hidden md:block');
    // A card's checkbox is the row's: choosing it selects the row in the table too.
    await userEvent.click(within(cards[1]!).getByRole('checkbox', { name: 'Select AT100002' }));
    expect(told('selected')).toEqual([['2']]);
    expect(screen.getAllByRole('checkbox', { name: 'Select AT100002' }).map((box) => (box as HTMLInputElement).checked)).toEqual([
      true,
      true,
    ]);

    // With nothing to list, the table says so on every screen.
    rerender(
      <I18nProvider>
        <ScreenOf given={{ rows: [], card: (row) => row.number }} record={() => {}} />
      </I18nProvider>,
    );
    expect(screen.queryAllByRole('listitem')).toEqual([]);
    expect(table().closest('div')!.className).not.toContain('hidden');
    expect(screen.getByRole('button', { name: en.tableColumns }).parentElement!.className).not.toContain('hidden');
    expect(within(table()).getByText('No parcels.')).toBeTruthy();
  });

  it('reads in Arabic, right to left, with its numbers in Arabic digits and no left or right of its own', async () => {
    const { container } = openTable('ar', { paging: { page: 2, pageSize: 1, count: 3, onPage: () => {} } });
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(screen.getByRole('navigation', { name: ar.pages }).textContent).toContain('صفحة ٢ من ٣');
    expect(screen.getByRole('checkbox', { name: ar.tableSelectAll })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: ar.tableColumns }));
    await userEvent.click(within(screen.getByRole('group', { name: ar.tableColumnsShown })).getByRole('checkbox', { name: 'Note' }));
    expect(screen.getByRole('button', { name: new RegExp(ar.tableColumns) }).textContent).toContain('عمود واحد مخفي');
    // Logical utilities only: start and end follow the direction.
    const classes = [...container.querySelectorAll('[class]')].flatMap((element) => element.getAttribute('class')!.split(/\s+/));
    expect(classes.filter((name) => /^-?(ml|mr|pl|pr|left|right)-|^text-(left|right)$|^(rounded|border)-[lr]\b/.test(name))).toEqual([]);
  });
});
