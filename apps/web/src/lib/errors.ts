/** The shared error handler: picks the message to show and logs out on a dead token. */

/** Shown when an error carries nothing readable (Arabic for "Unexpected error!"). */
export const UNEXPECTED_ERROR_MESSAGE = 'خطأ غير متوقع!';
export const TOKEN_NOT_VALID = 'token_not_valid';

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

function firstField(error: Fields): unknown {
  for (const key in error) return error[key];
  return undefined;
}

/**
 * In order: details.reason; err; message; details list joined by commas; detail; a plain string; the first message
 * of the first field; the first value; else the fallback.
 */
export function errorMessage(error: unknown): string {
  if (isText(error)) return error;
  if (!isRecord(error) && !(error instanceof Error)) return UNEXPECTED_ERROR_MESSAGE;
  const fields = error as Fields;
  const { details } = fields;
  if (isRecord(details) && isText(details.reason)) return details.reason;
  if (isText(fields.err)) return fields.err;
  if (isText(fields.message)) return fields.message;
  if (Array.isArray(details) && details.length > 0) return details.join(', ');
  if (isText(fields.detail)) return fields.detail;
  const first = firstField(fields);
  if (Array.isArray(first) && first.length > 0 && first[0] !== undefined && first[0] !== null) return String(first[0]);
  if (isText(first)) return first;
  if (typeof first === 'number' || typeof first === 'boolean') return String(first);
  return UNEXPECTED_ERROR_MESSAGE;
}

/** `{code: "token_not_valid"}` (or a code containing it): the stored token is dead. */
export function isTokenNotValid(error: unknown): boolean {
  return isRecord(error) && typeof error.code === 'string' && error.code.includes(TOKEN_NOT_VALID);
}

export type ErrorHandlerActions = {
  showError: (message: string) => void;
  logout: () => void;
};

export function createErrorHandler({ showError, logout }: ErrorHandlerActions) {
  return (error: unknown) => {
    if (isTokenNotValid(error)) logout();
    showError(errorMessage(error));
  };
}
