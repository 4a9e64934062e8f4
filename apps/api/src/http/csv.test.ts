import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvLine, parseCsv } from './csv';

describe('CSV', () => {
  it('writes fields quoted only where needed, and text that looks like a formula as text', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\nlines', null, 12.5, -3])).toBe('plain,"a,b","say ""hi""","two\nlines",,12.5,-3\r\n');
    expect(csvLine(['=SUM(A1)', '+20100', '-x', '@me', 'عطر'])).toBe("'=SUM(A1),'+20100,'-x,'@me,عطر\r\n");
  });

  it('quotes a cell holding any locale’s separator, so a formula after it stays inside the cell', () => {
    // A spreadsheet set to `;` or tab splits on them: unquoted, `=HYPERLINK(…)` would start a cell of its own.
    expect(csvLine(['a;=HYPERLINK("x")', 'b\t=1+1', 'c,=2', '؛ عطر'])).toBe('"a;=HYPERLINK(""x"")","b\t=1+1","c,=2",؛ عطر\r\n');
    expect(csvLine(['=1;2'])).toBe(`"'=1;2"\r\n`);
    expect(parseCsv(csvLine(['a;b', 'c\td']))).toEqual([{ line: 1, cells: ['a;b', 'c\td'] }]);
  });

  it('reads back what it writes, with the line each row starts on', () => {
    const text = CSV_BOM + csvLine(['number', 'note']) + csvLine(['A-1', 'two\nlines, "quoted"']) + '\r\n' + csvLine(['A-2', 'عود']);
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['number', 'note'] },
      { line: 2, cells: ['A-1', 'two\nlines, "quoted"'] },
      { line: 5, cells: ['A-2', 'عود'] },
    ]);
    expect(parseCsv('a,b\n"never closed,c')).toBeNull();
    expect(parseCsv('')).toEqual([]);
  });
});
