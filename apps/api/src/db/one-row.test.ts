import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import { oneRow, rowOrNotFound } from './one-row';

describe('oneRow', () => {
  it('gives the first row', () => expect(oneRow([{ id: 1 }, { id: 2 }])).toEqual({ id: 1 }));

  it('fails as the server, not as the caller, when there is none', () => {
    expect(() => oneRow([])).toThrow('The statement returned no row.');
    expect(() => oneRow([])).not.toThrow(ApiError);
  });
});

describe('rowOrNotFound', () => {
  it('gives the row asked for', () => expect(rowOrNotFound([{ id: 3 }], 'No such order.')).toEqual({ id: 3 }));

  it("answers the API's 404 with the caller's text when there is none", () => {
    const problem = (() => {
      try {
        rowOrNotFound([], 'No such order.');
      } catch (error) {
        return error;
      }
    })();
    expect(problem).toBeInstanceOf(ApiError);
    expect((problem as ApiError).statusCode).toBe(404);
    expect((problem as ApiError).body()).toEqual({ detail: 'No such order.', code: 'not_found' });
  });
});
