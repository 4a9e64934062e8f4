import { describe, expect, it } from 'vitest';
import { displayPhone, localMobile, readMobile, toAsciiDigits } from './mobile-number';

describe('digits and mobile numbers', () => {
  it('turns Arabic-Indic and Persian digits into ASCII ones', () => {
    expect(toAsciiDigits('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹ 42')).toBe('0123456789 0123456789 42');
  });

  it('shows an E.164 Egyptian number the way it is typed at home', () => {
    expect(localMobile('+201001234567')).toBe('01001234567');
    expect(localMobile(null)).toBe('');
  });

  it('reads a mobile number typed in either digit script', () => {
    expect(readMobile(' ٠١٠٠١٢٣٤٥٦٧ ')).toBe('+201001234567');
    expect(readMobile('0100123')).toBeNull();
  });
});

describe('displayPhone', () => {
  it('groups Egyptian numbers the way they are read, the + in front', () => {
    expect(displayPhone('+201001234567')).toBe('+20 100 123 4567');
    expect(displayPhone('+20225551234')).toBe('+20 2 2555 1234');
    expect(displayPhone('+20403331234')).toBe('+20 40 333 1234');
    expect(displayPhone('+447700900123')).toBe('+447700900123');
    expect(displayPhone(null)).toBe('');
  });
});
