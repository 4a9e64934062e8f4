/**
 * The back office's one table for its lists, on TanStack Table in manual mode: the screen owns the rows, the sort and
 * the page (kept in the address) and the selection; the table draws them, says when it is loading, empty or failed,
 * and remembers which optional columns the reader hid (this browser, per table).
 */
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type Column,
  type ColumnDef,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type TableOptions,
  type Updater,
} from '@tanstack/react-table';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useI18n } from '../lib/i18n';
import { Button, buttonClass, ErrorNotice, Loading, Pager } from './ui';

declare module '@tanstack/react-table' {
  // The type parameters are TanStack's own: an augmentation must repeat them.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The reader may hide this column from the Columns menu; the others always show. */
    optional?: boolean;
    /** Classes for each of the column's cells (`whitespace-nowrap`, `tabular-nums`). */
    cellClassName?: string;
    /** Kept in sight at the row's end while a table too wide for a tablet scrolls sideways (an order's status). */
    pinnedEnd?: boolean;
  }
}

/** The API's sort as the address keeps it: a column's id, `-` first when descending ('-created_at'). */
const toSorting = (sort: string | undefined): SortingState => (sort ? [{ id: sort.replace(/^-/, ''), desc: sort.startsWith('-') }] : []);

const STORAGE_PREFIX = 'attar-admin-columns:';

/** A column def's id as TanStack Table gives it: its own, else its accessor key's (dots made underscores). */
const columnId = (column: ColumnDef<never, unknown>) =>
  column.id ?? ('accessorKey' in column ? String(column.accessorKey).replaceAll('.', '_') : undefined);

/** A pinned column's place at the end of its row, over what scrolls under it (`background`: its cells' own). */
const pinned = (column: { columnDef: { meta?: { pinnedEnd?: boolean } } }, background = 'bg-night') =>
  column.columnDef.meta?.pinnedEnd ? `sticky end-0 ${background}` : '';

/** The optional columns hidden in this browser for a table: only ids it still has as optional (a stale list is ignored). */
function storedHidden(tableId: string, optional: string[]): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_PREFIX + tableId) ?? '[]');
    return Array.isArray(stored) ? optional.filter((id) => stored.includes(id)) : [];
  } catch {
    return [];
  }
}

export type DataTableProps<Row extends { id: number | string }> = {
  /** Names the table: its caption, read by screen readers. */
  label: string;
  /** Keeps each table's column choice apart in this browser ('audit', 'staff'). */
  tableId: string;
  /**
   * TanStack column defs. A column sorts only with `enableSorting: true` (the API sorts by it; `sortDescFirst` for
   * newest or largest first); `meta.optional` lets the reader hide it. An optional column's header is plain text: the
   * Columns menu names it so. Memoised by the screen (`useMemo`): TanStack draws a header or cell given as a function
   * as a component of its own, so a new function each render would draw every cell afresh (and lose the focus in it).
   */
  columns: TableOptions<Row>['columns'];
  /** The page's rows; undefined until the first page has come (the table says it is loading). */
  rows: Row[] | undefined;
  /** What the table says when there are no rows ("No entries."). */
  empty: string;
  /** The last call's failure, said above the table; with `onRetry`, a Try again button beside it. */
  error?: unknown;
  onRetry?(): void;
  /** True while a retry is on its way (the button waits). */
  retrying?: boolean;
  /** The sort the address holds ('-total'), and where a click on a sortable header sends the next one. */
  sort?: string | undefined;
  onSortChange?(sort: string): void;
  /** Paging done by the API: the pager shows once there is more than one page (or the reader is past the first). */
  paging?: { page: number; pageSize: number; count: number | undefined; onPage(page: number): void };
  /** A checkbox on each row and one for all on the page; the screen keeps the ids and shows what to do with them. */
  selection?: { selected: readonly string[]; onChange(ids: string[]): void; rowLabel(row: Row): string };
  rowClassName?(row: Row): string;
  rowTestId?: string;
  /**
   * On a phone, the rows as a list of cards (each this, after its checkbox when rows are selectable) and the table
   * hidden: a wide table would scroll sideways. Loading and "none" still show in the table's place.
   */
  card?(row: Row): ReactNode;
};

export function DataTable<Row extends { id: number | string }>({
  label,
  tableId,
  columns,
  rows,
  empty,
  error,
  onRetry,
  retrying = false,
  sort,
  onSortChange,
  paging,
  selection,
  rowClassName,
  rowTestId,
  card,
}: DataTableProps<Row>) {
  const { t } = useI18n();
  const optional = columns.flatMap((column) => {
    const id = columnId(column as ColumnDef<never, unknown>);
    return column.meta?.optional && id ? [id] : [];
  });
  const [hidden, setHidden] = useState(() => storedHidden(tableId, optional));
  const chooseHidden = (next: string[]) => {
    setHidden(next);
    localStorage.setItem(STORAGE_PREFIX + tableId, JSON.stringify(next));
  };
  const sorting = toSorting(sort);
  const rowSelection: RowSelectionState = Object.fromEntries((selection?.selected ?? []).map((id) => [id, true]));

  // The app does not run the React Compiler, so TanStack Table's unmemoisable functions are fine here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.id),
    manualPagination: true,
    manualSorting: true,
    // Only the columns the API sorts by say otherwise.
    defaultColumn: { enableSorting: false },
    // Lowest or earliest first unless a column says otherwise (TanStack would guess from the first row's value).
    sortDescFirst: false,
    // A screen that cannot follow a sort shows no sort buttons.
    enableSorting: Boolean(onSortChange),
    enableMultiSort: false,
    enableSortingRemoval: false,
    enableRowSelection: Boolean(selection),
    state: {
      sorting,
      rowSelection,
      columnVisibility: Object.fromEntries(hidden.map((id) => [id, false])),
    },
    onSortingChange: (updater: Updater<SortingState>) => {
      const [first] = typeof updater === 'function' ? updater(sorting) : updater;
      if (first) onSortChange?.(first.desc ? `-${first.id}` : first.id);
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      const next = typeof updater === 'function' ? updater(rowSelection) : updater;
      selection?.onChange(Object.keys(next).filter((id) => next[id]));
    },
  });

  const loading = rows === undefined && !error;
  const columnCount = table.getVisibleLeafColumns().length + (selection ? 1 : 0);
  const pages = paging?.count === undefined ? 1 : Math.max(1, Math.ceil(paging.count / paging.pageSize));
  const choosable = table.getAllLeafColumns().filter((column) => optional.includes(column.id));
  // With no rows (loading, none), the table says so on a phone too.
  const cards = rows !== undefined && rows.length > 0 ? card : undefined;

  return (
    <div className="flex flex-col gap-3">
      {(error || choosable.length > 0) && (
        <div className="flex flex-wrap items-center gap-3">
          {error ? <ErrorNotice error={error} /> : null}
          {error && onRetry ? (
            <Button onClick={onRetry} disabled={retrying}>
              {t('retry')}
            </Button>
          ) : null}
          {choosable.length > 0 && (
            // Cards show every column they hold: the choice is the table's.
            <ColumnChoice columns={choosable} hidden={hidden} onChange={chooseHidden} className={cards ? 'hidden md:block' : ''} />
          )}
        </div>
      )}
      {rows !== undefined || loading ? (
        <div className={`overflow-x-auto rounded-lg border border-line ${cards ? 'hidden md:block' : ''}`}>
          <table className="w-full text-sm" aria-busy={loading}>
            <caption className="sr-only">{label}</caption>
            <thead className="bg-night text-mist">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {selection && (
                    <th scope="col" className="w-10 px-3 py-2">
                      <Checkbox
                        label={t('tableSelectAll')}
                        checked={table.getIsAllPageRowsSelected()}
                        mixed={table.getIsSomePageRowsSelected()}
                        onChange={table.getToggleAllPageRowsSelectedHandler()}
                      />
                    </th>
                  )}
                  {group.headers.map((header) => {
                    const title = flexRender(header.column.columnDef.header, header.getContext());
                    const direction = header.column.getIsSorted();
                    if (!header.column.getCanSort())
                      return (
                        <th
                          key={header.id}
                          scope="col"
                          className={`px-3 py-2 text-start font-medium whitespace-nowrap ${pinned(header.column)}`}
                        >
                          {title}
                        </th>
                      );
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        className={`px-3 py-2 text-start font-medium whitespace-nowrap ${pinned(header.column)}`}
                        aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
                      >
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 hover:text-gold"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {title}
                          <SortArrows direction={direction} />
                        </button>
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {loading || rows?.length === 0 ? (
                <tr className="border-t border-line">
                  <td colSpan={columnCount} className="px-3 py-4">
                    {loading ? <Loading /> : <p className="text-mist">{empty}</p>}
                  </td>
                </tr>
              ) : (
                table.getRowModel().rows.map((row) => (
                  <tr
                    key={row.id}
                    data-testid={rowTestId}
                    className={`border-t border-line align-top hover:bg-night/60 ${row.getIsSelected() ? 'bg-gold/5' : ''} ${rowClassName?.(row.original) ?? ''}`}
                  >
                    {selection && (
                      <td className="px-3 py-2">
                        <Checkbox
                          label={selection.rowLabel(row.original)}
                          checked={row.getIsSelected()}
                          onChange={row.getToggleSelectedHandler()}
                        />
                      </td>
                    )}
                    {row.getVisibleCells().map((cell) => (
                      <td
                        key={cell.id}
                        className={`px-3 py-2 ${cell.column.columnDef.meta?.cellClassName ?? ''} ${pinned(cell.column, 'bg-ink')}`}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      ) : null}
      {cards && (
        <ul className="flex flex-col gap-2 md:hidden">
          {table.getRowModel().rows.map((row) => (
            <li key={row.id} className={`flex gap-3 rounded-lg border border-line p-3 ${row.getIsSelected() ? 'bg-gold/5' : 'bg-night'}`}>
              {selection && (
                <Checkbox
                  label={selection.rowLabel(row.original)}
                  className="mt-1 size-5 shrink-0"
                  checked={row.getIsSelected()}
                  onChange={row.getToggleSelectedHandler()}
                />
              )}
              <div className="min-w-0 flex-1">{cards(row.original)}</div>
            </li>
          ))}
        </ul>
      )}
      {paging && (pages > 1 || paging.page > 1) && <Pager page={paging.page} pages={pages} onPage={paging.onPage} />}
    </div>
  );
}

/** A row's checkbox, or the page's (`mixed`: some rows of the page chosen, not all). */
function Checkbox({
  label,
  checked,
  mixed = false,
  className = 'size-4',
  onChange,
}: {
  label: string;
  checked: boolean;
  mixed?: boolean;
  className?: string;
  onChange(event: unknown): void;
}) {
  return (
    <input
      type="checkbox"
      className={`accent-gold ${className}`}
      aria-label={label}
      ref={(element) => {
        if (element) element.indeterminate = mixed;
      }}
      checked={checked}
      onChange={onChange}
    />
  );
}

/** Both arrows, the sorted direction's lit: a sortable header shows it can be sorted before it is. */
function SortArrows({ direction }: { direction: false | 'asc' | 'desc' }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 10 14" className="h-3.5 w-2.5" fill="currentColor">
      <path d="M5 1 9 6H1z" opacity={direction === 'asc' ? 1 : 0.3} />
      <path d="M5 13 1 8h8z" opacity={direction === 'desc' ? 1 : 0.3} />
    </svg>
  );
}

/**
 * The Columns button and its small menu of the optional columns, each a checkbox; Escape or a click elsewhere closes
 * it (Escape gives the focus back to the button).
 */
function ColumnChoice<Row>({
  columns,
  hidden,
  onChange,
  className,
}: {
  columns: Column<Row>[];
  hidden: string[];
  onChange(hidden: string[]): void;
  className: string;
}) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  return (
    <div ref={box} className={`relative ms-auto ${className}`}>
      <button
        ref={button}
        type="button"
        className={buttonClass()}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        {t('tableColumns')}
        {/* The space keeps the two apart in the button's name; the flex gap spaces them on screen. */}
        {hidden.length > 0 && (
          <>
            {' '}
            <span className="text-xs text-mist">{t('tableColumnsHidden', { count: hidden.length })}</span>
          </>
        )}
      </button>
      {open && (
        <fieldset
          id={menuId}
          className="absolute end-0 top-full z-30 mt-1 flex min-w-48 flex-col gap-2 rounded-md border border-line bg-smoke p-3 shadow-xl"
        >
          <legend className="sr-only">{t('tableColumnsShown')}</legend>
          {columns.map((column) => (
            <label key={column.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-gold"
                checked={!hidden.includes(column.id)}
                onChange={(event) => onChange(event.target.checked ? hidden.filter((id) => id !== column.id) : [...hidden, column.id])}
              />
              {typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
