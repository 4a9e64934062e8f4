import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../api/client';
import { emptyReceiptForm, importProblems, receiptBody } from './receipt-form';

const NOW = Date.parse('2026-11-26T10:00:00Z');

describe('the in-store receipt form', () => {
  it('sends the sale’s time on Cairo’s clock, the total in pounds and the code as printed', () => {
    expect(receiptBody({ number: ' kr-1042 ', purchased_at: '2026-11-25T14:30', total: '1250,5', claim_code: 'hk7qm-4xptr' }, NOW)).toEqual(
      { body: { number: 'kr-1042', purchased_at: '2026-11-25T14:30:00+02:00', total: 1250.5, claim_code: 'hk7qm-4xptr' } },
    );
  });

  it('names each field at fault', () => {
    expect(receiptBody(emptyReceiptForm(), NOW).errors).toEqual({
      number: 'errorReceiptNumber',
      purchased_at: 'errorReceiptDate',
      total: 'errorAmount',
      claim_code: 'errorClaimCode',
    });
    expect(receiptBody({ number: 'A 1', purchased_at: '2026-11-27T09:00', total: '-1', claim_code: 'SHORT' }, NOW).errors).toEqual({
      number: 'errorReceiptNumber',
      purchased_at: 'errorReceiptDate',
      total: 'errorAmount',
      claim_code: 'errorClaimCode',
    });
    expect(receiptBody({ number: 'A1', purchased_at: '2026-11-25T09:00', total: '10.005', claim_code: 'ABCDEFGH' }, NOW).errors).toEqual({
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
