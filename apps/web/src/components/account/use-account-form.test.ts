import { describe, expect, it, vi } from 'vitest';
import { placeFieldErrors } from './use-account-form';

function fakeForm(values: Record<string, string>) {
  return { getValues: () => values, setError: vi.fn() } as unknown as Parameters<typeof placeFieldErrors>[0] & {
    setError: ReturnType<typeof vi.fn>;
  };
}

describe('placeFieldErrors', () => {
  it("puts the server's first message of each known field under that field, focusing the first", () => {
    const form = fakeForm({ email: '', phone: '' });
    const rest = placeFieldErrors(form, { email: ['Taken.', 'Second'], phone: ['Also taken.'] });
    expect(rest).toBeNull();
    expect(form.setError.mock.calls).toEqual([
      ['email', 'Taken.', true],
      ['phone', 'Also taken.', false],
    ]);
  });

  it('maps server fields to form fields by alias', () => {
    const form = fakeForm({ identifier: '', password: '' });
    expect(placeFieldErrors(form, { phone: ['Bad number.'] }, { phone: 'identifier' })).toBeNull();
    expect(form.setError).toHaveBeenCalledWith('identifier', 'Bad number.', true);
  });

  it('leaves non-field errors (and fields the form lacks) to the shared handler', () => {
    const form = fakeForm({ code: '' });
    const wrongCode = { detail: 'That code is not right.', code: 'code_invalid' };
    expect(placeFieldErrors(form, wrongCode)).toBe(wrongCode);
    expect(placeFieldErrors(form, 'Busy')).toBe('Busy');
    expect(form.setError).not.toHaveBeenCalled();

    const mixed = fakeForm({ email: '' });
    expect(placeFieldErrors(mixed, { email: ['Taken.'], non_field_errors: ['Try later.'] })).toEqual({ non_field_errors: ['Try later.'] });
  });
});
