import { describe, expect, it, vi } from 'vitest';
import { createErrorHandler, errorMessage, isTokenNotValid, UNEXPECTED_ERROR_MESSAGE } from './errors';

describe('errorMessage, in order of precedence', () => {
  it('prefers details.reason over everything else', () => {
    expect(errorMessage({ details: { reason: 'Card declined' }, err: 'e', message: 'm', detail: 'd' })).toBe('Card declined');
  });
  it('then err, then message', () => {
    expect(errorMessage({ err: 'Bad code', message: 'm', detail: 'd' })).toBe('Bad code');
    expect(errorMessage({ message: 'Too many', detail: 'd' })).toBe('Too many');
  });
  it('then a details list joined by commas', () => {
    expect(errorMessage({ details: ['one', 'two'], detail: 'd' })).toBe('one, two');
  });
  it('then detail', () => {
    expect(errorMessage({ detail: 'Not found.', code: 'not_found' })).toBe('Not found.');
  });
  it('then a plain string', () => {
    expect(errorMessage('Server is busy')).toBe('Server is busy');
  });
  it('then the first message of the first field', () => {
    expect(errorMessage({ email: ['Enter a valid email address.', 'second'], phone: ['x'] })).toBe('Enter a valid email address.');
  });
  it('then the first value', () => {
    expect(errorMessage({ reason: 'Closed for maintenance', other: 'x' })).toBe('Closed for maintenance');
  });
  it('reads the message of a thrown Error (network failure)', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });
  it('falls back to the Arabic "Unexpected error!"', () => {
    expect(UNEXPECTED_ERROR_MESSAGE).toBe('خطأ غير متوقع!');
    for (const empty of [undefined, null, {}, [], '', 42, { field: [] }, { nested: { a: 1 } }]) {
      expect(errorMessage(empty)).toBe(UNEXPECTED_ERROR_MESSAGE);
    }
  });
});

describe('createErrorHandler', () => {
  it('logs out on token_not_valid and still shows the message', () => {
    const showError = vi.fn();
    const logout = vi.fn();
    createErrorHandler({ showError, logout })({ detail: 'Invalid token.', code: 'token_not_valid' });
    expect(logout).toHaveBeenCalledOnce();
    expect(showError).toHaveBeenCalledWith('Invalid token.');
  });
  it('leaves the session alone for other errors', () => {
    const showError = vi.fn();
    const logout = vi.fn();
    createErrorHandler({ showError, logout })({ email: ['Enter a valid email address.'] });
    expect(logout).not.toHaveBeenCalled();
    expect(showError).toHaveBeenCalledWith('Enter a valid email address.');
  });
  it('recognises codes that contain token_not_valid', () => {
    expect(isTokenNotValid({ code: 'token_not_valid' })).toBe(true);
    expect(isTokenNotValid({ code: 'auth.token_not_valid' })).toBe(true);
    expect(isTokenNotValid({ code: 'not_found' })).toBe(false);
    expect(isTokenNotValid('token_not_valid')).toBe(false);
  });
});
