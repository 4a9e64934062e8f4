import { describe, expect, it } from 'vitest';
import { fieldRules, readIdentifier } from './form-schemas';

/** Messages come back as their key and values, so each test sees which message a rule chose. */
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as Parameters<
  typeof fieldRules
>[0];
const rules = fieldRules(t, 'en');

const issues = (schema: { safeParse: (value: unknown) => { error?: { issues: { message: string }[] } } }, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
const required = (field: string) => `account.form.required ${JSON.stringify({ label: `account.fields.${field}` })}`;

describe('fieldRules', () => {
  it("says '{label} is required' for an empty or blank field, and nothing else", () => {
    expect(issues(rules.email(), '  ')).toEqual([required('email')]);
    expect(issues(rules.name(), '')).toEqual([required('name')]);
    expect(issues(rules.phone(), '')).toEqual([required('phone')]);
    expect(issues(rules.newPassword('newPassword'), '')).toEqual([required('newPassword')]);
    expect(issues(rules.code(), '')).toEqual([required('code')]);
  });

  it('takes a custom required message instead when given one', () => {
    expect(issues(rules.required('name', 'Tell us your name'), '')).toEqual(['Tell us your name']);
  });

  it('reads e-mail addresses trimmed and in lower case', () => {
    expect(rules.email().parse('  Shopper@Example.COM ')).toBe('shopper@example.com');
    expect(issues(rules.email(), 'shopper@')).toEqual(['account.form.invalidEmail']);
  });

  it('reads Egyptian mobile numbers as typed, in either digit script, as E.164', () => {
    expect(rules.phone().parse('01001234567')).toBe('+201001234567');
    expect(rules.phone().parse('٠١٢٠ ١٢٣ ٤٥٦٧')).toBe('+201201234567');
    expect(rules.phone().parse('+20 155 123 4567')).toBe('+201551234567');
    expect(issues(rules.phone(), '0100123')).toEqual(['account.form.invalidPhone']);
    expect(issues(rules.phone(), '01301234567')).toEqual(['account.form.invalidPhone']);
  });

  it('tells an e-mail from a mobile number in the log-in field', () => {
    expect(rules.identifier().parse(' Me@Example.com ')).toEqual({ email: 'me@example.com' });
    expect(rules.identifier().parse('01101234567')).toEqual({ phone: '+201101234567' });
    expect(issues(rules.identifier(), 'someone')).toEqual(['account.form.invalidIdentifier']);
  });

  it('keeps passwords as typed and applies the length rules only to new ones', () => {
    expect(rules.currentPassword().parse(' a b ')).toBe(' a b ');
    expect(issues(rules.newPassword(), 'short')).toEqual(['account.form.tooShort {"min":"8"}']);
    expect(issues(rules.newPassword(), 'x'.repeat(129))).toEqual(['account.form.tooLong {"max":"128"}']);
  });

  it('reads six-digit codes in either digit script', () => {
    expect(rules.code().parse(' ١٢٣٤٥٦ ')).toBe('123456');
    expect(issues(rules.code(), '12345')).toEqual(['account.form.invalidCode {"length":"6"}']);
  });

  it('writes the numbers in its messages in the language: Arabic-Indic digits in Arabic', () => {
    expect(issues(fieldRules(t, 'ar').newPassword(), 'short')).toEqual(['account.form.tooShort {"min":"٨"}']);
  });
});

describe('readIdentifier', () => {
  it('reads no identity from text that is neither', () => {
    expect(readIdentifier('01001234567')).toEqual({ phone: '+201001234567' });
    expect(readIdentifier('@')).toBeNull();
  });
});
