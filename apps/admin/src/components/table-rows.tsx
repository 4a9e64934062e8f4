/** The body of a TanStack table (the orders board, the products list): each cell as its column renders it. */
import { flexRender, type Table } from '@tanstack/react-table';

export function TableRows<Row>({ table, rowTestId }: { table: Table<Row>; rowTestId: string }) {
  return (
    <tbody>
      {table.getRowModel().rows.map((row) => (
        <tr key={row.id} className="border-t border-line hover:bg-night/60" data-testid={rowTestId}>
          {row.getVisibleCells().map((cell) => (
            <td key={cell.id} className="px-3 py-2 align-top">
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}
