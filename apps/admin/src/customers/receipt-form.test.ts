import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../api/client';
import { emptyReceiptForm, importProblems, receiptBody } from './receipt-form';

const NOW = Date.parse('2026-11-26T10:00:00Z');

describe('the in-store receipt form', () => {
  it('sends the sale’s time on Cairo’s clock and the total in pounds, and no claim code (the shop makes it)', () => {
    expect(receiptBody({ number: ' kr-1042 ', purchased_at: '2026-11-25T14:30', total: '1250,5' }, NOW)).toEqual({
      body: { number: 'kr-1042', purchased_at: '2026-11-25T14:30:00+02:00', total: 1250.5 },
    });
  });

  it('starts a new receipt at now on Cairo’s clock, a time the form accepts', () => {
    // 10:00 UTC is 12:00 in Cairo in November (no summer time).
    expect(emptyReceiptForm(NOW)).toEqual({ number: '', purchased_at: '2026-11-26T12:00', total: '' });
    expect(receiptBody({ ...emptyReceiptForm(NOW), number: 'A1', total: '10' }, NOW).body?.purchased_at).toBe('2026-11-26T12:00:00+02:00');
  });

  it('names each field at fault', () => {
    expect(receiptBody({ number: '', purchased_at: '', total: '' }, NOW).errors).toEqual({
      number: 'errorReceiptNumber',
      purchased_at: 'errorReceiptDate',
      total: 'errorAmount',
    });
    expect(receiptBody({ number: 'A 1', purchased_at: '2026-11-27T09:00', total: '-1' }, NOW).errors).toEqual({
      number: 'errorReceiptNumber',
      purchased_at: 'errorReceiptDate',
      total: 'errorAmount',
    });
    expect(receiptBody({ number: 'A1', purchased_at: '2026-11-25T09:00', total: '10.005' }, NOW).errors).toEqual({
      total: 'errorAmount',
    });
  });

  it('reads an import’s refusal line by line', () => {
    const problems = [{ line: 3, column: 'number', message: 'This number is also on line 2.' }];
    const refused = new ApiFailure(400, 'import_invalid', 'Nothing was imported.', {
      detail: 'Nothing was imported.',
      code: 'import_invalid',
      problems,
    });
    expect(importProblems(refused)).toEqual(problems);
    expect(importProblems(new ApiFailure(400, 'invalid', '', { csv: ['Required'] }))).toBeNull();
    expect(importProblems(new Error('offline'))).toBeNull();
  });
});
