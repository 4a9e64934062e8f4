import { describe, expect, it } from 'vitest';
import { addressDirection, addressLines, addressText, displayPhone, firstStrongDirection, type AddressLabels } from '../rules';

const LABELS: Record<'en' | 'ar', AddressLabels> = {
  en: {
    building: 'Building {value}',
    floor: 'Floor {value}',
    apartment: 'Flat {value}',
    landmark: 'Landmark: {value}',
    phone: 'Phone: {value}',
  },
  ar: {
    building: 'مبنى {value}',
    floor: 'الطابق {value}',
    apartment: 'شقة {value}',
    landmark: 'علامة مميزة: {value}',
    phone: 'الهاتف: {value}',
  },
};
const ADDRESS = {
  name: 'منى علي',
  phone: '+201039194982',
  street: '9 شارع التحرير',
  building: '15',
  floor: '4',
  apartment: '12',
  landmark: 'أمام البنك',
  city: 'الدقي',
  region: 'الجيزة',
};
const LRI = '\u2066';
const FSI = '\u2068';
const PDI = '\u2069';

describe('the address block', () => {
  it('labels building, floor and flat with the language’s comma, numbers left to right', () => {
    const ar = addressText(ADDRESS, 'ar', LABELS.ar).split('\n');
    expect(ar[2]).toBe(`مبنى ${LRI}15${PDI}، الطابق ${LRI}4${PDI}، شقة ${LRI}12${PDI}`);
    expect(ar[3]).toBe(`${FSI}الدقي${PDI}، ${FSI}الجيزة${PDI}`);
    const en = addressText({ ...ADDRESS, city: 'Dokki', region: 'Giza' }, 'en', LABELS.en).split('\n');
    expect(en[2]).toBe(`Building ${LRI}15${PDI}, Floor ${LRI}4${PDI}, Flat ${LRI}12${PDI}`);
    expect(en[3]).not.toContain('،');
  });

  it('keeps the phone’s + in front, isolated left to right, and leaves out what was not given', () => {
    const lines = addressText({ ...ADDRESS, building: null, floor: '', apartment: '3', landmark: null }, 'ar', LABELS.ar).split('\n');
    expect(lines).toContain(`الهاتف: ${LRI}+20 103 919 4982${PDI}`);
    expect(lines).toContain(`شقة ${LRI}3${PDI}`);
    expect(lines.join('\n')).not.toContain('علامة');
    expect(displayPhone('+201039194982')).toBe('+20 103 919 4982');
  });

  it('writes a phone as dialled inside Egypt, grouped by spaces, in its national form', () => {
    expect(displayPhone('+201001234567', 'national')).toBe('0100 123 4567');
    expect(displayPhone('+20225551234', 'national')).toBe('02 2555 1234');
    expect(displayPhone('+20403331234', 'national')).toBe('040 333 1234');
    expect(displayPhone('+447700900123', 'national')).toBe('+447700900123');
    expect(displayPhone(null, 'national')).toBe('');
  });

  it('takes its direction from its own words, whatever the page’s language', () => {
    expect(addressDirection(addressLines(ADDRESS, 'en', LABELS.en), 'en')).toBe('rtl');
    const latin = { ...ADDRESS, name: 'Mona Ali', street: '9 Tahrir Street', landmark: null };
    expect(addressDirection(addressLines(latin, 'ar', LABELS.ar), 'ar')).toBe('ltr');
    expect(firstStrongDirection('15 / 4', 'rtl')).toBe('rtl');
    expect(firstStrongDirection('15 شارع')).toBe('rtl');
  });
});
